// The card search page's behaviour:
// - card names suggested under the search box (an ARIA 1.2 combobox with a listbox): the word
//   being typed is completed from /api/cards/autocomplete/; keyboard: Down/Up move through the
//   names, Enter takes one, Escape closes the list. A name taken for the whole box searches for
//   exactly that name, which opens its card's page (a search with one result does);
// - the order controls search again as soon as one changes, without the query's own order:
//   and dir: (which would win over them).
// (The card table says that it scrolls sideways through the site script, kit/scroll_hint.js.)
// Without JavaScript the box is a plain search box and the form has its button.
import { fill, h } from "../js/kit/dom.js";
import { get } from "../js/kit/http.js";
import { labels as readLabels } from "../js/kit/labels.js";
import { format } from "../js/kit/text.js";

const DELAY_MS = 150;
const MIN_LENGTH = 2;
// A word is completed only when it is a plain name word (no keyword, quote or regex).
const PLAIN_WORD = /^!?[^\s:=<>!"/()-][^\s:=<>!"/()]*$/;

function currentWord(input) {
  const end = input.selectionStart ?? input.value.length;
  const before = input.value.slice(0, end);
  const start = Math.max(before.lastIndexOf(" "), before.lastIndexOf("\u3000"), before.lastIndexOf("(")) + 1;
  return { start, end, text: before.slice(start) };
}

function setUp(input) {
  const labels = readLabels("card-search-labels");
  const list = document.getElementById(input.getAttribute("aria-controls"));
  const status = document.getElementById("card-q-status");
  const url = input.dataset.autocompleteUrl;
  let timer = 0;
  let controller = null;
  let names = [];
  let active = -1;
  let word = null;

  function close() {
    list.hidden = true;
    fill(list);
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    names = [];
    active = -1;
  }

  function highlight(index) {
    active = index;
    list.querySelectorAll("[role=option]").forEach((option, i) => {
      option.setAttribute("aria-selected", i === index ? "true" : "false");
      if (i === index) {
        input.setAttribute("aria-activedescendant", option.id);
        option.scrollIntoView({ block: "nearest" });
      }
    });
    if (index < 0) input.removeAttribute("aria-activedescendant");
  }

  function show(found) {
    names = found;
    fill(list, found.map((name, i) => h("li", {
      id: `${list.id}-${i}`, role: "option", "aria-selected": "false",
      onmousedown: (event) => event.preventDefault(), onclick: () => choose(i),
    }, name)));
    const open = found.length > 0;
    list.hidden = !open;
    input.setAttribute("aria-expanded", open ? "true" : "false");
    active = -1;
    if (status) status.textContent = open ? format(labels.suggested, { count: found.length }) : "";
  }

  function choose(index) {
    const name = names[index];
    if (!name || !word) return;
    const whole = word.start === 0 && word.end === input.value.length;
    const quoted = `"${name.replaceAll('"', "")}"`;
    const replacement = whole || word.text.startsWith("!") ? `!${quoted}` : quoted;
    input.value = input.value.slice(0, word.start) + replacement + input.value.slice(word.end);
    const caret = word.start + replacement.length;
    input.setSelectionRange(caret, caret);
    close();
    if (whole) input.form.requestSubmit();
  }

  async function suggest() {
    word = currentWord(input);
    const text = word.text.replace(/^!/, "");
    if (!PLAIN_WORD.test(word.text) || [...text].length < MIN_LENGTH) {
      close();
      return;
    }
    controller?.abort();
    controller = new AbortController();
    try {
      const response = await get(`${url}?q=${encodeURIComponent(text)}`, { signal: controller.signal });
      if (!response.ok) return close();
      const body = await response.json();
      show(body.results || []);
    } catch (error) {
      if (error.name !== "AbortError") close();
    }
  }

  input.addEventListener("input", () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(suggest, DELAY_MS);
  });
  input.addEventListener("keydown", (event) => {
    if (list.hidden) {
      if (event.key === "ArrowDown" && event.altKey) suggest();
      return;
    }
    if (event.key === "ArrowDown") {
      event.preventDefault();
      highlight(active + 1 >= names.length ? 0 : active + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      highlight(active <= 0 ? names.length - 1 : active - 1);
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") {
      close();
    }
  });
  input.addEventListener("blur", () => window.setTimeout(close, 100));
}

// The query without its order: and dir:asc|desc options (the page gives it for the query it
// shows; this is for a query edited since).
const OPTION = /(^|\s)(?:order[:=]\S+|dir[:=](?:asc|desc))(?=\s|$)/giu;

function withoutOptions(query) {
  return query.replace(OPTION, " ").replace(/\s+/gu, " ").trim();
}

function setUpOrder(options) {
  const form = options.closest("form");
  const input = form.querySelector("input[name=q]");
  options.addEventListener("change", (event) => {
    if (!event.target.matches("select")) return;
    input.value = input.value === options.dataset.query ? options.dataset.baseQuery : withoutOptions(input.value);
    form.requestSubmit();
  });
}

const box = document.querySelector("input[role=combobox][data-autocomplete-url]");
if (box) setUp(box);
const options = document.querySelector(".search-options[data-base-query]");
if (options) setUpOrder(options);
