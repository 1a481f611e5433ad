// The deck builder: search the catalogue, add and remove cards, import a list, save.
// The list lives here; each change posts it to the panel view, whose server-rendered answer
// (validity, every problem, the deck by type as a list and as card faces, statistics) replaces
// the panel. Saving uses the REST API with the page's session.
// Work is never lost: every change (cards, name, description, visibility) is kept as a draft
// on the server a moment after it is made (PUT /api/deck-drafts/<deck id or "new">/), or at
// most DRAFT_MAX_WAIT_MS after the first change of a burst of quick ones, and at once when the
// page is hidden or left (a request the browser completes after the page is gone), which the
// builder restores when it is opened again; leaving with changes not saved as a version asks
// first (beforeunload). The page is never cached, so going Back to it loads the draft again. Saving deletes the draft. A draft started from an older version than
// the deck's latest is not restored by itself: the page shows the deck as saved with a notice
// and the diff; until the player restores the draft ("anyway") or discards it, the draft is
// left as it is (changes are not written over it, and saving does not delete it). Each draft
// carries the version the builder's list was loaded from (base_version).
import { fill, h, onReady, readJSON } from "../js/kit/dom.js";
import { get, send } from "../js/kit/http.js";
import { labels as readLabels } from "../js/kit/labels.js";
import { cardName, otherName } from "../js/kit/names.js";
import { setUpScrollHints } from "../js/kit/scroll_hint.js";
import { counted, format } from "../js/kit/text.js";
import { setUpDeckView, syncViewSwitches } from "./deck_view.js";
import { setUpSampleHand } from "./sample_hand.js";

const root = document.getElementById("builder");
const panel = document.getElementById("builder-panel");
const csrf = root.querySelector("input[name=csrfmiddlewaretoken]").value;
const labels = readLabels("builder-labels");
const MAX_COUNT = 999;
const DRAFT_DELAY_MS = 800;
const DRAFT_MAX_WAIT_MS = 3000;
let deckId = root.dataset.deckId || null;
let version = root.dataset.version ? Number(root.dataset.version) : null;
let sequence = 0;
const deck = new Map();
// Changes not saved as a version of the deck (a restored draft is one).
let dirty = root.dataset.draft === "true";
// A draft older than the deck, waiting for the player's choice: it must not be written over.
let staleDraft = root.dataset.staleDraft === "true";
let draftTimer = null;
// When the first change not yet written as a draft was made (null: none is waiting).
let pendingSince = null;
let draftWrite = Promise.resolve();
let draftWrites = 0;
// This page's own id and the number of its last draft write: the server keeps a draft only
// from a write numbered above the one it holds from this page, so a write overtaken on its way
// (the one sent as the page closes goes at once) never replaces a newer one.
const draftWriter = window.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
let draftSequence = 0;

// The builder's data-draft-pending: "true" while a draft is waiting to be written or being
// written (the page's browser tests wait for "false" before they close it).
function showPending() {
  root.dataset.draftPending = String(draftTimer !== null || draftWrites > 0);
}

// A message of the page (labels.messages), formatted with values.
function message(key, values = {}) {
  return format(labels.messages[key] || key, values);
}

// The list the panel holds (its #builder-entries, [] before the first answer).
function readEntries() {
  deck.clear();
  for (const entry of readJSON("builder-entries", [])) deck.set(entry.code, entry.count);
}

function entries() {
  return [...deck].filter(([, count]) => count > 0).map(([code, count]) => ({ code, count }));
}

function focusKey() {
  const active = document.activeElement;
  if (!active || !panel.contains(active) || !active.dataset.action) return null;
  return `button[data-action="${active.dataset.action}"][data-code="${CSS.escape(active.dataset.code)}"]`;
}

// Render the panel for `body` ({cards} or {text}); returns the response status.
async function render(body) {
  const mine = ++sequence;
  const refocus = focusKey();
  panel.setAttribute("aria-busy", "true");
  let response;
  try {
    response = await send(root.dataset.panelUrl, { body, csrf, accept: "text/html" });
  } catch (error) {
    panel.setAttribute("aria-busy", "false");
    showStatus("save-status", message("failed"), true);
    return 0;
  }
  const html = await response.text();
  if (mine !== sequence) return response.status;
  panel.setAttribute("aria-busy", "false");
  if (response.ok) {
    panel.innerHTML = html;
    panel.dataset.rendered = String(mine);
    readEntries();
    syncViewSwitches(panel);
    setUpScrollHints(panel);
    document.getElementById("save-bar-total").textContent = panel.querySelector("#deck-summary")?.dataset.total ?? "0";
    if (refocus) panel.querySelector(refocus)?.focus();
  } else if (response.status === 422) {
    document.getElementById("import-status").innerHTML = html;
  } else {
    showStatus("save-status", html || message("failed"), true);
  }
  return response.status;
}

function change(code, delta) {
  const count = Math.min(Math.max((deck.get(code) || 0) + delta, 0), MAX_COUNT);
  if (count === 0) deck.delete(code);
  else deck.set(code, count);
  render({ cards: entries() });
  changed();
}

// --- drafts and the leave warning -------------------------------------------------------

function draftUrl() {
  return `/api/deck-drafts/${deckId ? encodeURIComponent(deckId) : "new"}/`;
}

function formFields() {
  return {
    name: document.getElementById("deck-name").value,
    description: document.getElementById("deck-description").value,
    public: document.getElementById("deck-public").checked,
  };
}

function showDirty() {
  const state = document.getElementById("save-bar-state");
  state.textContent = dirty ? message("unsaved") : "";
  state.title = state.textContent;  // the whole text where a phone's bar cuts it
  state.dataset.kind = "unsaved";
}

// Something changed: keep it as a draft shortly (a burst of changes at most
// DRAFT_MAX_WAIT_MS after its first), and warn before leaving until it is saved.
function changed() {
  dirty = true;
  showDirty();
  if (staleDraft) return;
  window.clearTimeout(draftTimer);
  const now = Date.now();
  pendingSince ??= now;
  draftTimer = window.setTimeout(writeDraft, Math.max(0, Math.min(DRAFT_DELAY_MS, pendingSince + DRAFT_MAX_WAIT_MS - now)));
  showPending();
}

// The page is being hidden or left with a draft still waiting: write it now, with a request
// the browser completes after the page is gone.
function flushDraft() {
  if (draftTimer !== null) writeDraft({ leaving: true });
}

function writeDraft({ leaving = false } = {}) {
  window.clearTimeout(draftTimer);
  draftTimer = null;
  pendingSince = null;
  draftSequence += 1;
  const body = { cards: entries(), ...formFields(), base_version: version, writer: draftWriter, sequence: draftSequence };
  const url = draftUrl();
  if (leaving) {
    send(url, { method: "PUT", body, csrf, keepalive: true }).catch(() => {});
    return draftWrite;
  }
  draftWrites += 1;
  showPending();
  draftWrite = draftWrite.then(async () => {
    const status = document.getElementById("draft-status");
    try {
      const response = await send(url, { method: "PUT", body, csrf });
      if (response.ok) {
        const time = new Date().toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" });
        status.textContent = message("draft_saved", { time });
        status.dataset.saved = "true";
      } else {
        const data = await response.json().catch(() => ({}));
        status.textContent = data.error?.message || message("draft_failed");
        status.dataset.saved = "false";
      }
    } catch (error) {
      status.textContent = message("draft_failed");
      status.dataset.saved = "false";
    }
    draftWrites -= 1;
    showPending();
  });
  return draftWrite;
}

// The draft is not needed once the deck is saved or the user throws it away.
async function dropDraft(url) {
  window.clearTimeout(draftTimer);
  draftTimer = null;
  pendingSince = null;
  showPending();
  await draftWrite;
  try {
    await send(url, { method: "DELETE", csrf });
  } catch (error) { /* a draft left behind is offered again, and can be discarded then */ }
}

async function discardDraft() {
  const button = document.getElementById("discard-draft");
  button.disabled = true;
  await dropDraft(draftUrl());
  dirty = false;
  window.location.reload();
}

// "Restore the draft anyway": the draft's list and fields replace the deck as saved, and the
// draft is kept again based on the latest version (the player has seen that the deck changed).
async function restoreStaleDraft() {
  const work = readJSON("stale-draft", null);
  if (!work) return;
  staleDraft = false;
  document.getElementById("deck-name").value = work.name;
  document.getElementById("deck-description").value = work.description;
  document.getElementById("deck-public").checked = work.public;
  await render({ cards: work.cards });
  const notice = document.getElementById("draft-notice");
  const discard = document.getElementById("discard-draft");
  const said = h("p", { id: "stale-restored", tabindex: "-1" }, message("stale_restored", { version }));
  fill(notice, said, h("p", { class: "form-actions" }, discard));
  notice.removeAttribute("aria-labelledby");
  notice.setAttribute("role", "status");
  changed();
  said.focus();  // where the button was: the page stays at the notice, which now says what saving does
}

function warnBeforeLeaving(event) {
  if (!dirty) return;
  event.preventDefault();
  event.returnValue = "";
}

function showStatus(id, text, isError = false) {
  fill(document.getElementById(id), h("p", { class: isError ? "form-error" : "notice" }, text));
  // The save bar stays on screen while the save form may be far below: it says the same, so
  // that a save made from the bar is seen to work (or to fail).
  if (id === "save-status" && typeof text === "string") {
    const state = document.getElementById("save-bar-state");
    state.textContent = text;
    state.title = text;
    state.dataset.kind = isError ? "error" : "notice";  // a save that worked is not shown in the warning colour
  }
}

// --- search and autocomplete -------------------------------------------------------------

function cardTitle(card) {
  const steps = Object.values(card.action_table || {})
    .map((actions, i) => `STEP ${i + 1}: ${actions.map((a) => labels.actions[a] || a).join(" / ")}`);
  const colours = (card.colours.length ? card.colours : ["colourless"]).map((c) => labels.colours[c] || c).join(", ");
  const parts = [`${labels.types[card.type] || card.type} · ${colours} · ${labels.size} ${card.size}`, ...steps];
  if (card.type === "character") parts.push(`${labels.hp} ${card.hp} · ${labels.movement} ${card.movement}`);
  return parts.join("\n");
}

function renderResults(cards, count) {
  // A row: the card's words (which may wrap) in one column, its Add button in a column of its own
  // at the row's end, in the same place on every row.
  fill(document.getElementById("search-results"), cards.map((card) => h("li", { class: "search-result", dataset: { code: card.code }, title: cardTitle(card) },
    h("span", { class: "result-text" },
      h("span", { class: "result-name", dataset: { card: card.code } }, cardName(card)),
      otherName(card) ? h("span", { class: "name-other result-name-other" }, ` ${otherName(card)}`) : "", " ",
      h("span", { class: "muted result-meta" }, `${card.code} · ${labels.types[card.type] || card.type} · ${labels.size} ${card.size}`)),
    h("button", { type: "button", class: "secondary", dataset: { action: "add", code: card.code }, "aria-label": message("add_one", { name: cardName(card) }) },
      message("add")))));
  document.getElementById("search-status").textContent = count ? message("found", { count }) : message("none");
}

async function search(event) {
  event.preventDefault();
  const query = document.getElementById("card-search").value.trim();
  const status = document.getElementById("search-status");
  status.textContent = message("searching");
  try {
    const response = await get(`/api/cards/?q=${encodeURIComponent(query)}&page_size=40`);
    const body = await response.json();
    if (!response.ok) {
      document.getElementById("search-results").textContent = "";
      status.textContent = body.error?.message || message("failed");
      return;
    }
    renderResults(body.results, body.count);
  } catch (error) {
    status.textContent = message("failed");
  }
}

let completeTimer = null;
function autocomplete() {
  window.clearTimeout(completeTimer);
  const query = document.getElementById("card-search").value.trim();
  if (query.length < 2 || /[:<>=()]/.test(query)) return;
  completeTimer = window.setTimeout(async () => {
    try {
      const response = await get(`/api/cards/autocomplete/?q=${encodeURIComponent(query)}`);
      if (!response.ok) return;
      fill(document.getElementById("card-names"), ((await response.json()).results || []).map((name) => h("option", { value: name })));
    } catch (error) { /* suggestions are a convenience */ }
  }, 150);
}

// --- import and save ----------------------------------------------------------------------

async function importList() {
  const text = document.getElementById("import-text").value;
  document.getElementById("import-status").textContent = "";
  const status = await render({ text });
  if (status === 200) {
    const count = entries().reduce((n, e) => n + e.count, 0);
    showStatus("import-status", counted(labels.messages, "imported", count, { count }));
    changed();
  }
}

// Save the deck; true when it was saved.
async function save(event) {
  event?.preventDefault();
  const name = document.getElementById("deck-name").value.trim();
  if (!name) {
    showStatus("save-status", message("name_needed"), true);
    document.getElementById("deck-name").focus();
    return false;
  }
  const body = {
    name,
    description: document.getElementById("deck-description").value,
    public: document.getElementById("deck-public").checked,
    note: document.getElementById("deck-note").value,
    cards: entries(),
  };
  showStatus("save-status", message("saving"));
  const url = deckId ? `/api/decks/${encodeURIComponent(deckId)}/` : "/api/decks/";
  const oldDraft = draftUrl();
  window.clearTimeout(draftTimer);
  draftTimer = null;
  pendingSince = null;
  showPending();
  await draftWrite;
  let response;
  try {
    response = await send(url, { method: deckId ? "PUT" : "POST", body, csrf });
  } catch (error) {
    showStatus("save-status", message("failed"), true);
    return false;
  }
  const data = await response.json();
  if (!response.ok) {
    showStatus("save-status", data.error?.message || message("failed"), true);
    return false;
  }
  const before = version;
  deckId = data.id;
  version = data.version;
  dirty = false;
  showDirty();
  root.dataset.deckId = deckId;
  root.dataset.version = String(version);
  if (!staleDraft) {
    await dropDraft(oldDraft);
    document.getElementById("draft-notice")?.remove();
  }
  document.getElementById("draft-status").textContent = "";
  const deckPath = `/decks/${encodeURIComponent(deckId)}/`;
  window.history.replaceState(null, "", `${deckPath}edit/`);
  for (const [id, path] of [["deck-page-link", ""], ["deck-history-link", "history/"]]) {
    const link = document.getElementById(id);
    link.href = `${deckPath}${path}`;
    link.hidden = false;
  }
  const heading = message("edit_heading", { name: data.name });
  document.getElementById("builder-heading").textContent = heading;
  const site = document.title.lastIndexOf(" · ");
  document.title = site >= 0 ? `${heading}${document.title.slice(site)}` : heading;
  const play = document.getElementById("play-form");
  play.action = play.dataset.urlPattern.replace("DECK", encodeURIComponent(deckId));
  play.querySelector("input[name=next]").value = `${deckPath}edit/`;
  play.hidden = false;
  document.getElementById("deck-note").value = "";
  showStatus("save-status", before === version ? message("unchanged", { version }) : message("saved", { version }));
  return true;
}

// "Play this deck": the saved deck, so unsaved changes are saved first; a deck that breaks the
// rules cannot be played, and the page says why instead.
async function play(event) {
  event.preventDefault();
  const summary = document.getElementById("deck-summary");
  const status = document.getElementById("play-status");
  if (summary?.dataset.valid !== "true") {
    fill(status, h("p", { class: "form-error" }, message("play_invalid")));
    return;
  }
  fill(status);
  if (dirty && !(await save())) return;
  dirty = false;
  event.target.submit();
}

onReady(() => {
  readEntries();
  document.getElementById("search-form").addEventListener("submit", search);
  document.getElementById("card-search").addEventListener("input", autocomplete);
  document.getElementById("import-button").addEventListener("click", importList);
  document.getElementById("save-form").addEventListener("submit", save);
  for (const id of ["deck-name", "deck-description", "deck-public"]) {
    document.getElementById(id).addEventListener("input", changed);
  }
  document.getElementById("discard-draft")?.addEventListener("click", discardDraft);
  document.getElementById("restore-draft")?.addEventListener("click", restoreStaleDraft);
  document.getElementById("play-form").addEventListener("submit", play);
  window.addEventListener("beforeunload", warnBeforeLeaving);
  window.addEventListener("pagehide", flushDraft);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushDraft();
  });
  setUpSampleHand(entries, message("failed"));
  setUpDeckView();
  showDirty();
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    change(button.dataset.code, button.dataset.action === "add" ? 1 : -1);
  });
});
