// The pages of the amigo-rules game server: the lobby, a seat's table and the spectators'
// table. Plain script, no build step, nothing from the network but our own server.
// Everything the server sends (names, narration, previews, explanations) is hostile text:
// it is only ever put into the page as text (textContent), never as HTML. The board is our
// own renderer's SVG, shown through an <img> (an image cannot run script).
"use strict";

const GAME_TITLES = { verflixxt: "Verflixxt!", verflixxt_hoch: "Verflixxt hoch²", exxtra: "EXXtra" };
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 15000;
const NAME_KEY = "amigo-rules.name";
const GAMES_KEY = "amigo-rules.games";
const NOTIFY_KEY = "amigo-rules.notify";
const MY_GAMES_KEPT = 50;
const CLOCK_TICK_MS = 250;
const DIGIT_WAIT_MS = 700;
const INFO_EVERY_MS = 5000;

const $ = (id) => document.getElementById(id);

/** A new element holding `text` as text (never parsed as HTML). */
function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

function setStatus(text, kind) {
  const status = $("status");
  status.textContent = text;
  status.dataset.kind = kind || "";
  // a tab in the background shows whose turn it is in its title
  document.title = document.title.replace(/^\(your turn\) /, "");
  if (kind === "turn") document.title = `(your turn) ${document.title}`;
}

/** JSON from our API; a failure is an Error carrying the server's `error` message. */
async function api(path, options) {
  const response = await fetch(path, Object.assign({ cache: "no-store" }, options));
  let body = null;
  try {
    body = await response.json();
  } catch (_) {
    body = null;
  }
  if (!response.ok) {
    const message = body && typeof body.error === "string" ? body.error : response.statusText;
    throw new Error(`${response.status}: ${message}`);
  }
  return body;
}

// A GET's body, or undefined after saying in the status line what could not be done.
async function read(path, what) {
  try {
    return await api(path);
  } catch (error) {
    setStatus(`Could not ${what}: ${error.message}`, "stop");
    return undefined;
  }
}

function gameTitle(game) {
  return Object.prototype.hasOwnProperty.call(GAME_TITLES, game) ? GAME_TITLES[game] : String(game);
}

/** `text` with its %-escapes decoded; "" where they are malformed. */
function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch (_) {
    return "";
  }
}

/** Read and write this browser's storage; private mode (no storage) reads as empty. */
function stored(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch (_) {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (_) {
    // private mode: kept until the page closes
  }
}

/**
 * My games: the seats this browser played, newest first (table, seat, game, when, result,
 * and the seat's link with its token: it never leaves the browser).
 */
function myGames() {
  const games = stored(GAMES_KEY, []);
  return Array.isArray(games) ? games.filter((g) => g && typeof g === "object") : [];
}

function keepGame(entry) {
  const games = myGames().filter((g) => !(g.table === entry.table && g.seat === entry.seat));
  const old = myGames().find((g) => g.table === entry.table && g.seat === entry.seat) || {};
  games.unshift(Object.assign({}, old, entry));
  store(GAMES_KEY, games.slice(0, MY_GAMES_KEPT));
}

/** The name this browser plays under ("" if none yet). */
function savedName() {
  try {
    return (localStorage.getItem(NAME_KEY) || "").trim().slice(0, 100);
  } catch (_) {
    return "";
  }
}

function saveName(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch (_) {
    // private mode: the name lasts until the page closes
  }
}

/** "12 s", "3 min 5 s": a time left. */
function timeLeft(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
}

/** A Unix time (seconds) as the hour, or the day and hour when not today. */
function when(unix) {
  const date = new Date(Number(unix) * 1000);
  if (Number.isNaN(date.getTime())) return "";
  const today = new Date().toDateString() === date.toDateString();
  const time = date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return today ? time : `${date.toLocaleDateString()} ${time}`;
}

/** The parts of this page's path after its prefix, e.g. /play/ID/SEAT -> [ID, SEAT]. */
function pathParts() {
  return location.pathname.split("/").filter(Boolean).slice(1).map(decoded);
}

function socketUrl(path) {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;
}

// ---------------------------------------------------------------- a table (play and watch)

/**
 * A live table page. `seat` is the seat number (play) or null (watch); `token` the seat's
 * secret (play only): it goes in the WebSocket's query (a browser cannot set headers on a
 * WebSocket) and in the Authorization header of the board's request, never in a page URL.
 */
class TablePage {
  constructor(tableId, seat, token) {
    this.tableId = tableId;
    this.seat = seat;
    this.token = token;
    const base = `/api/tables/${encodeURIComponent(tableId)}`;
    this.infoPath = base;
    if (seat === null) {
      this.socketPath = `/ws/tables/${encodeURIComponent(tableId)}/watch`;
      this.boardPath = `${base}/board.svg`;
      this.boardHeaders = {};
    } else {
      this.socketPath = `/ws/tables/${encodeURIComponent(tableId)}/seats/${seat}`
        + `?token=${encodeURIComponent(token)}`;
      this.boardPath = `${base}/seats/${seat}/board.svg`;
      this.boardHeaders = { Authorization: `Bearer ${token}` };
    }
    this.socket = null;
    this.failures = 0;
    this.over = false;
    this.ending = null;
    this.stopped = false;
    this.act = null;
    this.sent = null;
    this.digits = "";
    this.digitTimer = null;
    this.boardTimer = null;
    this.boardBusy = false;
    this.boardAgain = false;
    this.names = [];
    this.colours = [];
    this.players = 0;
    this.game = null;
    this.deadline = null;
    this.clockTimer = null;
    this.rematch = null;
  }

  start() {
    if (this.seat !== null) {
      document.addEventListener("keydown", (event) => this.onKey(event));
      this.setUpName();
      this.setUpNotify();
      keepGame({ table: this.tableId, seat: this.seat, when: Date.now(),
        url: `/play/${encodeURIComponent(this.tableId)}/${this.seat}#${encodeURIComponent(this.token)}` });
    }
    const again = $("again");
    if (again) again.addEventListener("click", () => this.playAgain());
    $("board").addEventListener("click", () => document.body.classList.toggle("big-board"));
    this.connect();
    // the players' names and presence change without a game message
    setInterval(() => {
      if (!this.over && document.visibilityState === "visible") this.loadInfo();
    }, INFO_EVERY_MS);
  }

  connect() {
    setStatus(this.failures ? "reconnecting…" : "connecting…", "wait");
    const socket = new WebSocket(socketUrl(this.socketPath));
    this.socket = socket;
    socket.onmessage = (event) => {
      if (socket === this.socket) this.onMessage(event.data);
    };
    socket.onclose = (event) => {
      if (socket === this.socket) this.onClose(event);
    };
  }

  onClose(event) {
    this.socket = null;
    this.showMoves(null);
    if (this.over || this.stopped) return;
    if (event.code === 4000) {
      setStatus("This seat was opened in another window; reload to take it back here.", "stop");
      return;
    }
    if (event.code >= 4400 && event.code < 4500) {
      setStatus(`The server refused this seat (${event.reason || event.code}).`, "stop");
      return;
    }
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.failures);
    this.failures += 1;
    const wait = Math.round(delay * (0.75 + Math.random() / 2));
    setStatus(`reconnecting in ${Math.ceil(wait / 1000)} s…`, "wait");
    setTimeout(() => this.connect(), wait);
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  }

  onMessage(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch (_) {
      return;
    }
    if (!message || typeof message !== "object") return;
    switch (message.type) {
      case "hello": this.onHello(message); break;
      case "event": this.onEvent(message); break;
      case "act": this.onAct(message); break;
      case "end": this.onEnd(message); break;
      case "error": this.onError(message); break;
      case "quit": this.stopped = true; if (this.socket) this.socket.close(); break;
      case "rematch": this.onRematch(message.table); break;
      default: break; // a later protocol version's message: ignored
    }
  }

  onHello(message) {
    // A (re)connection starts over: every past event follows, then an act if it is our turn.
    this.failures = 0;
    this.over = false;
    document.body.classList.remove("over");
    this.ending = null;
    this.players = Number(message.players) || 0;
    this.game = String(message.game);
    if (this.seat !== null) keepGame({ table: this.tableId, seat: this.seat, game: this.game });
    $("game").textContent = gameTitle(message.game);
    document.title = `${gameTitle(message.game)} · amigo-rules`;
    $("log").replaceChildren();
    $("end-box").hidden = true;
    this.showMoves(null);
    if (this.seat !== null) {
      this.send({ type: "ready", name: this.playerName(), protocol: 1 });
    }
    setStatus(this.seat === null ? "watching" : "waiting for the others", "ok");
    this.refresh();
  }

  onEvent(message) {
    this.addLog(message.text, message.player === -1 ? "chance" : "move", message.move_number);
    if (!this.act) {
      const who = Number.isInteger(message.player) && message.player >= 0 ? message.player : null;
      setStatus(this.seat === null ? "watching" : this.waitingText(who), "ok");
    }
    this.refresh();
  }

  waitingText(lastMover) {
    return lastMover === null || lastMover === this.seat
      ? "waiting for the others" : `${this.playerLabel(lastMover)} moved; waiting`;
  }

  onAct(message) {
    const legal = Array.isArray(message.legal) ? message.legal : [];
    const previews = Array.isArray(message.previews) ? message.previews : [];
    this.showMoves({ moveNumber: message.move_number, legal, previews });
    setStatus("your turn", "turn");
    this.setDeadline(Number.isInteger(message.deadline_ms) ? message.deadline_ms : null);
    if (document.hidden) this.notifyTurn();
    this.refresh();
  }

  // ---- the clock: the time left for the seat to move

  setDeadline(ms) {
    this.deadline = ms === null ? null : Date.now() + ms;
    clearInterval(this.clockTimer);
    this.tick();
    if (this.deadline !== null) this.clockTimer = setInterval(() => this.tick(), CLOCK_TICK_MS);
  }

  tick() {
    const clock = $("clock");
    if (!clock) return;
    clock.hidden = this.deadline === null || this.over;
    if (clock.hidden) {
      clearInterval(this.clockTimer);
      return;
    }
    const left = this.deadline - Date.now();
    clock.textContent = `${timeLeft(left)} left`;
    clock.dataset.kind = left < 10000 ? "short" : "";
  }

  // ---- your turn while the tab is hidden: a notification or a sound, off by default

  setUpNotify() {
    const box = $("notify");
    if (!box) return;
    box.checked = stored(NOTIFY_KEY, false) === true;
    box.addEventListener("change", () => {
      store(NOTIFY_KEY, box.checked);
      if (box.checked && "Notification" in window && Notification.permission === "default") {
        Notification.requestPermission().catch(() => {});
      }
    });
  }

  notifyTurn() {
    if (stored(NOTIFY_KEY, false) !== true) return;
    if ("Notification" in window && Notification.permission === "granted") {
      new Notification(`Your turn · ${gameTitle(this.game)}`, { tag: `amigo-${this.tableId}` });
      return;
    }
    try { // a short beep where notifications are not allowed
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      tone.connect(audio.destination);
      tone.frequency.value = 660;
      tone.start();
      tone.stop(audio.currentTime + 0.15);
    } catch (_) {
      // no sound either
    }
  }

  // ---- play again

  onRematch(table) {
    if (typeof table !== "string" || !/^[A-Za-z0-9_-]{1,50}$/.test(table)) return;
    this.rematch = table;
    const again = $("again");
    if (again) {
      again.hidden = false;
      again.textContent = this.seat === null ? "Watch the rematch" : "Play again (the others are there)";
    }
  }

  async playAgain() {
    let table = this.rematch;
    if (!table && this.seat !== null) {
      try {
        const answer = await api(`/api/tables/${encodeURIComponent(this.tableId)}/rematch`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${this.token}` },
          body: "{}",
        });
        table = answer && typeof answer.table === "string" ? answer.table : null;
      } catch (error) {
        this.addLog(`Could not play again: ${error.message}`, "problem");
        return;
      }
    }
    if (!table || !/^[A-Za-z0-9_-]{1,50}$/.test(table)) return;
    this.stopped = true;
    location.href = this.seat === null ? `/watch/${table}`
      : `/play/${table}/${this.seat}#${encodeURIComponent(this.token)}`;
  }

  onError(message) {
    this.addLog(`The server says: ${message.message}`, "problem");
    if (this.sent && !this.act) this.showMoves(this.sent); // the move was not taken: choose again
  }

  onEnd(message) {
    this.over = true;
    document.body.classList.add("over");
    this.ending = message;
    this.showMoves(null);
    this.setDeadline(null);
    this.showWinners();
    showSheet($("explanation"), message);
    const again = $("again");
    if (again && this.seat !== null) again.hidden = false;
    $("end-box").hidden = false;
    setStatus("game over", "ok");
    this.refresh();
  }

  /** The winners by name (again once the names are known). */
  showWinners() {
    const message = this.ending;
    if (!message) return;
    const winners = Array.isArray(message.winners) ? message.winners : [];
    const names = winners.map((p) => this.playerLabel(p));
    let text = names.length
      ? `${names.length > 1 ? "Winners" : "Winner"}: ${names.join(" and ")}`
      : "No winner.";
    if (message.reason && message.reason !== "rules") text += ` (the game ended: ${message.reason})`;
    $("winners").textContent = text;
    if (this.seat !== null) {
      const result = winners.includes(this.seat) ? "won"
        : message.reason === "rules" ? `lost to ${names.join(" and ")}` : `ended: ${message.reason}`;
      keepGame({ table: this.tableId, seat: this.seat, result });
    }
  }

  addLog(text, kind, moveNumber) {
    const log = $("log");
    const item = el("li", text, kind);
    if (Number.isInteger(moveNumber)) item.dataset.move = String(moveNumber);
    const follow = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    log.append(item);
    if (follow) log.scrollTop = log.scrollHeight;
  }

  // ---- moves: numbered buttons, and the digits of the keyboard

  showMoves(act) {
    this.act = act;
    this.sent = null;
    this.digits = "";
    clearTimeout(this.digitTimer);
    const box = $("moves-box");
    if (!box) return;
    const list = $("moves");
    list.replaceChildren();
    box.hidden = !act;
    if (!act) {
      this.setDeadline(null);
      return;
    }
    act.legal.forEach((entry, index) => {
      const button = el("button", null, "move");
      button.type = "button";
      button.append(el("span", index + 1, "number"));
      const preview = act.previews[index];
      button.append(el("span", typeof preview === "string" && preview ? preview : entry.move, "preview"));
      button.append(el("code", entry.move, "notation"));
      button.addEventListener("click", () => this.choose(index));
      const item = el("li");
      item.append(button);
      list.append(item);
    });
  }

  choose(index) {
    const act = this.act;
    if (!act || index < 0 || index >= act.legal.length) return;
    this.send({ type: "move", move_number: act.moveNumber, id: act.legal[index].id });
    this.showMoves(null); // the chooser leaves at once; the next act brings it back
    this.sent = act;
    setStatus("move sent", "ok");
  }

  onKey(event) {
    if (!this.act || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target && ["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName)) return;
    const count = this.act.legal.length;
    if (event.key === "Enter" && this.digits) {
      event.preventDefault();
      this.pickDigits();
      return;
    }
    if (!/^[0-9]$/.test(event.key)) return;
    event.preventDefault();
    this.digits += event.key;
    clearTimeout(this.digitTimer);
    // Choose at once when no further digit could make another move's number.
    if (Number(this.digits) * 10 > count) this.pickDigits();
    else this.digitTimer = setTimeout(() => this.pickDigits(), DIGIT_WAIT_MS);
  }

  pickDigits() {
    const number = Number(this.digits);
    this.digits = "";
    clearTimeout(this.digitTimer);
    if (number >= 1) this.choose(number - 1);
  }

  // ---- the board and the players, refreshed after a burst of messages

  refresh() {
    clearTimeout(this.boardTimer);
    this.boardTimer = setTimeout(() => {
      this.loadBoard();
      this.loadInfo();
    }, 60);
  }

  async loadBoard() {
    if (this.boardBusy) {
      this.boardAgain = true;
      return;
    }
    this.boardBusy = true;
    try {
      const response = await fetch(this.boardPath, { headers: this.boardHeaders, cache: "no-store" });
      if (!response.ok) throw new Error(`board: ${response.status}`);
      const svg = await response.blob();
      const board = $("board");
      const old = board.src;
      board.onload = () => {
        if (old.startsWith("blob:")) URL.revokeObjectURL(old);
      };
      board.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    } catch (_) {
      // the next message refreshes it again
    } finally {
      this.boardBusy = false;
      if (this.boardAgain) {
        this.boardAgain = false;
        this.loadBoard();
      }
    }
  }

  async loadInfo() {
    let info;
    try {
      info = await api(this.infoPath);
    } catch (_) {
      return;
    }
    const names = Array.isArray(info.names) ? info.names : [];
    if (JSON.stringify(names) !== JSON.stringify(this.names)) this.boardAgain = true;
    this.names = names;
    if (this.boardAgain && !this.boardBusy) {
      this.boardAgain = false;
      this.loadBoard(); // the board names the players too
    }
    this.colours = Array.isArray(info.colours) ? info.colours : [];
    if (typeof info.rematch === "string") this.onRematch(info.rematch);
    const seats = Array.isArray(info.seats) ? info.seats : [];
    const count = Math.max(this.players, Number(info.players) || 0, seats.length);
    const list = $("players");
    list.replaceChildren();
    for (let p = 0; p < count; p += 1) {
      const seat = seats[p] && typeof seats[p] === "object" ? seats[p] : {};
      const item = el("li", this.playerLabel(p), "player");
      paint(item, this.colours[p]);
      if (p === this.seat) {
        item.classList.add("you");
        item.append(el("span", "you", "tag"));
      }
      if (seat.kind === "open") item.append(el("span", "open seat", "tag away"));
      else if (seat.connected === false) item.append(el("span", "away", "tag away"));
      if (p === info.to_move && !this.over) item.append(el("span", "to move", "tag"));
      list.append(item);
    }
    if (Number.isInteger(info.to_move) && info.to_move !== this.seat && !this.act && !this.over) {
      const who = this.playerLabel(info.to_move);
      const clock = Number.isInteger(info.deadline_ms) ? ` (${timeLeft(info.deadline_ms)} left)`
        : info.since ? ` since ${when(info.since)}` : "";
      setStatus(this.seat === null ? `watching: ${who} to move${clock}`
        : `waiting for ${who}${clock}`, "ok");
    }
    this.showWinners();
  }

  playerLabel(p) {
    const name = this.names[p];
    return typeof name === "string" && name.trim() ? name : `P${p}`;
  }

  // ---- the name a seat gives in its `ready`

  playerName() {
    return savedName() || `Guest ${this.seat}`;
  }

  setUpName() {
    const input = $("name");
    input.value = this.playerName();
    $("name-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const name = input.value.trim().slice(0, 100);
      if (!name) return;
      saveName(name);
      input.blur();
      if (this.socket && !this.over) this.socket.close(); // reconnect: a new `ready` names us
    });
  }
}

/** An element in a player's colours (the board's): `colour` is {fill, ink} from the server. */
function paint(node, colour) {
  if (!colour || typeof colour !== "object") return;
  const hex = /^#[0-9A-Fa-f]{6}$/;
  if (hex.test(colour.fill)) node.style.backgroundColor = colour.fill;
  if (hex.test(colour.ink)) node.style.color = colour.ink;
}

/**
 * The end of the game in `box`: the score sheet (`end.sheet`) as lists that reflow, each
 * player's place, name, score and terms; the `explanation` text where there is no sheet
 * (a forfeit). All of it as text.
 */
function showSheet(box, message) {
  box.replaceChildren();
  const sheet = message.sheet && typeof message.sheet === "object" ? message.sheet : null;
  const rows = sheet && Array.isArray(sheet.rows) ? sheet.rows : null;
  if (!rows) {
    box.append(el("p", typeof message.explanation === "string" ? message.explanation : ""));
    return;
  }
  const list = el("ol", null, "sheet");
  for (const row of rows) {
    if (!row || typeof row !== "object") continue;
    const item = el("li", null, row.winner ? "winner" : "");
    const head = el("p", null, "row");
    head.append(el("span", `${ordinal(Number(row.place))} `, "place"),
      el("strong", String(row.name ?? "")));
    if (row.you) head.append(el("span", " (you)", "tag"));
    head.append(el("span", ` score ${row.score}`, "score"));
    if (row.winner) head.append(el("span", " winner", "tag win"));
    item.append(head);
    const parts = el("ul", null, "parts");
    for (const part of Array.isArray(row.parts) ? row.parts : []) {
      const line = el("li");
      line.append(el("span", `${part.what}: `, "what"), el("span", String(part.sums ?? ""), "sums"));
      if (part.note) line.append(el("span", ` · ${part.note}`, "note"));
      parts.append(line);
    }
    if (parts.children.length) item.append(parts);
    list.append(item);
  }
  box.append(list);
}

function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 10 && tens <= 20 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th";
  return `${n}${suffix}`;
}

function startPlay() {
  window.addEventListener("hashchange", () => location.reload()); // another seat's link
  const [tableId, seatText] = pathParts();
  const token = decoded(location.hash.slice(1));
  const seat = Number(seatText);
  if (!tableId || !Number.isInteger(seat) || seat < 0 || !token) {
    setStatus("This link is incomplete: a seat's link is /play/TABLE/SEAT#TOKEN.", "stop");
    return;
  }
  new TablePage(tableId, seat, token).start();
}

function startWatch() {
  const [tableId] = pathParts();
  if (!tableId) {
    setStatus("This link is incomplete: /watch/TABLE.", "stop");
    return;
  }
  new TablePage(tableId, null, null).start();
}

// ---------------------------------------------------------------- the lobby

/** Each game's facts from the server (`GET /api/games`): its seat kinds, its players. */
let GAMES = {};

function seatKinds() {
  const game = GAMES[$("new-game").value];
  return game && Array.isArray(game.seats) ? game.seats : ["human"];
}

function fillSelect(select, kinds, value) {
  select.replaceChildren();
  for (const option of kinds) select.append(el("option", option));
  select.value = kinds.includes(value) ? value : kinds[0];
}

function addSeatRow(kind) {
  const list = $("new-seats");
  const item = el("li");
  const select = el("select");
  select.setAttribute("aria-label", `seat ${list.children.length} kind`);
  fillSelect(select, seatKinds(), kind);
  const remove = el("button", "×", "remove");
  remove.type = "button";
  remove.setAttribute("aria-label", "remove this seat");
  remove.addEventListener("click", () => {
    if (list.children.length > 1) item.remove();
  });
  item.append(el("span", `P${list.children.length}`, "seat-number"), select, remove);
  list.append(item);
}

function chooseGame() {
  for (const select of $("new-seats").querySelectorAll("select")) {
    fillSelect(select, seatKinds(), select.value);
  }
}

async function loadGames() {
  const body = await read("/api/games", "read the games");
  if (body === undefined) return;
  GAMES = {};
  const select = $("new-game");
  const chosen = select.value;
  select.replaceChildren();
  for (const game of Array.isArray(body && body.games) ? body.games : []) {
    if (!game || typeof game.game !== "string") continue;
    GAMES[game.game] = game;
    const option = el("option", gameTitle(game.game));
    option.value = game.game;
    select.append(option);
  }
  select.value = GAMES[chosen] ? chosen : (GAMES.verflixxt_hoch ? "verflixxt_hoch" : select.value);
  chooseGame();
}

/** "waiting for P2 since 14:03" or "open seats: P1, P3": what a listed table waits for. */
function waitingFor(table) {
  if (table.status === "over") return "";
  const open = Array.isArray(table.open) ? table.open : [];
  if (open.length) return `open seats: ${open.map((s) => `P${s}`).join(", ")}`;
  if (Number.isInteger(table.to_move) && table.since) {
    const kind = String((table.seats || [])[table.to_move] || "");
    if (kind === "human" || kind === "remote") return `waiting for P${table.to_move} since ${when(table.since)}`;
  }
  return "";
}

async function claimSeat(table, seat, button) {
  button.disabled = true;
  const name = savedName() || `Guest ${seat}`;
  let answer;
  try {
    answer = await api(`/api/tables/${encodeURIComponent(table.table)}/seats/${seat}/claim`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name }),
    });
  } catch (error) {
    setStatus(`Could not take seat P${seat}: ${error.message}`, "stop");
    listTables();
    return;
  }
  if (!answer || typeof answer.url !== "string" || !answer.url.startsWith("/play/")) return;
  keepGame({ table: String(table.table), seat, game: String(table.game), when: Date.now(), url: answer.url });
  location.href = answer.url;
}

async function listTables() {
  const list = $("tables");
  const body = await read("/api/tables", "list the tables");
  if (body === undefined) return;
  const tables = body && Array.isArray(body.tables) ? body.tables : [];
  list.replaceChildren();
  if (!tables.length) list.append(el("li", "No tables yet.", "hint"));
  for (const table of tables) {
    if (!table || typeof table !== "object") continue;
    const id = String(table.table ?? "");
    const item = el("li", null, "table");
    const link = el("a", `${gameTitle(table.game)} · ${id}`);
    link.href = `/watch/${encodeURIComponent(id)}`;
    item.append(link);
    const facts = [String(table.status ?? "")];
    if (Number.isInteger(table.move_number)) facts.push(`move ${table.move_number}`);
    if (table.clock && Number(table.clock.move_seconds) > 0) {
      facts.push(`${table.clock.move_seconds} s a move`);
    }
    const seats = Array.isArray(table.seats) ? table.seats : [];
    if (seats.length) facts.push(seats.map(String).join(", "));
    item.append(el("span", facts.filter(Boolean).join(" · "), "facts"));
    const waiting = waitingFor(table);
    if (waiting) item.append(el("span", waiting, "waiting"));
    if (table.status !== "over") {
      for (const seat of Array.isArray(table.open) ? table.open : []) {
        if (!Number.isInteger(seat)) continue;
        const button = el("button", `Take seat P${seat}`, "claim");
        button.type = "button";
        button.addEventListener("click", () => claimSeat(table, seat, button));
        item.append(button);
      }
    }
    list.append(item);
  }
}

function showMyGames() {
  const list = $("my-games");
  list.replaceChildren();
  const games = myGames();
  $("my-games-box").hidden = !games.length;
  for (const game of games) {
    if (typeof game.url !== "string" || !game.url.startsWith("/play/")) continue;
    const item = el("li");
    const link = el("a", `${gameTitle(game.game)} · ${game.table} · P${game.seat}`);
    link.href = game.url;
    item.append(link);
    const facts = [game.when ? when(Number(game.when) / 1000) : "", game.result ? String(game.result) : "playing"];
    item.append(el("span", facts.filter(Boolean).join(" · "), "facts"));
    list.append(item);
  }
}

async function createTable(event) {
  event.preventDefault();
  const seats = [...$("new-seats").querySelectorAll("select")].map((s) => s.value);
  const seedText = $("new-seed").value.trim();
  const rulesText = $("new-rules").value.trim();
  let rules = null;
  if (rulesText) {
    try {
      rules = JSON.parse(rulesText);
    } catch (error) {
      setStatus(`The rules are not JSON: ${error.message}`, "stop");
      return;
    }
  }
  const seconds = Number($("new-clock").value);
  const clock = $("new-clock").value.trim() && seconds > 0
    ? { move_seconds: seconds, on_timeout: $("new-timeout").value } : null;
  // the seed as its digits: a JavaScript number would round one above 2**53
  const body = { game: $("new-game").value, rules, seats, seed: seedText || null, clock };
  let answer;
  try {
    answer = await api("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    setStatus(`Could not create the table: ${error.message}`, "stop");
    return;
  }
  setStatus("Table created.", "ok");
  showCreated(answer, body.game);
  listTables();
}

function showCreated(answer, game) {
  $("created-id").textContent = String(answer.table);
  const list = $("created-seats");
  list.replaceChildren();
  for (const seat of Array.isArray(answer.seats) ? answer.seats : []) {
    const item = el("li");
    item.append(el("span", `P${seat.seat} (${seat.kind}) `, "kind"));
    if (seat.kind === "human" && typeof seat.url === "string" && seat.url.startsWith("/play/")) {
      const link = el("a", "open");
      link.href = seat.url;
      link.target = "_blank";
      link.rel = "noopener";
      link.addEventListener("click", () => keepGame({ table: String(answer.table), seat: seat.seat,
        game, when: Date.now(), url: seat.url }));
      const url = el("input", null, "url");
      url.readOnly = true;
      url.value = new URL(seat.url, location.href).href;
      url.setAttribute("aria-label", `seat ${seat.seat} link`);
      item.append(link, url);
    } else if (seat.kind === "open") {
      item.append(el("span", "anyone may take it from the list of tables", "hint"));
    } else if (typeof seat.token === "string" && seat.token) {
      const socket = socketUrl(`/ws/tables/${encodeURIComponent(String(answer.table))}/seats/${seat.seat}`
        + `?token=${encodeURIComponent(seat.token)}`);
      item.append(el("span", "a bot connects to:", "hint"), el("code", socket, "url"));
    }
    list.append(item);
  }
  $("created").hidden = false;
}

async function startLobby() {
  const name = $("lobby-name");
  name.value = savedName();
  name.addEventListener("change", () => {
    if (name.value.trim()) saveName(name.value.trim().slice(0, 100));
  });
  $("new-game").addEventListener("change", chooseGame);
  $("add-seat").addEventListener("click", () => addSeatRow("human"));
  $("create").addEventListener("submit", createTable);
  $("refresh").addEventListener("click", listTables);
  showMyGames();
  listTables();
  await loadGames();
  for (const kind of ["human", "human", "agent:random"]) addSeatRow(kind);
  setInterval(() => {
    if (document.visibilityState === "visible") listTables();
  }, 10000);
}

const START = { play: startPlay, watch: startWatch, lobby: startLobby };
(START[document.body.dataset.page] || (() => {}))();
