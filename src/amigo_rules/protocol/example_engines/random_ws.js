#!/usr/bin/env node
// A remote bot for the game server in Node.js, no packages: it plays one seat at random
// over the seat's WebSocket (the seat protocol, one JSON message per text frame).
//
//     node random_ws.js "ws://127.0.0.1:8000/ws/tables/TABLE/seats/SEAT?token=TOKEN"
//
// Node.js 22 and later have WebSocket built in; Node.js 20.10 to 21 need a flag:
//
//     node --experimental-websocket random_ws.js "ws://…"
//
// It prints the winners and exits with status 0 once the game is over, 1 if the
// connection closes before that, 2 on a usage error.
"use strict";

if (typeof WebSocket === "undefined") {
  console.error("this Node.js has no WebSocket: use Node.js 22 or later, or run " +
                "node --experimental-websocket random_ws.js (Node.js 20.10 and later)");
  process.exit(2);
}
const url = process.argv[2];
if (!url || !/^wss?:\/\//.test(url)) {
  console.error("usage: node random_ws.js ws://HOST/ws/tables/TABLE/seats/SEAT?token=TOKEN");
  process.exit(2);
}

const socket = new WebSocket(url);
const send = (message) => socket.send(JSON.stringify(message));
let over = false;

socket.addEventListener("message", (frame) => {
  const message = JSON.parse(frame.data);
  switch (message.type) {
    case "hello":
      send({ type: "ready", name: "random_ws.js", version: "1.0", protocol: 1 });
      break;
    case "act": {
      const choice = message.legal[Math.floor(Math.random() * message.legal.length)];
      send({ type: "move", move_number: message.move_number, id: choice.id });
      break;
    }
    case "end":
      over = true;
      console.log("winners: " + JSON.stringify(message.winners));
      socket.close();
      break;
    default: // event, error, and any type a later protocol adds
      break;
  }
});
socket.addEventListener("close", (event) => {
  if (!over) {
    console.error(`the server closed the seat before the game ended (code ${event.code})`);
  }
  process.exit(over ? 0 : 1);
});
socket.addEventListener("error", () => {}); // a "close" event follows and says it
