// The card preview: any element with data-card="<code>" (a card code such as SMP-001), on any
// page, shows the full card face (/cards/<code>/face.svg?lang=<page language>) in a floating box
// beside it:
// - pointer devices: after hovering it for HOVER_DELAY ms; leaving it hides the preview;
// - touch: after pressing it for LONG_PRESS ms without moving; the click that ends the press is
//   swallowed, so a long-pressed link does not navigate (a short tap still does);
// - keyboard: while it (or a link inside it) has keyboard focus (not the focus a tap gives).
// Escape, a tap or click elsewhere, or scrolling close it. The box is kept inside the viewport
// (beside the name when there is room, else above or below it). It is decorative
// (aria-hidden, empty alt): the name being hovered already names the card.
// One module for the whole site, loaded by base.html; it listens on the document, so names
// drawn later by scripts (the builder, the game tables) need nothing but the attribute.
import { h } from "./dom.js";
import { pageLanguage } from "./names.js";

export const HOVER_DELAY = 250;
export const LONG_PRESS = 450;
const MOVE_TOLERANCE = 10; // px a finger may drift during a long-press
const GAP = 8; // px between the name and the box, and kept from the viewport's edges

let box = null;
let shownFor = null; // the element whose card is shown
let timer = 0;
let press = null; // {x, y, target, fired} of a touch press in progress
let swallowClick = false;

// The face image's address for a card code, in the page's language.
export function faceURL(code, lang = pageLanguage()) {
  return `/cards/${encodeURIComponent(code)}/face.svg?lang=${lang}`;
}

// A catalogue card code (tcg.cards.model.CODE_RE): a value of another kind (a L.A.M.A. card's
// number, say) shows no preview.
const CODE = /^[A-Z0-9]{1,10}-[A-Z0-9]{1,10}$/;

function cardTarget(node) {
  const element = node instanceof Element ? node : node && node.parentElement;
  const target = element ? element.closest("[data-card]") : null;
  return target && CODE.test(target.dataset.card || "") ? target : null;
}

function ensureBox() {
  if (box) return box;
  box = h("div", { class: "card-preview", id: "card-preview", "aria-hidden": "true", hidden: true },
    h("img", { alt: "", width: 244, height: 340, decoding: "async" }));
  document.body.append(box);
  return box;
}

function place(anchor) {
  const rect = anchor.getBoundingClientRect();
  const viewWidth = document.documentElement.clientWidth;
  const viewHeight = document.documentElement.clientHeight;
  const width = box.offsetWidth;
  const height = box.offsetHeight;
  let left;
  let top;
  if (rect.right + GAP + width <= viewWidth - GAP) {
    left = rect.right + GAP;
    top = rect.top + rect.height / 2 - height / 2;
  } else if (rect.left - GAP - width >= GAP) {
    left = rect.left - GAP - width;
    top = rect.top + rect.height / 2 - height / 2;
  } else {
    // No room at the sides (a phone): above the name when it fits there, else below it.
    left = rect.left + rect.width / 2 - width / 2;
    top = rect.top - GAP - height >= GAP ? rect.top - GAP - height : rect.bottom + GAP;
  }
  left = Math.max(GAP, Math.min(left, viewWidth - GAP - width));
  top = Math.max(GAP, Math.min(top, viewHeight - GAP - height));
  box.style.left = `${Math.round(left)}px`;
  box.style.top = `${Math.round(top)}px`;
}

// Shows the card of `target` (an element with data-card) beside it.
export function show(target) {
  ensureBox();
  const image = box.querySelector("img");
  const src = faceURL(target.dataset.card);
  if (image.getAttribute("src") !== src) image.setAttribute("src", src);
  shownFor = target;
  box.hidden = false;
  place(target);
}

// Hides the preview (nothing when none is shown).
export function hide() {
  window.clearTimeout(timer);
  timer = 0;
  shownFor = null;
  if (box) box.hidden = true;
}

function later(action, delay) {
  window.clearTimeout(timer);
  timer = window.setTimeout(action, delay);
}

function onPointerOver(event) {
  if (event.pointerType === "touch") return;
  const target = cardTarget(event.target);
  if (!target || target === shownFor) return;
  later(() => show(target), HOVER_DELAY);
}

function onPointerOut(event) {
  if (event.pointerType === "touch") return;
  const target = cardTarget(event.target);
  if (!target || target.contains(event.relatedTarget)) return;
  if (target === shownFor || timer) hide();
}

function onPointerDown(event) {
  const target = cardTarget(event.target);
  if (event.pointerType !== "touch") {
    if (!target && box && !box.hidden) hide();
    return;
  }
  if (!target) {
    hide();
    return;
  }
  if (shownFor && shownFor !== target) hide();
  press = { x: event.clientX, y: event.clientY, target, fired: false };
  later(() => {
    if (!press) return;
    press.fired = true;
    swallowClick = true;
    show(press.target);
  }, LONG_PRESS);
}

function onPointerMove(event) {
  if (!press || press.fired || event.pointerType !== "touch") return;
  if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > MOVE_TOLERANCE) {
    press = null;
    hide();
  }
}

function onPointerEnd(event) {
  if (event.pointerType !== "touch" || !press) return;
  if (!press.fired) window.clearTimeout(timer);
  press = null;
  // The click that follows a fired long-press comes right after this; forget it if none does.
  if (swallowClick) window.setTimeout(() => { swallowClick = false; }, 600);
}

function onClick(event) {
  if (!swallowClick) return;
  swallowClick = false;
  event.preventDefault();
  event.stopPropagation();
}

function onContextMenu(event) {
  // A long-press on a link opens the browser's menu on Android; the preview replaces it.
  if (press && cardTarget(event.target)) event.preventDefault();
}

// Focus from the keyboard only: a tap or click focuses a link or button too, and must not
// open the preview by itself.
function keyboardFocus(element) {
  try {
    return element.matches(":focus-visible");
  } catch (error) {
    return true;
  }
}

function onFocusIn(event) {
  const target = cardTarget(event.target);
  if (target && keyboardFocus(event.target)) show(target);
  else if (!target && shownFor) hide();
}

function onFocusOut(event) {
  const target = cardTarget(event.target);
  if (target && target === shownFor && !target.contains(event.relatedTarget)) hide();
}

function onKeyDown(event) {
  if (event.key === "Escape" && box && !box.hidden) hide();
}

function onScroll() {
  if (box && !box.hidden && !(press && press.fired)) hide();
}

// Starts listening (once) on the document.
export function setUpPreviews() {
  if (document.documentElement.dataset.cardPreview) return;
  document.documentElement.dataset.cardPreview = "on";
  document.addEventListener("pointerover", onPointerOver);
  document.addEventListener("pointerout", onPointerOut);
  document.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove, { passive: true });
  document.addEventListener("pointerup", onPointerEnd);
  document.addEventListener("pointercancel", onPointerEnd);
  document.addEventListener("click", onClick, true);
  document.addEventListener("contextmenu", onContextMenu);
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("focusout", onFocusOut);
  document.addEventListener("keydown", onKeyDown);
  window.addEventListener("scroll", onScroll, { passive: true, capture: true });
}
