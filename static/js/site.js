// Small progressive enhancements; every page works without JavaScript.
// Copy buttons: <button class="copy-button" data-copy-target="#id">, saying what happened in the
// .copy-status beside them (#site-labels: copied, copy_failed).
import { onReady } from "./kit/dom.js";
import { labels as readLabels } from "./kit/labels.js";

const labels = readLabels("site-labels");

function selectText(element) {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

async function copyFrom(button) {
  const target = document.querySelector(button.dataset.copyTarget);
  const status = button.parentElement.querySelector(".copy-status");
  if (!target) return;
  let message = labels.copied || "Copied";
  try {
    await navigator.clipboard.writeText(target.textContent);
  } catch (error) {
    selectText(target);
    message = labels.copy_failed || "Copy failed";
  }
  if (status) {
    status.textContent = message;
    window.setTimeout(() => { status.textContent = ""; }, 4000);
  }
}

onReady(() => {
  for (const button of document.querySelectorAll("button.copy-button")) {
    button.addEventListener("click", () => copyFrom(button));
  }
  // Bring the validator's result into view after a POST.
  const summary = document.querySelector("#deck-summary[tabindex]");
  if (summary && document.querySelector("form.deck-form")) {
    summary.focus({ preventScroll: false });
  }
  const newToken = document.querySelector("#new-token");
  if (newToken) newToken.focus();
});
