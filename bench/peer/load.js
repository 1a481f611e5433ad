// The `peer` benchmark's load: `node load.js URL MATCHES THINK WARMUP SECONDS` plays MATCHES
// two-seat L.A.M.A. matches on a boardgame.io server, each seat a client on its own socket.io
// connection that waits a think time (0.5-1.5 x THINK seconds) and makes a random legal move.
// A move's round trip is from sending it to the client seeing the server's new state. Once
// every socket has its first state and WARMUP seconds more have passed, it measures for SECONDS
// and prints one JSON line: the round trips (ms), the errors, and the seconds the matches took
// to be made and every socket to sync.
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Lama, legalMoves } = require('./lama');

const [url, matches, think, warmup, seconds] = [process.argv[2], ...process.argv.slice(3).map(Number)];
const trips = [];
let measuring = false;

async function post(path, body) {
  const response = await fetch(url + path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

function seat(matchID, playerID, credentials) {
  const client = Client({ game: Lama, multiplayer: SocketIO({ server: url }), matchID, playerID, credentials, debug: false });
  let sent = null; // [stateID when sent, time]
  let waiting = false;
  client.subscribe((state) => {
    if (!state) return;
    if (sent && state._stateID > sent[0]) {
      if (measuring) trips.push(performance.now() - sent[1]);
      sent = null;
    }
    if (state.ctx.currentPlayer !== playerID || sent || waiting || !state.G.players || !state.G.players[playerID]) return;
    waiting = true;
    setTimeout(() => {
      waiting = false;
      const now = client.getState();
      if (now.ctx.currentPlayer !== playerID || sent) return;
      const moves = legalMoves(now.G, playerID);
      const [name, args] = moves[Math.floor(Math.random() * moves.length)];
      sent = [now._stateID, performance.now()];
      client.moves[name](...args);
    }, think * (0.5 + Math.random()) * 1000);
  });
  client.start();
  return { client, pending: () => sent };
}

async function main() {
  const started = performance.now();
  const clients = [];
  for (let m = 0; m < matches; m++) {
    const { matchID } = await post('/games/lama/create', { numPlayers: 2 });
    for (const playerID of ['0', '1']) {
      const { playerCredentials } = await post(`/games/lama/${matchID}/join`, { playerID, playerName: `p${playerID}` });
      clients.push(seat(matchID, playerID, playerCredentials));
    }
  }
  while (clients.some((c) => !c.client.getState())) await new Promise((resolve) => setTimeout(resolve, 50));
  const connecting = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
  measuring = true;
  process.stdout.write(`measuring\n`);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  measuring = false;
  // a move still unanswered 5 s after it was sent counts as an error (the site's bench counts error frames)
  const errors = clients.filter((c) => c.pending() && performance.now() - c.pending()[1] > 5000).length;
  const report = { trips: trips.map((ms) => Math.round(ms * 1000) / 1000), errors, connecting };
  // exit once the whole line is written: a pipe takes it in parts, and exit would cut it off
  process.stdout.write(JSON.stringify(report) + '\n', () => process.exit(0));
}

main().catch((error) => { console.error(error); process.exit(1); });
