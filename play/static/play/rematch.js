// The rematch panel of a finished table: the finished table keeps no socket, so every few
// seconds it asks the match's REST view whether a rematch was proposed (view.rematch) and
// shows "Accept rematch" (a join of the new match, which takes the seat kept for the viewer)
// or, once the viewer took their seat there, a link to the new table.
import { get } from "../js/kit/http.js";

const POLL_MS = 3000;

const table = document.getElementById("table");
const panel = document.getElementById("rematch");

function show(rematch) {
  const propose = document.getElementById("rematch-propose");
  const accept = document.getElementById("rematch-accept");
  const go = document.getElementById("rematch-go");
  propose.hidden = Boolean(rematch);
  accept.hidden = !rematch || rematch.taken;
  go.hidden = !rematch || !rematch.taken;
  if (rematch) {
    accept.action = panel.dataset.joinUrl.replace("MATCH", encodeURIComponent(rematch.id));
    document.getElementById("rematch-link").href = panel.dataset.tableUrl.replace("MATCH", encodeURIComponent(rematch.id));
  }
}

async function poll() {
  if (table.dataset.status === "finished") {
    try {
      const response = await get(panel.dataset.viewUrl);
      if (response.ok) {
        const view = await response.json();
        show(view.rematch);
        if (view.rematch && view.rematch.taken) return;  // nothing more to learn
      }
    } catch (error) {
      // offline for a moment: the next poll tries again
    }
  }
  setTimeout(poll, POLL_MS);
}

if (table && panel) setTimeout(poll, POLL_MS);
