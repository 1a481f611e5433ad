// L.A.M.A. as a boardgame.io game, for the `peer` benchmark only: the same rules as the site's
// engine (play/games/lama.py and the rules page it cites), so that the peer applies the
// same moves to a state of the same size. Each player's hand is secret (PlayerView.STRIP_SECRETS):
// a player sees its own hand and every hand's size. Every move runs on the server only
// (`client: false`), as the site's do, so a move's round trip is the server's.
const { INVALID_MOVE, PlayerView } = require('boardgame.io/core');

const VALUES = [1, 2, 3, 4, 5, 6, 7]; // 7 is the llama
const playable = (top) => [top, (top % 7) + 1];
const points = (hand) => [...new Set(hand)].reduce((sum, v) => sum + (v === 7 ? 10 : v), 0);

function deal(G, numPlayers, random) {
  const deck = random.Shuffle(VALUES.flatMap((v) => Array(8).fill(v)));
  G.players = {};
  for (let p = 0; p < numPlayers; p++) G.players[String(p)] = { hand: deck.splice(0, 6) };
  G.top = deck.shift();
  G.secret = { deck };
  G.deckSize = deck.length;
  G.handSizes = Array(numPlayers).fill(6);
  G.quit = Array(numPlayers).fill(false);
  G.round += 1;
}

function endRound(G, numPlayers, random, out) {
  for (let p = 0; p < numPlayers; p++) {
    if (p === out) G.scores[p] = Math.max(0, G.scores[p] - (G.scores[p] >= 10 ? 10 : 1));
    else G.scores[p] += points(G.players[String(p)].hand);
  }
  deal(G, numPlayers, random);
}

// After a move: the round ends when the player went out or every player has quit; the player who
// took its last turn starts the next one (lama.md, "Next round and game end").
function after(G, ctx, random, events, player) {
  const out = G.handSizes[player] === 0;
  if (out || G.quit.every(Boolean)) {
    endRound(G, ctx.numPlayers, random, out ? player : -1);
    events.endTurn({ next: String(player) });
  } else {
    events.endTurn();
  }
}

const Lama = {
  name: 'lama',
  setup: ({ ctx, random }) => {
    const G = { round: 0, scores: Array(ctx.numPlayers).fill(0) };
    deal(G, ctx.numPlayers, random);
    return G;
  },
  playerView: PlayerView.STRIP_SECRETS,
  turn: {
    order: {
      first: () => 0,
      next: ({ G, ctx }) => {
        for (let k = 1; k <= ctx.numPlayers; k++) {
          const p = (ctx.playOrderPos + k) % ctx.numPlayers;
          if (!G.quit[p]) return p;
        }
        return (ctx.playOrderPos + 1) % ctx.numPlayers;
      },
    },
  },
  moves: {
    play: {
      client: false,
      move: ({ G, ctx, playerID, random, events }, card) => {
        const hand = G.players[playerID].hand;
        const at = hand.indexOf(card);
        if (at < 0 || !playable(G.top).includes(card)) return INVALID_MOVE;
        hand.splice(at, 1);
        G.top = card;
        const p = Number(playerID);
        G.handSizes[p] -= 1;
        after(G, ctx, random, events, p);
      },
    },
    draw: {
      client: false,
      move: ({ G, ctx, playerID, random, events }) => {
        const p = Number(playerID);
        const others = G.quit.filter((q, s) => !q && s !== p).length;
        if (G.secret.deck.length === 0 || others === 0) return INVALID_MOVE;
        G.players[playerID].hand.push(G.secret.deck.shift());
        G.deckSize -= 1;
        G.handSizes[p] += 1;
        after(G, ctx, random, events, p);
      },
    },
    quit: {
      client: false,
      move: ({ G, ctx, playerID, random, events }) => {
        G.quit[Number(playerID)] = true;
        after(G, ctx, random, events, Number(playerID));
      },
    },
  },
};

// The moves a player may make in its view `G` ([name, args]): the load client picks one at random.
function legalMoves(G, playerID) {
  const hand = G.players[playerID].hand;
  const moves = [...new Set(hand.filter((v) => playable(G.top).includes(v)))].map((v) => ['play', [v]]);
  const p = Number(playerID);
  const others = G.quit.filter((q, s) => !q && s !== p).length;
  if (G.deckSize > 0 && others > 0) moves.push(['draw', []]);
  moves.push(['quit', []]);
  return moves;
}

module.exports = { Lama, legalMoves };
