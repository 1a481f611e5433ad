// The deck builder: search the catalogue, add and remove cards, import a list, save.
// The list lives here; each change posts it to the panel view, whose server-rendered answer
// (validity, every problem, the deck by type, statistics) replaces the panel. Saving uses the
// REST API with the page's session.
import { fill, h, onReady, readJSON } from "../js/kit/dom.js";
import { get, send } from "../js/kit/http.js";
import { labels as readLabels } from "../js/kit/labels.js";
import { cardName, otherName } from "../js/kit/names.js";
import { format } from "../js/kit/text.js";

const root = document.getElementById("builder");
const panel = document.getElementById("builder-panel");
const csrf = root.querySelector("input[name=csrfmiddlewaretoken]").value;
const labels = readLabels("builder-labels");
const MAX_COUNT = 999;
let deckId = root.dataset.deckId || null;
let sequence = 0;
const deck = new Map();

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
}

function showStatus(id, text, isError = false) {
  fill(document.getElementById(id), h("p", { class: isError ? "form-error" : "notice" }, text));
}

// --- search and autocomplete -------------------------------------------------------------

function cardTitle(card) {
  const steps = ["step1", "step2", "step3"]
    .map((step, i) => `STEP ${i + 1}: ${(card.action_table?.[step] || []).map((a) => labels.actions[a] || a).join(" / ")}`);
  const colours = (card.colours.length ? card.colours : ["colourless"]).map((c) => labels.colours[c] || c).join(", ");
  const parts = [`${labels.types[card.type] || card.type} · ${colours} · ${labels.size} ${card.size}`, ...steps];
  if (card.type === "character") parts.push(`${labels.hp} ${card.hp} · ${labels.movement} ${card.movement}`);
  return parts.join("\n");
}

function renderResults(cards, count) {
  fill(document.getElementById("search-results"), cards.map((card) => h("li", { class: "search-result", dataset: { code: card.code }, title: cardTitle(card) },
    h("span", { class: "result-name" }, cardName(card)),
    otherName(card) ? h("span", { class: "name-other result-name-other" }, ` ${otherName(card)}`) : "", " ",
    h("span", { class: "muted result-meta" }, `${card.code} · ${labels.types[card.type] || card.type} · ${labels.size} ${card.size}`),
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
    showStatus("import-status", message("imported", { count: entries().reduce((n, e) => n + e.count, 0) }));
  }
}

async function save(event) {
  event.preventDefault();
  const name = document.getElementById("deck-name").value.trim();
  if (!name) {
    showStatus("save-status", message("name_needed"), true);
    document.getElementById("deck-name").focus();
    return;
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
  let response;
  try {
    response = await send(url, { method: deckId ? "PUT" : "POST", body, csrf });
  } catch (error) {
    showStatus("save-status", message("failed"), true);
    return;
  }
  const data = await response.json();
  if (!response.ok) {
    showStatus("save-status", data.error?.message || message("failed"), true);
    return;
  }
  deckId = data.id;
  root.dataset.deckId = deckId;
  window.history.replaceState(null, "", `/decks/${encodeURIComponent(deckId)}/edit/`);
  for (const [id, path] of [["deck-page-link", ""], ["deck-history-link", "history/"]]) {
    const link = document.getElementById(id);
    link.href = `/decks/${encodeURIComponent(deckId)}/${path}`;
    link.hidden = false;
  }
  document.getElementById("deck-note").value = "";
  showStatus("save-status", message("saved", { version: data.version }));
}

onReady(() => {
  readEntries();
  document.getElementById("search-form").addEventListener("submit", search);
  document.getElementById("card-search").addEventListener("input", autocomplete);
  document.getElementById("import-button").addEventListener("click", importList);
  document.getElementById("save-form").addEventListener("submit", save);
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    change(button.dataset.code, button.dataset.action === "add" ? 1 : -1);
  });
});
