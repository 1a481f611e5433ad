// A match's websocket: connects to /ws/matches/<id>/ (wss: on https pages), reconnects by
// itself with a growing delay when the connection drops, and keeps it alive with pings. Each
// delay is spread by ±25% at random, so that the clients of a restarted server do not all come
// back at the same instant.
// The server sends the current view on every (re)connection, so nothing is lost on a drop.

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15000;
const PING_EVERY_MS = 25000;

export function socketUrl(path, location = window.location) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}

export class MatchSocket {
  // onMessage(frame) gets every JSON frame but pongs; onStatus(state, seconds) gets
  // "connecting", "open", or "waiting" with the seconds until the next attempt.
  constructor(path, { onMessage, onStatus }) {
    this.url = socketUrl(path);
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.delay = FIRST_DELAY_MS;
    this.socket = null;
    this.timers = [];
    this.closed = false;
  }

  get isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  connect() {
    this.clearTimers();
    this.onStatus("connecting");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.delay = FIRST_DELAY_MS;
      this.onStatus("open");
      this.timers.push(window.setInterval(() => this.send({ type: "ping" }), PING_EVERY_MS));
    });
    socket.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      if (frame && frame.type !== "pong") this.onMessage(frame);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (!this.closed) this.retry();
    });
  }

  retry() {
    const wait = Math.round(this.delay * (0.75 + Math.random() * 0.5));
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
    let left = Math.ceil(wait / 1000);
    this.onStatus("waiting", left);
    this.timers.push(window.setInterval(() => {
      left = Math.max(left - 1, 0);
      this.onStatus("waiting", left);
    }, 1000));
    this.timers.push(window.setTimeout(() => this.connect(), wait));
  }

  // Sends a frame; false when the socket is not open (the caller falls back to HTTP).
  send(frame) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  // Reconnects now instead of waiting (e.g. when the tab becomes visible again).
  reconnectNow() {
    if (this.closed || this.socket !== null) return;
    this.connect();
  }

  close() {
    this.closed = true;
    this.clearTimers();
    if (this.socket) this.socket.close();
  }

  clearTimers() {
    for (const timer of this.timers) {
      window.clearTimeout(timer);
      window.clearInterval(timer);
    }
    this.timers = [];
  }
}
