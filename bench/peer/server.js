// boardgame.io's own server (Koa, socket.io, in-memory storage) with the L.A.M.A. game: `node server.js PORT`.
const { Server, Origins } = require('boardgame.io/server');
const { Lama } = require('./lama');

const port = Number(process.argv[2] || 8000);
const server = Server({ games: [Lama], origins: [Origins.LOCALHOST, /.*/] });
server.run(port, () => console.log(`ready ${port}`));
