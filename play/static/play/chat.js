// The table chat panel (#chat-panel), on the table and, read-only, on the replay. Lines are
// drawn with h() of the JS kit, so a line's text is always text (textContent), never HTML.
//
//   const chat = chatPanel(panel, { labels, send(text) | null });
//   chat.add(message)     one {"id", "seat", "name", "guest", "text", "version", "created"} line (again:
//                         ignored); a guest's name has the guest badge
//   chat.refused(error)   a refused line ({"code", "message", "details"}): said under the form, the
//                         line put back in the field (when nothing was typed since)
//   chat.upTo(version)    on the replay: lines said after that match version are dimmed
//   chat.close(over)      once the match is over the form goes and a note says the chat is closed
import { fill, h } from "../js/kit/dom.js";
import { format } from "../js/kit/text.js";
import { guestBadge } from "./seats.js";

const LANGUAGE = document.documentElement.lang || undefined;

function clock(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? "" : when.toLocaleTimeString(LANGUAGE, { hour: "2-digit", minute: "2-digit" });
}

export function chatPanel(panel, { labels, send }) {
  const log = panel.querySelector("[data-chat=log]");
  const empty = panel.querySelector("[data-chat=empty]");
  const form = panel.querySelector("[data-chat=form]");
  const input = panel.querySelector("[data-chat=input]");
  const problem = panel.querySelector("[data-chat=error]");
  const seen = new Set();

  function say(text) {
    if (!problem) return;
    fill(problem, text || "");
    problem.hidden = !text;
  }

  function line(message) {
    const who = message.seat === null || message.seat === undefined ? labels.chat_spectator : format(labels.seat_number, { number: message.seat + 1 });
    return h("li", { class: "chat-line", dataset: { id: message.id, version: message.version, seat: message.seat ?? "" } },
      h("time", { datetime: message.created, class: "chat-time muted" }, clock(message.created)), " ",
      h("span", { class: "chat-name" }, message.name), " ",
      message.guest ? [guestBadge(labels), " "] : "",
      h("span", { class: "chat-who muted" }, `(${who})`), " ",
      h("span", { class: "chat-text" }, message.text));
  }

  function add(message) {
    if (!message || seen.has(message.id)) return;
    seen.add(message.id);
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    log.append(line(message));
    if (empty) empty.hidden = true;
    if (atBottom) log.scrollTop = log.scrollHeight;
  }

  // The line last sent, given back to the field when the server refuses it (unless one typed on).
  let unsent = "";

  function refused(error) {
    const known = labels[`chat_err_${error.code}`];
    say(known ? format(known, { limit: (error.details || {}).limit, seconds: (error.details || {}).retry_after }) : error.message);
    if (input && !input.value && unsent) input.value = unsent;
    unsent = "";
  }

  const closedNote = form ? h("p", { class: "muted chat-closed", id: "chat-closed", hidden: true }, labels.chat_closed) : null;
  if (closedNote) form.after(closedNote);

  function close(over) {
    if (!form) return;
    form.hidden = over;
    closedNote.hidden = !over;
    if (over) say("");
  }

  function upTo(version) {
    for (const item of log.children) item.classList.toggle("is-later", Number(item.dataset.version) > version);
  }

  if (form && send) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (text.length > Number(input.maxLength || 300)) {
        say(format(labels.chat_err_chat_too_long, { limit: input.maxLength }));
        return;
      }
      if (send({ type: "chat", text })) {
        unsent = text;
        input.value = "";
        say("");
      } else {
        say(labels.chat_offline);
      }
    });
    input.addEventListener("input", () => say(""));
  }
  return { add, refused, upTo, close };
}
