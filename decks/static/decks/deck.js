// Deck page: the goldfish simulation (queued through the API, its progress polled until done),
// the sample hand, the List / Cards switch, and the print button of the printable list.
import { fill, h, onReady, readJSON } from "../js/kit/dom.js";
import { get, send } from "../js/kit/http.js";
import { labels as readLabels } from "../js/kit/labels.js";
import { format, percent } from "../js/kit/text.js";
import { setUpDeckView } from "./deck_view.js";
import { setUpSampleHand } from "./sample_hand.js";

const POLL_MS = 400;
const labels = readLabels("goldfish-labels");

function showResult(section, result) {
  fill(section.querySelector("#goldfish-opening"), format(labels.opening, {
    first: percent(result.opening.first_hand_character),
    kept: percent(result.opening.kept_hand_character),
  }));
  fill(section.querySelector("#goldfish-table tbody"), result.by_turn.map((turn) => h("tr", {},
    h("th", {}, turn.turn),
    h("td", { class: "num" }, percent(turn.character_placed)),
    h("td", { class: "num" }, percent(turn.hand_has_character)),
    h("td", { class: "num" }, turn.characters_on_area.toFixed(2)))));
  section.querySelector("#goldfish-result").hidden = false;
}

async function runGoldfish(section) {
  const button = section.querySelector("#goldfish-button");
  const csrf = section.querySelector("input[name=csrfmiddlewaretoken]").value;
  const bar = section.querySelector("#goldfish-bar");
  const count = section.querySelector("#goldfish-count");
  button.disabled = true;
  section.querySelector("#goldfish-progress").hidden = false;
  section.querySelector("#goldfish-result").hidden = true;
  try {
    const started = await send(section.dataset.startUrl, { body: { runs: Number(section.querySelector("#goldfish-runs").value) }, csrf });
    let run = await started.json();
    if (!started.ok) throw new Error(run.error?.message || labels.failed);
    while (run.status === "queued" || run.status === "running") {
      bar.max = run.runs;
      bar.value = run.done;
      count.textContent = format(labels.progress, { done: run.done, runs: run.runs });
      await new Promise((resolve) => window.setTimeout(resolve, POLL_MS));
      const response = await get(run.url);
      run = await response.json();
      if (!response.ok) throw new Error(run.error?.message || labels.failed);
    }
    if (run.status !== "done") throw new Error(run.error || labels.failed);
    bar.max = run.runs;
    bar.value = run.done;
    count.textContent = format(labels.progress, { done: run.done, runs: run.runs });
    showResult(section, run.result);
  } catch (error) {
    count.textContent = error.message || labels.failed;
  } finally {
    button.disabled = false;
  }
}

onReady(() => {
  const section = document.getElementById("goldfish");
  const button = section?.querySelector("#goldfish-button");
  if (button) button.addEventListener("click", () => runGoldfish(section));
  const entries = readJSON("deck-entries", []);
  setUpSampleHand(() => entries, labels.failed || "");
  setUpDeckView();
  for (const print of document.querySelectorAll("button[data-print]")) {
    print.addEventListener("click", () => window.print());
  }
});
