// Small progressive enhancements; every page works without JavaScript.
// The phone header's menu: the button (shown on narrow screens once scripted, see early.js)
// folds and unfolds the site's navigation.
// The sample notice: its button hides it and remembers that in a cookie (sample_notice=hidden,
// a year), so that the pages leave it out from then on.
// Copy buttons: <button class="copy-button" data-copy-target="#id">, saying what happened in the
// .copy-status beside them (#site-labels: copied, copy_failed).
// Times the server wrote (<time data-local>) said again in the reader's time zone (kit/local_time.js).
// Card previews: hovering, long-pressing or focusing any [data-card] name shows its card face
// (kit/preview.js).
// Tables in a .table-scroll frame say when they scroll sideways (kit/scroll_hint.js).
import { onReady } from "./kit/dom.js";
import { labels as readLabels } from "./kit/labels.js";
import { localizeTimes } from "./kit/local_time.js";
import { setUpPreviews } from "./kit/preview.js";
import { setUpScrollHints } from "./kit/scroll_hint.js";

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

const NOTICE_COOKIE = "sample_notice=hidden; max-age=31536000; path=/; SameSite=Lax";

function setUpMenu() {
  const toggle = document.querySelector(".nav-toggle");
  const nav = document.getElementById("site-nav");
  if (!toggle || !nav) return;
  toggle.hidden = false;
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    nav.classList.toggle("is-open", open);
  });
}

function setUpSampleNotice() {
  const notice = document.getElementById("sample-notice");
  const button = document.getElementById("sample-notice-dismiss");
  if (!notice || !button) return;
  button.hidden = false;
  button.addEventListener("click", () => {
    document.cookie = NOTICE_COOKIE;
    notice.remove();
    document.getElementById("main")?.focus({ preventScroll: true });
  });
}

onReady(() => {
  setUpPreviews();
  localizeTimes();
  setUpMenu();
  setUpSampleNotice();
  setUpScrollHints();
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
