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
    this.players = 0;
  }

  start() {
    if (this.seat !== null) {
      document.addEventListener("keydown", (event) => this.onKey(event));
      this.setUpName();
    }
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
      default: break; // a later protocol version's message: ignored
    }
  }

  onHello(message) {
    // A (re)connection starts over: every past event follows, then an act if it is our turn.
    this.failures = 0;
    this.over = false;
    this.ending = null;
    this.players = Number(message.players) || 0;
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
    this.refresh();
  }

  onError(message) {
    this.addLog(`The server says: ${message.message}`, "problem");
    if (this.sent && !this.act) this.showMoves(this.sent); // the move was not taken: choose again
  }

  onEnd(message) {
    this.over = true;
    this.ending = message;
    this.showMoves(null);
    this.showWinners();
    $("explanation").textContent = typeof message.explanation === "string" ? message.explanation : "";
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
    if (!act) return;
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
    for (const button of $("moves").querySelectorAll("button")) button.disabled = true;
    $("moves").children[index].classList.add("chosen");
    this.act = null;
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
    this.names = Array.isArray(info.names) ? info.names : [];
    const seats = Array.isArray(info.seats) ? info.seats : [];
    const count = Math.max(this.players, Number(info.players) || 0, seats.length);
    const list = $("players");
    list.replaceChildren();
    for (let p = 0; p < count; p += 1) {
      const seat = seats[p] && typeof seats[p] === "object" ? seats[p] : {};
      const item = el("li", this.playerLabel(p), "player");
      if (p === this.seat) {
        item.classList.add("you");
        item.append(el("span", "you", "tag"));
      }
      if (seat.connected === false) item.append(el("span", "away", "tag away"));
      if (p === info.to_move && !this.over) item.append(el("span", "to move", "tag"));
      list.append(item);
    }
    if (Number.isInteger(info.to_move) && info.to_move !== this.seat && !this.act && !this.over) {
      setStatus(this.seat === null ? `watching: ${this.playerLabel(info.to_move)} to move`
        : `waiting for ${this.playerLabel(info.to_move)}`, "ok");
    }
    this.showWinners();
  }

  playerLabel(p) {
    const name = this.names[p];
    return typeof name === "string" && name ? `P${p} ${name}` : `P${p}`;
  }

  // ---- the name a seat gives in its `ready`

  playerName() {
    let stored = "";
    try {
      stored = localStorage.getItem(NAME_KEY) || "";
    } catch (_) {
      stored = "";
    }
    return stored.trim().slice(0, 100) || `Guest ${this.seat}`;
  }

  setUpName() {
    const input = $("name");
    input.value = this.playerName();
    $("name-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const name = input.value.trim().slice(0, 100);
      if (!name) return;
      try {
        localStorage.setItem(NAME_KEY, name);
      } catch (_) {
        // private mode: the name lasts until the page closes
      }
      input.blur();
      if (this.socket && !this.over) this.socket.close(); // reconnect: a new `ready` names us
    });
  }
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

const SEAT_KINDS = ["human", "remote", "agent:random", "agent:greedy", "agent:heuristic", "agent:mcts"];

function addSeatRow(kind) {
  const list = $("new-seats");
  const item = el("li");
  const select = el("select");
  select.setAttribute("aria-label", "seat kind");
  for (const option of SEAT_KINDS) select.append(el("option", option));
  select.value = kind;
  const remove = el("button", "×", "remove");
  remove.type = "button";
  remove.setAttribute("aria-label", "remove this seat");
  remove.addEventListener("click", () => {
    if (list.children.length > 1) item.remove();
  });
  item.append(select, remove);
  list.append(item);
}

async function listTables() {
  const list = $("tables");
  let body;
  try {
    body = await api("/api/tables");
  } catch (error) {
    setStatus(`Could not list the tables: ${error.message}`, "stop");
    return;
  }
  const tables = Array.isArray(body) ? body : (body && Array.isArray(body.tables) ? body.tables : []);
  list.replaceChildren();
  if (!tables.length) list.append(el("li", "No tables yet.", "hint"));
  for (const table of tables) {
    if (!table || typeof table !== "object") continue;
    const id = String(table.id ?? table.table ?? "");
    const item = el("li", null, "table");
    const link = el("a", `${gameTitle(table.game)} · ${id}`);
    link.href = `/watch/${encodeURIComponent(id)}`;
    item.append(link);
    const facts = [String(table.status ?? "")];
    if (Number.isInteger(table.move_number)) facts.push(`move ${table.move_number}`);
    const seats = Array.isArray(table.seats) ? table.seats : [];
    if (seats.length) facts.push(seats.map(String).join(", "));
    item.append(el("span", facts.filter(Boolean).join(" · "), "facts"));
    const names = Array.isArray(table.names) ? table.names.filter((n) => typeof n === "string" && n) : [];
    if (names.length) item.append(el("span", names.join(", "), "names"));
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
  const body = { game: $("new-game").value, rules, seats, seed: seedText ? Number(seedText) : null };
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
  showCreated(answer);
  listTables();
}

function showCreated(answer) {
  $("created-id").textContent = String(answer.table);
  const list = $("created-seats");
  list.replaceChildren();
  for (const seat of Array.isArray(answer.seats) ? answer.seats : []) {
    const item = el("li");
    item.append(el("span", `Seat ${seat.seat} (${seat.kind}) `, "kind"));
    if (seat.kind === "human" && typeof seat.url === "string" && seat.url.startsWith("/play/")) {
      const link = el("a", "open");
      link.href = seat.url;
      link.target = "_blank";
      link.rel = "noopener";
      const url = el("input", null, "url");
      url.readOnly = true;
      url.value = new URL(seat.url, location.href).href;
      url.setAttribute("aria-label", `seat ${seat.seat} link`);
      item.append(link, url);
    } else if (typeof seat.token === "string" && seat.token) {
      const socket = socketUrl(`/ws/tables/${encodeURIComponent(String(answer.table))}/seats/${seat.seat}`
        + `?token=${encodeURIComponent(seat.token)}`);
      item.append(el("span", "a bot connects to:", "hint"), el("code", socket, "url"));
    }
    list.append(item);
  }
  $("created").hidden = false;
}

function startLobby() {
  for (let i = 0; i < 2; i += 1) addSeatRow("human");
  addSeatRow("agent:random");
  $("add-seat").addEventListener("click", () => addSeatRow("human"));
  $("create").addEventListener("submit", createTable);
  $("refresh").addEventListener("click", listTables);
  listTables();
  setInterval(() => {
    if (document.visibilityState === "visible") listTables();
  }, 10000);
}

const START = { play: startPlay, watch: startWatch, lobby: startLobby };
(START[document.body.dataset.page] || (() => {}))();
