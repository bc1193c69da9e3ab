#!/usr/bin/env node
// A complete seat-protocol engine for Node.js (no packages): it plays a uniformly random
// legal move in every game (Verflixxt!, Verflixxt hoch², EXXtra).
//
//     node random.js       # speaks the protocol on stdin/stdout
"use strict";
const readline = require("readline");

const input = readline.createInterface({ input: process.stdin, terminal: false });
const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

input.on("line", (line) => {
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      send({ type: "ready", name: "random.js", version: "1.0", protocol: 1 });
      break;
    case "act": {
      const choice = message.legal[Math.floor(Math.random() * message.legal.length)];
      send({ type: "move", move_number: message.move_number, id: choice.id });
      break;
    }
    case "quit":
      process.exit(0);
      break;
    default: // event, end, error, and any type a later protocol adds
      break;
  }
});
input.on("close", () => process.exit(0));
