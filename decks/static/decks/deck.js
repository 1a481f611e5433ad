// Deck page: the goldfish simulation (queued through the API, its progress polled until done)
// and the print button of the printable list.

const POLL_MS = 400;

function percent(p) {
  return `${(p * 100).toFixed(1)}%`;
}

function fill(template, values) {
  return template.replace(/%\((\w+)\)s/g, (_, name) => String(values[name] ?? ""));
}

function showResult(section, result) {
  const opening = section.querySelector("#goldfish-opening");
  opening.textContent = fill(opening.dataset.template, {
    first: percent(result.opening.first_hand_character),
    kept: percent(result.opening.kept_hand_character),
  });
  const body = section.querySelector("#goldfish-table tbody");
  body.textContent = "";
  for (const turn of result.by_turn) {
    const row = document.createElement("tr");
    for (const [value, numeric] of [
      [turn.turn, false], [percent(turn.character_placed), true],
      [percent(turn.hand_has_character), true], [turn.characters_on_area.toFixed(2), true],
    ]) {
      const cell = document.createElement(numeric ? "td" : "th");
      if (numeric) cell.className = "num";
      cell.textContent = value;
      row.append(cell);
    }
    body.append(row);
  }
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
    const started = await fetch(section.dataset.startUrl, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, Accept: "application/json" },
      body: JSON.stringify({ runs: Number(section.querySelector("#goldfish-runs").value) }),
    });
    let run = await started.json();
    if (!started.ok) throw new Error(run.error?.message || section.dataset.msgFailed);
    while (run.status === "queued" || run.status === "running") {
      bar.max = run.runs;
      bar.value = run.done;
      count.textContent = fill(section.dataset.msgProgress, { done: run.done, runs: run.runs });
      await new Promise((resolve) => window.setTimeout(resolve, POLL_MS));
      const response = await fetch(run.url, { credentials: "same-origin", headers: { Accept: "application/json" } });
      run = await response.json();
      if (!response.ok) throw new Error(run.error?.message || section.dataset.msgFailed);
    }
    if (run.status !== "done") throw new Error(run.error || section.dataset.msgFailed);
    bar.max = run.runs;
    bar.value = run.done;
    count.textContent = fill(section.dataset.msgProgress, { done: run.done, runs: run.runs });
    showResult(section, run.result);
  } catch (error) {
    count.textContent = error.message || section.dataset.msgFailed;
  } finally {
    button.disabled = false;
  }
}

function setUp() {
  const section = document.getElementById("goldfish");
  const button = section?.querySelector("#goldfish-button");
  if (button) button.addEventListener("click", () => runGoldfish(section));
  for (const print of document.querySelectorAll("button[data-print]")) {
    print.addEventListener("click", () => window.print());
  }
}

setUp();
