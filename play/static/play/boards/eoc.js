// The Elements of Chaos board (elements-of-chaos.md): the turn line (turn, active player, phase,
// STEP and the action chosen), the action table in force with this STEP's choices, the last
// damage card turned, the area grid seen from your own seat (your near row at the bottom, your
// base near-right) with area cards (your own face-down ones show their face to you, and so does
// an opponent's one you have peeked at), items and characters with HP and what they may not do,
// your hand, what a look showed you, and the controls of the moment. Moves are only ever built
// from the legal actions: choose a card or a character, then one of the highlighted squares
// (where the character can move, an adjacent enemy to attack or charge, a square to set a card
// on, the character to use an event); an event or special whose effect has choices then asks
// for each target in turn (docs/eoc-effects.md, "Chosen targets"); mulligan, the order of the 4
// area cards and a pending decision (putting cards of a deck in order) are steps of their own.
// Same exports as every board (see table.js).
import { conceal, fill, h, isTypingOrModified, readJSON } from "../../js/kit/dom.js";
import { icon } from "../../js/kit/icons.js";
import { cardName as nameOf, otherName } from "../../js/kit/names.js";
import { get } from "../../js/kit/http.js";
import { format } from "../../js/kit/text.js";
import { actionKey, firstOf, guided, handSize, moveLine, note, parts, redrawing, tableName, withKey } from "../board_kit.js";

const COLS = 4;
const LETTERS = "abcd";

// Card names by code in the reader's language, from every view drawn (the log is described
// before the first render).
const names = {};
// Card effects by code (the move log names an event's targets by what its effect chooses), and
// the seat whose views these are (null: a spectator).
const effects = {};
let viewerSeat = null;
// The character card on each square ("r,c") in the newest view remembered.
let standing = new Map();
function remember(state) {
  if (!state) return;
  if (state.cards) {
    for (const [code, card] of Object.entries(state.cards)) {
      names[code] = nameOf(card);
      effects[code] = card.effect === undefined ? null : card.effect;
    }
  }
  if (state.seat !== undefined) viewerSeat = state.seat;
  if (state.characters) standing = new Map(state.characters.map((ch) => [`${ch.square[0]},${ch.square[1]}`, ch.card]));
}
// The text on each card's face in the reader's language, by code. The table page embeds those
// of the cards its first view shows (#card-texts); the texts of cards that come into view later
// are asked for once each (#table's data-card-texts-url, which answers only cards this viewer is
// shown, so no deck list is handed out), and a replay's come with its frames (learnTexts).
const texts = readJSON("card-texts");
const textsUrl = (document.getElementById("table") || { dataset: {} }).dataset.cardTextsUrl || "";
const askedTexts = new Set();
// At most this many codes in one request (the API takes 2,000 characters of codes).
const CODES_PER_REQUEST = 100;

// Texts by code from the site (a replay's frames): kept, and the board drawn again with them.
export function learnTexts(more) {
  if (!more || !Object.keys(more).length) return;
  Object.assign(texts, more);
  redraw();
}

// Ask for the texts of the cards `state` shows that are not known yet (each code once; asked
// again after a failed request).
function askTexts(state) {
  if (!textsUrl || !state || !state.cards) return;
  const missing = Object.keys(state.cards).filter((code) => !(code in texts) && !askedTexts.has(code));
  for (let i = 0; i < missing.length; i += CODES_PER_REQUEST) {
    const codes = missing.slice(i, i + CODES_PER_REQUEST);
    codes.forEach((code) => askedTexts.add(code));
    get(`${textsUrl}?codes=${encodeURIComponent(codes.join(","))}`)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then(learnTexts)
      .catch(() => codes.forEach((code) => askedTexts.delete(code)));
  }
}

remember(readJSON("match-view").state);

// What the player has picked: {kind: "card", code} or {kind: "char", square}; the arrangement
// being built (codes, column by column). Both are cleared when the moment changes.
let picked = null;
// A sandbox move being built: the JSON of its source zone ("Sandbox play"), or "".
let sandboxPick = "";
let arrangement = [];
// A target choice under way (docs/eoc-effects.md, "Chosen targets"): {actions, chosen} — the
// legal actions of the card and user picked, and the target entries chosen so far; null when none.
let choice = null;
// The cards of a pending order decision put in order so far (codes, first chosen first).
let ordering = [];
let pickedFor = "";
const redraw = redrawing(render);

const same = (a, b) => Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1];
const key = (square) => `${square[0]},${square[1]}`;

function cardName(code) {
  return names[code] || code;
}

// "b3": column letter and row number as seen from seat 0 (row 1 is seat 0's near row).
export function squareName(square) {
  return `${LETTERS[square[1]]}${square[0] + 1}`;
}

function moment(state, ctx) {
  return [state.turn, state.phase, state.step, state.chosen, state.part ? state.part.seat : "", ctx.legal.length,
    JSON.stringify(state.hand), JSON.stringify(state.decision || null), JSON.stringify(state.characters)].join("|");
}

function pick(value) {
  sandboxPick = "";
  choice = null;
  const already = picked && value && picked.kind === value.kind
    && (value.kind === "card" ? picked.code === value.code : same(picked.square, value.square));
  picked = already ? null : value;
  redraw();
}

// The squares the current pick may go to, each with its action: {"r,c": action} (for an event,
// the user's square with one of its actions: the others differ only in their targets).
function destinations(ctx) {
  const out = new Map();
  if (!ctx.act || !picked || choice) return out;
  for (const action of ctx.legal) {
    if (picked.kind === "card") {
      if (action.type === "set" && action.card === picked.code) out.set(key(action.square), action);
      if (action.type === "event" && action.card === picked.code && !out.has(key(action.by))) out.set(key(action.by), action);
    } else {
      if (action.type === "move" && same(action.from, picked.square)) out.set(key(action.to), action);
      if ((action.type === "attack" || action.type === "charge") && same(action.by, picked.square)) out.set(key(action.target), action);
    }
  }
  return out;
}

// Own characters that can start a square action (move, attack, charge) now.
function movers(ctx) {
  const out = new Set();
  if (!ctx.act || choice) return out;
  for (const action of ctx.legal) {
    if (action.type === "move") out.add(key(action.from));
    if (action.type === "attack" || action.type === "charge") out.add(key(action.by));
  }
  return out;
}

// A guided match's hint asks for a move (attack, charge) from this square: the character to click first.
function guideStarts(ctx, square) {
  const a = ctx.guide;
  if (!a) return false;
  if (a.type === "move") return same(a.from, square);
  return (a.type === "attack" || a.type === "charge") && same(a.by, square);
}

// The card a guided match's hint asks to pick first (to set it, or to use it as an event), or null.
function guideCard(ctx) {
  const a = ctx.guide;
  return a && (a.type === "set" || a.type === "event") ? a.card : null;
}

// -- chosen targets (docs/eoc-effects.md, "Chosen targets") -----------------------------------
// The targets that name one character, and so are chosen by the user.
const CHOSEN = new Set(["enemy", "ally", "adjacent_enemy", "adjacent_ally", "nearest_enemy"]);

// What each entry of an effect's `targets` asks for, in order: "target_<T>" for an operation
// with a chosen target T, "set_square" then "set_card" for set_from_hand, "peek_area". An
// effect that is not a list of operations (null, "manual") asks nothing.
function choiceSlots(effect) {
  const ops = Array.isArray(effect) ? effect : effect && typeof effect === "object" ? [effect] : [];
  const out = [];
  for (const op of ops) {
    if (op.op === "set_from_hand") out.push("set_square", "set_card");
    else if (op.op === "peek_area") out.push("peek_area");
    else if (CHOSEN.has(op.target) && op.op !== "trigger") out.push(`target_${op.target}`);
  }
  return out;
}

// The card whose effect an event or special action uses: the event card, or the character
// standing on the user's square.
function effectCard(action, state) {
  return action.type === "event" ? action.card : charAt(state, action.by);
}

const entryKey = (entry) => JSON.stringify(entry === undefined ? null : entry);

// The legal actions of the choice still possible with the entries chosen so far.
function stillOpen() {
  if (!choice) return [];
  return choice.actions.filter((a) => choice.chosen.every((entry, i) => entryKey((a.targets || [])[i]) === entryKey(entry)));
}

// The candidates of the next choice: {squares: Map "r,c" -> square, cards: Set of codes}.
function candidates() {
  const out = { squares: new Map(), cards: new Set() };
  const i = choice ? choice.chosen.length : 0;
  for (const a of stillOpen()) {
    const entry = (a.targets || [])[i];
    if (Array.isArray(entry)) out.squares.set(key(entry), entry);
    else if (typeof entry === "string") out.cards.add(entry);
  }
  return out;
}

// Starts the choice of targets for actions (the legal actions of one card and user), or sends
// the action at once when there is nothing to choose.
function beginChoice(actions, ctx) {
  const distinct = [];
  const known = new Set();
  for (const a of actions) {
    const k = actionKey(a);
    if (!known.has(k)) distinct.push(a);
    known.add(k);
  }
  choice = { actions: distinct, chosen: [] };
  advance(ctx);
}

// Adds the entry chosen (undefined: none yet), skips the choices that have no candidate, and
// sends the action once exactly one legal action is left; else draws the next choice.
function advance(ctx, entry) {
  if (entry !== undefined) choice.chosen.push(entry);
  for (;;) {
    const left = stillOpen();
    const i = choice.chosen.length;
    if (left.length <= 1 || left.every((a) => !a.targets || i >= a.targets.length)) {
      const action = left[0];
      choice = null;
      picked = null;
      if (action) ctx.act(action);
      else redraw();
      return;
    }
    if (left.some((a) => (a.targets || [])[i] !== null && (a.targets || [])[i] !== undefined)) break;
    choice.chosen.push(null);
  }
  redraw();
}

// Backs out of whatever is picked (a card, a character, a choice of targets, a sandbox card);
// true when there was something to back out of.
function backOut() {
  if (!picked && !choice && !sandboxPick) return false;
  picked = null;
  choice = null;
  sandboxPick = "";
  redraw();
  return true;
}

// Escape backs out of a choice, as the cancel button does.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || isTypingOrModified(event)) return;
  if (backOut()) event.preventDefault();
});

// The prompt of the next choice: "Fireball: choose one adjacent enemy character.".
function choicePrompt(state, labels) {
  const action = choice.actions[0];
  const code = effectCard(action, state);
  const slot = choiceSlots(code ? state.cards[code] && state.cards[code].effect : null)[choice.chosen.length];
  const text = labels[`choose_${slot}`] || labels.choose_other;
  return format(text, { card: code ? cardName(code) : "?" });
}

// The next target a guided match's hint asks for, as a key ("r,c" or a code), or null.
function guideEntry(ctx) {
  const a = ctx.guide;
  if (!a || !choice || !a.targets || !stillOpen().some((b) => actionKey(b) === actionKey(a))) return null;
  const entry = a.targets[choice.chosen.length];
  return Array.isArray(entry) ? key(entry) : entry;
}

function actionLabel(labels, name) {
  return labels[`act_${name}`] || name;
}

function phaseText(state, labels) {
  if (state.phase === "choose" || state.phase === "part") return format(labels.phase_step, { step: state.step });
  return labels[`phase_${state.phase}`] || state.phase;
}

// -- parts ------------------------------------------------------------------------------------
function renderHeader(part, state, ctx) {
  const { labels } = ctx;
  const bits = [];
  if (state.sandbox) bits.push(h("span", { class: "badge eoc-sandbox-badge" }, labels.sandbox_badge));
  if (state.turn) bits.push(h("span", { class: "eoc-turn" }, format(labels.turn, { turn: state.turn })));
  if (state.ap !== null && state.ap !== undefined) {
    bits.push(h("span", { class: "eoc-ap" }, format(labels.active, { name: ctx.seatName(state.ap) })));
  }
  bits.push(h("span", { class: "eoc-phase", dataset: { phase: state.phase } }, phaseText(state, labels)));
  if (state.chosen) bits.push(h("span", { class: "eoc-chosen" }, format(labels.chosen, { action: actionLabel(labels, state.chosen) })));
  if (state.part) bits.push(h("span", { class: "eoc-acting" }, format(labels.acting, { name: ctx.seatName(state.part.seat) })));
  if (state.defence && (state.defence[0] || state.defence[1])) {
    bits.push(h("span", { class: "eoc-defence" }, state.defence.map((d, s) => format(labels.defence, { name: ctx.seatName(s), value: d })).join(" · ")));
  }
  if (state.outcome) {
    const reason = labels[`reason_${state.outcome.reason}`] || state.outcome.reason;
    const who = state.outcome.winners.length ? format(labels.wins, { name: ctx.seatName(state.outcome.winners[0]) }) : labels.draw;
    bits.push(h("strong", { class: "eoc-result" }, `${who} (${reason})`));
  }
  fill(part, bits.flatMap((bit, i) => (i ? [" · ", bit] : [bit])));
}

function stepList(steps, state, labels, current) {
  return h("ol", { class: "eoc-steps" }, Object.values(steps).map((actions, i) => h("li", {
    class: current && state.step === i + 1 ? "is-current" : null, dataset: { step: i + 1 },
  }, h("span", { class: "eoc-step-no" }, format(labels.step_short, { step: i + 1 })), " ",
  actions.map((a) => actionLabel(labels, a)).join(" / "))));
}

function renderRule(part, state, ctx) {
  const { labels } = ctx;
  if (!state.rule) {
    fill(part, note(labels.no_rule));
    return;
  }
  const card = state.cards[state.rule];
  fill(part, h("p", { class: "eoc-rule-name", dataset: { card: state.rule } }, format(labels.rule_of, { card: nameOf(card), name: ctx.seatName(state.ap) })),
    stepList(card.action_table, state, labels, true));
}

function renderTurned(part, state, ctx) {
  const { labels } = ctx;
  const turned = state.turned;
  if (!turned) return conceal(part);
  part.hidden = false;
  const card = state.cards[turned.card];
  const bonus = card.size_bonus ? ` ${format(labels.bonus, { colour: labels[`colour_${card.size_bonus.colour}`] || card.size_bonus.colour, value: card.size_bonus.value > 0 ? `+${card.size_bonus.value}` : card.size_bonus.value })}` : "";
  return fill(part, h("span", { class: "eoc-card eoc-damage-card", title: otherName(card) || nameOf(card), dataset: { card: turned.card } },
    h("span", { class: "eoc-card-name" }, nameOf(card)), h("span", { class: "eoc-card-size" }, `SIZE ${card.size}${bonus}`)),
  " ", h("span", { class: "eoc-damage" }, format(labels.turned, { name: ctx.seatName(turned.seat), damage: turned.damage })));
}

function charLabel(ch, state, ctx) {
  const card = state.cards[ch.card];
  return format(ctx.labels.char_label, { card: nameOf(card), hp: ch.hp, max: ch.max_hp, name: ctx.seatName(ch.owner) });
}

// Whose a thing is, besides its outline (solid: the viewer's, dashed: the other seat's): "me",
// "them", or "" for a spectator, who sees seat 0 near and seat 1 far.
function side(owner, state) {
  if (state.seat === null || state.seat === undefined) return owner === 0 ? "near" : "far";
  return owner === state.seat ? "me" : "them";
}

function sideTag(owner, state, labels) {
  const which = side(owner, state);
  if (which !== "me" && which !== "them") return null;
  return h("span", { class: `eoc-side eoc-side-${which}`, "aria-hidden": "true" }, which === "me" ? labels.side_me : labels.side_them);
}

// The card a face-down area card of the opponent is to this seat, when it has peeked at it
// ("Looks at hidden cards": shown for as long as the card lies there face down), else null.
function peekedAt(square, slot, state) {
  if (!slot || slot.face_up || slot.card || !state.peeks) return null;
  const peek = state.peeks.find((p) => p.from === "area" && same(p.square, square));
  return peek ? peek.card : null;
}

// What an area card is, in words: "item face up: X", "your area card face down: X", "an area
// card face down, seen only by you: X", "an area card face down".
function slotText(square, slot, state, labels) {
  if (slot.face_up) return format(labels.item_up, { card: cardName(slot.card) });
  if (slot.card) return format(labels.own_down, { card: cardName(slot.card) });
  const peeked = peekedAt(square, slot, state);
  return peeked ? format(labels.peeked_down, { card: cardName(peeked) }) : labels.face_down;
}

// What a character may not do now, as small badges with their meaning as a title.
function prohibitedBadges(ch, labels) {
  const what = ch.prohibited || [];
  if (!what.length) return null;
  return h("span", { class: "eoc-prohibited" }, what.map((w) => h("span", {
    class: `eoc-no eoc-no-${w}`, title: labels[`no_${w}_title`] || w, dataset: { prohibited: w },
  }, labels[`no_${w}`] || w)));
}

// The changes in force on a character (movement, attack damage, damage taken, maximum HP, charge
// damage) made by events, specials and triggers, as small badges titled with how long they last.
function changeBadges(ch, labels) {
  const changes = (ch.changes || []).filter((c) => labels[`chg_${c.kind}`]);
  if (!changes.length) return null;
  return h("span", { class: "eoc-changes" }, changes.map((c) => h("span", {
    class: "eoc-chg", title: labels[`chg_until_${c.until}`] || c.until, dataset: { change: c.kind },
  }, format(labels[`chg_${c.kind}`], { amount: c.amount > 0 ? `+${c.amount}` : `${c.amount}` }))));
}

function squareContent(square, slot, ch, state, ctx) {
  const { labels } = ctx;
  const bits = [h("span", { class: "eoc-sq-name", "aria-hidden": "true" }, squareName(square))];
  const base = state.bases.findIndex((b) => same(b, square));
  if (base >= 0) bits.push(h("span", { class: `eoc-base eoc-owner-${side(base, state)}` }, format(labels.base_of, { name: ctx.seatName(base) })));
  if (slot) {
    const peeked = peekedAt(square, slot, state);
    const cls = `eoc-slot eoc-owner-${side(slot.owner, state)}${slot.face_up ? " is-up" : " is-down"}${peeked ? " is-peeked" : ""}`;
    const shown = slot.card || peeked;
    const text = shown ? cardName(shown) : labels.face_down;
    const title = slotText(square, slot, state, labels);
    let face;
    if (slot.face_up) face = [icon("face-up"), ` ${text}`];
    else if (peeked) face = [icon("seen", { label: labels.peeked_mark }), ` ${text}`];
    else if (slot.card) face = [icon("face-down"), ` ${text}`];
    else face = icon("hidden", { label: text });
    bits.push(h("span", { class: cls, title, dataset: shown ? { card: shown } : {} }, face));
  }
  if (ch) {
    bits.push(h("span", { class: `eoc-char eoc-owner-${side(ch.owner, state)}${ch.hp === 0 ? " is-zero" : ""}`,
      title: charLabel(ch, state, ctx), dataset: { card: ch.card } },
    sideTag(ch.owner, state, labels),
    h("span", { class: "eoc-char-name" }, cardName(ch.card)),
    h("span", { class: "eoc-hp" }, `HP ${ch.hp}/${ch.max_hp}`),
    prohibitedBadges(ch, labels), changeBadges(ch, labels)));
  }
  return bits;
}

function squareLabel(square, slot, ch, state, ctx) {
  const { labels } = ctx;
  const parts = [squareName(square)];
  const base = state.bases.findIndex((b) => same(b, square));
  if (base >= 0) parts.push(format(labels.base_of, { name: ctx.seatName(base) }));
  parts.push(slot ? slotText(square, slot, state, labels) : labels.empty_square);
  if (ch) {
    parts.push(charLabel(ch, state, ctx));
    for (const w of ch.prohibited || []) parts.push(labels[`no_${w}_title`] || w);
    for (const c of ch.changes || []) {
      if (labels[`chg_${c.kind}`]) {
        parts.push(`${format(labels[`chg_${c.kind}`], { amount: c.amount > 0 ? `+${c.amount}` : `${c.amount}` })} (${labels[`chg_until_${c.until}`] || c.until})`);
      }
    }
  }
  return parts.join(", ");
}

// The legal events of the card picked used by the character on square (they differ only in
// their targets).
function eventsBy(ctx, code, square) {
  return ctx.legal.filter((a) => a.type === "event" && a.card === code && same(a.by, square));
}

// A guided match's hint uses the card picked with the character on this square.
function guideUser(ctx, square) {
  const a = ctx.guide;
  return Boolean(a && a.type === "event" && picked && picked.kind === "card" && a.card === picked.code && same(a.by, square));
}

function renderArea(part, state, ctx) {
  const viewer = state.seat === 1 ? 1 : 0;
  const rows = [...Array(state.rows).keys()];
  const cols = [...Array(COLS).keys()];
  const rowOrder = viewer === 0 ? rows.reverse() : rows;
  const colOrder = viewer === 0 ? cols : cols.reverse();
  const chars = new Map(state.characters.map((ch) => [key(ch.square), ch]));
  const goTo = destinations(ctx);
  const canStart = movers(ctx);
  const sandbox = choice ? [] : sandboxMoves(ctx);
  const sandboxTo = sandboxTargets(sandbox);
  const sandboxFromSquare = sandboxSources(sandbox);
  const hps = ctx.act && !choice ? ctx.legal.filter((a) => a.type === "sandbox_hp") : [];
  const offered = choice ? candidates().squares : new Map();
  const user = choice ? choice.actions[0].by : null;
  const chosen = choice ? new Set(choice.chosen.filter(Array.isArray).map(key)) : new Set();
  const guideNext = guideEntry(ctx);
  const cells = [];
  for (const r of rowOrder) {
    for (const c of colOrder) {
      const square = [r, c];
      const slot = state.area[r][c];
      const ch = chars.get(key(square));
      const action = goTo.get(key(square)) || sandboxTo.get(key(square));
      const startable = canStart.has(key(square));
      const source = !action && !startable ? sandboxFromSquare.get(key(square)) : null;
      const candidate = offered.get(key(square));
      const isPicked = (picked && picked.kind === "char" && same(picked.square, square)) || (source && source === sandboxPick)
        || (user && same(user, square));
      const classes = ["eoc-square"];
      if (!slot) classes.push("is-empty");
      const baseOf = state.bases.findIndex((b) => same(b, square));
      if (baseOf >= 0) classes.push("is-base", `is-base-${side(baseOf, state)}`);
      if (action) classes.push(action.type === "attack" || action.type === "charge" ? "is-target" : "is-reachable");
      if (candidate) classes.push("is-choice");
      if (chosen.has(key(square))) classes.push("is-chosen");
      if (startable || source) classes.push("is-movable");
      if (isPicked) classes.push("is-picked");
      const guidedHere = candidate ? guideNext === key(square)
        : action ? (action.type === "event" ? guideUser(ctx, square) : guided(ctx, action))
          : startable && !picked && guideStarts(ctx, square);
      if (guidedHere) classes.push("is-guided");
      const label = squareLabel(square, slot, ch, state, ctx);
      const content = squareContent(square, slot, ch, state, ctx);
      const data = { square: squareName(square), row: r, col: c };
      let cell;
      if (candidate) {
        cell = h("button", {
          type: "button", class: classes.join(" "), dataset: data, disabled: ctx.pending, "aria-label": label,
          onclick: () => advance(ctx, candidate),
        }, content);
      } else if (action || startable || source) {
        cell = h("button", {
          type: "button", class: classes.join(" "), dataset: data, disabled: ctx.pending, "aria-label": label,
          "aria-pressed": startable || source ? (isPicked ? "true" : "false") : null,
          onclick: () => {
            if (action && action.type === "event") beginChoice(eventsBy(ctx, action.card, square), ctx);
            else if (action) {
              picked = null;
              sandboxPick = "";
              ctx.act(action);
            } else if (source) pickSandbox(source);
            else pick({ kind: "char", square });
          },
        }, content);
      } else cell = h("div", { class: classes.join(" "), dataset: data, role: "img", "aria-label": label }, content);
      const tools = ch ? hpTools(ch, hps, ctx) : null;
      cells.push(tools ? h("div", { class: "eoc-cell" }, cell, tools) : cell);
    }
  }
  part.style.setProperty("--eoc-rows", state.rows);
  fill(part, cells);
}

// What tells the two sides apart on the area, besides colour: a tag and the outline's style.
function renderLegend(part, state, ctx) {
  const { labels } = ctx;
  if (state.seat === null || state.seat === undefined) return conceal(part);
  part.hidden = false;
  return fill(part, h("span", { class: "eoc-side eoc-side-me" }, labels.side_me), " ",
    h("span", { class: "eoc-side eoc-side-them" }, labels.side_them), " ", labels.side_legend);
}

function handCard(code, state, ctx, attributes = {}) {
  const card = state.cards[code];
  const { labels } = ctx;
  const type = labels[`type_${card.type}`] || card.type;
  const details = [type, `SIZE ${card.size}`];
  if (card.type === "character") details.push(`HP ${card.hp}`, `${labels[`dir_${card.directions}`] || card.directions} ${card.movement}`);
  const steps = Object.values(card.action_table).map((actions, i) => `${i + 1}:${actions.map((a) => actionLabel(labels, a)).join("/")}`).join(" ");
  const colours = card.colours.map((c) => labels[`colour_${c}`] || c).join(labels.colour_joiner || "/") || labels.colourless;
  const tag = attributes.onclick ? "button" : "span";
  const { class: extra = "", dataset = {}, ...rest } = attributes;
  const text = texts[code] || "";
  return h(tag, { ...(tag === "button" ? { type: "button" } : {}), class: `eoc-card eoc-type-${card.type} ${extra}`.trim(),
    dataset: { code, card: code, ...dataset }, title: [otherName(card) || nameOf(card), text].filter(Boolean).join("\n"), ...rest },
    h("span", { class: "eoc-card-name" }, nameOf(card)),
    h("span", { class: "eoc-card-facts" }, `${colours} · ${details.join(" · ")}`),
    h("span", { class: "eoc-card-steps" }, steps),
    text ? h("span", { class: "eoc-card-text" }, text) : null);
}

// Hand cards: which are usable now and what clicking them does.
function renderHand(part, state, ctx) {
  const { labels, legal } = ctx;
  if (state.hand === null) {
    fill(part, note(labels.spectating));
    return;
  }
  if (!state.hand.length) {
    fill(part, note(labels.empty_hand));
    return;
  }
  const act = ctx.act;
  const direct = new Map();
  const pickable = new Set();
  const sandboxHand = new Map();
  if (choice) {
    // A choice of targets under way: only the cards it offers (set_from_hand) can be clicked.
    const offered = candidates().cards;
    const guideNext = guideEntry(ctx);
    const seenCodes = new Set();
    fill(part, state.hand.map((code, i) => {
      const first = !seenCodes.has(code);
      seenCodes.add(code);
      if (first && offered.has(code)) {
        return handCard(code, state, ctx, {
          class: `choosable is-choice${guideNext === code ? " is-guided" : ""}`, disabled: ctx.pending,
          onclick: () => advance(ctx, code),
        });
      }
      const using = first && choice.actions[0].type === "event" && choice.actions[0].card === code;
      return handCard(code, state, ctx, { class: using ? "is-chosen" : "", dataset: { code, index: i } });
    }));
    return;
  }
  for (const a of sandboxMoves(ctx)) if (a.from.zone === "hand" && a.from.seat === state.seat) sandboxHand.set(a.from.card, JSON.stringify(a.from));
  if (act) {
    for (const a of legal) {
      if (a.type === "place_character" || a.type === "action_table") direct.set(a.card, a);
      if (a.type === "set" || a.type === "event") pickable.add(a.card);
    }
  }
  const seen = new Set();
  fill(part, state.hand.map((code, i) => {
    const first = !seen.has(code);
    seen.add(code);
    const action = first ? direct.get(code) : null;
    const canPick = first && pickable.has(code);
    const isPicked = canPick && picked && picked.kind === "card" && picked.code === code;
    if (action) {
      const verb = action.type === "place_character" ? labels.place_card : labels.table_card;
      return handCard(code, state, ctx, {
        class: `playable${guided(ctx, action)}`, disabled: ctx.pending, "aria-label": format(verb, { card: cardName(code) }), onclick: () => act(action),
      });
    }
    if (canPick) {
      return handCard(code, state, ctx, {
        class: `choosable${isPicked ? " is-chosen" : ""}${!picked && guideCard(ctx) === code ? " is-guided" : ""}`,
        "aria-pressed": isPicked ? "true" : "false", disabled: ctx.pending,
        onclick: () => pick({ kind: "card", code }),
      });
    }
    const source = first ? sandboxHand.get(code) : null;
    if (source) {
      const isChosen = sandboxPick === source;
      return handCard(code, state, ctx, {
        class: `choosable${isChosen ? " is-chosen" : ""}`, "aria-pressed": isChosen ? "true" : "false", disabled: ctx.pending,
        onclick: () => pickSandbox(source),
      });
    }
    return handCard(code, state, ctx, { dataset: { code, index: i } });
  }));
}

function hint(state, ctx) {
  const { labels, legal } = ctx;
  if (ctx.readOnly) return "";
  if (!ctx.act) {
    if (state.outcome) return "";
    // A spectator: the hand area already says the hands are hidden; the hint does not repeat it.
    if (state.seat === null || state.seat === undefined) return "";
    return labels.wait;
  }
  if (choice) return choicePrompt(state, labels);
  if (sandboxPick) return labels.sandbox_pick_hint;
  const types = new Set(legal.map((a) => a.type).filter((t) => !t.startsWith("sandbox_")));
  if (!types.size) return state.outcome ? "" : labels.wait;
  if (picked && picked.kind === "card" && types.has("set")) return format(labels.hint_set_square, { card: cardName(picked.code) });
  if (picked && picked.kind === "card" && types.has("event")) return format(labels.hint_event_by, { card: cardName(picked.code) });
  if (picked && picked.kind === "char") return labels.hint_char_target;
  if (types.has("order")) return labels.hint_order;
  if (types.has("mulligan")) return labels.hint_mulligan;
  if (types.has("arrange")) return labels.hint_arrange;
  if (types.has("place_character")) return labels.hint_place;
  if (types.has("set")) return labels.hint_set;
  if (types.has("action_table")) return labels.hint_table;
  if (types.has("choose")) return format(labels.hint_choose, { step: state.step });
  if (types.has("move") || types.has("attack") || types.has("charge")) return labels.hint_part;
  if (types.has("event")) return labels.hint_event;
  if (state.phase === "character") return labels.hint_skip_character;
  return labels.hint_done;
}

function button(text, action, ctx, cls = "secondary", shortcut = null) {
  const dataset = { action: action.type, choice: action.action || null };
  if (!dataset.choice) delete dataset.choice;
  return h("button", { type: "button", class: `${cls}${guided(ctx, action)}`.trim(), disabled: ctx.pending, dataset, onclick: () => {
    picked = null;
    ctx.act(action);
  } }, shortcut ? withKey(text, shortcut) : text);
}

function renderArrange(part, state, ctx) {
  const { labels, legal } = ctx;
  const cards = state.to_arrange || [];
  const left = [...cards];
  for (const code of arrangement) left.splice(left.indexOf(code), 1);
  const viewerCols = state.seat === 1 ? [3, 2, 1, 0] : [0, 1, 2, 3];
  const row = state.seat === 1 ? state.rows - 1 : 0;
  // The k-th card chosen goes on the k-th square from your left; the action names columns.
  const byCol = {};
  arrangement.forEach((code, k) => { byCol[viewerCols[k]] = code; });
  const full = arrangement.length === cards.length && cards.length === COLS;
  const wanted = full ? [0, 1, 2, 3].map((col) => byCol[col]) : null;
  const order = full ? firstOf(legal, "arrange", (a) => a.order.every((c, i) => c === wanted[i])) : null;
  // A guided match marks the card that goes on the next square, then the confirm button.
  const asked = ctx.guide && ctx.guide.type === "arrange"
    ? ctx.guide.order[viewerCols[arrangement.length]] : null;
  const onPath = ctx.guide && ctx.guide.type === "arrange" && arrangement.every((code, k) => ctx.guide.order[viewerCols[k]] === code);
  const mark = onPath ? left.indexOf(asked) : -1;  // one card, where copies are alike
  const pool = left.map((code, i) => h("button", {
    type: "button", class: `eoc-arrange-card${i === mark ? " is-guided" : ""}`,
    dataset: { code, card: code }, disabled: ctx.pending,
    onclick: () => { arrangement = [...arrangement, code]; redraw(); } }, cardName(code)));
  fill(part,
    h("p", {}, labels.arrange_intro),
    h("ol", { class: "eoc-arrange-slots" }, viewerCols.map((col) => h("li", { dataset: { col } },
      h("span", { class: "eoc-sq-name" }, squareName([row, col])), " ",
      byCol[col] ? h("strong", { dataset: { card: byCol[col] } }, cardName(byCol[col])) : h("span", { class: "muted" }, labels.arrange_next)))),
    h("div", { class: "actions" }, pool),
    h("div", { class: "actions" },
      h("button", { type: "button", class: `eoc-arrange-done${guided(ctx, order)}`, disabled: ctx.pending || !order, onclick: () => {
        arrangement = [];
        ctx.act(order);
      } }, labels.arrange_done),
      h("button", { type: "button", class: "secondary eoc-arrange-clear", disabled: ctx.pending || !arrangement.length, onclick: () => { arrangement = []; redraw(); } }, labels.arrange_clear)));
}

// The button of a character's special: one per user, whatever targets its actions name; it
// sends the action, or starts the choice of its targets.
function specialButton(actions, state, ctx) {
  const a = actions[0];
  const text = format(ctx.labels.special_by, { card: cardName(charAt(state, a.by)), square: squareName(a.by) });
  const asked = ctx.guide && ctx.guide.type === "special" && same(ctx.guide.by, a.by);
  return h("button", { type: "button", class: `secondary${asked ? " is-guided" : ""}`, disabled: ctx.pending,
    dataset: { action: "special", square: squareName(a.by) }, onclick: () => {
      picked = null;
      beginChoice(actions, ctx);
    } }, text);
}

function renderControls(part, state, ctx) {
  const { labels, legal } = ctx;
  const arrange = conceal(parts(part.parentElement)("arrange"));
  if (!ctx.act) return fill(part);
  if (choice) {
    return fill(part, h("button", { type: "button", class: "secondary eoc-cancel", onclick: backOut },
      withKey(labels.cancel, "Esc")));
  }
  const out = [];
  const specials = new Map();
  for (const a of legal) {
    if (a.type === "mulligan") out.push(button(a.take ? labels.mulligan_take : labels.mulligan_keep, a, ctx, a.take ? "secondary" : "", a.take ? "M" : "K"));
    else if (a.type === "choose") out.push(button(actionLabel(labels, a.action), a, ctx, "eoc-choose"));
    else if (a.type === "defend") out.push(button(labels.defend, a, ctx, "", "F"));
    else if (a.type === "special") {
      if (!specials.has(key(a.by))) {
        specials.set(key(a.by), []);
        out.push(key(a.by));
      }
      specials.get(key(a.by)).push(a);
    }
  }
  for (const [i, item] of out.entries()) if (typeof item === "string") out[i] = specialButton(specials.get(item), state, ctx);
  if (legal.some((a) => a.type === "arrange")) {
    arrange.hidden = false;
    renderArrange(arrange, state, ctx);
  }
  const skip = firstOf(legal, "skip");
  if (skip) out.push(button(state.phase === "character" ? labels.skip_character : labels.skip_set, skip, ctx, "secondary", "S"));
  const done = firstOf(legal, "done");
  if (done) out.push(button(labels.done, done, ctx, "secondary eoc-done", "D"));
  out.push(sandboxPicking(state, ctx));
  if (picked || sandboxPick) out.push(h("button", { type: "button", class: "link-button eoc-cancel", onclick: backOut }, withKey(labels.cancel, "Esc")));
  return fill(part, out);
}

// -- decisions (docs/eoc-effects.md, "Decisions") ----------------------------------------------
// A pending order decision: the deciding seat clicks the cards in the order it wants (first
// click first), may take the last back or start again, then confirms; the other seat and the
// spectators read who is deciding and on how many cards.
function renderDecision(part, state, ctx) {
  const { labels } = ctx;
  const decision = state.decision;
  if (!decision) return conceal(part);
  part.hidden = false;
  const count = decision.cards ? decision.cards.length : decision.count;
  if (decision.seat !== state.seat || !decision.cards) {
    return fill(part, h("p", { class: "eoc-decision-line", dataset: { kind: decision.kind } },
      format(labels.decision_other, { name: ctx.seatName(decision.seat), count })));
  }
  const pile = decision.deck === state.seat ? labels.your_deck : format(labels.deck_of, { name: ctx.seatName(decision.deck) });
  const cards = decision.cards;
  const left = [...cards];
  for (const code of ordering) left.splice(left.indexOf(code), 1);
  const full = ordering.length === cards.length;
  const answer = full && ctx.act ? firstOf(ctx.legal, "order", (a) => Array.isArray(a.cards) && a.cards.length === ordering.length
    && a.cards.every((c, i) => c === ordering[i])) : null;
  const canClick = Boolean(ctx.act) && !ctx.pending;
  const pool = left.map((code, i) => (canClick
    ? handCard(code, state, ctx, { class: "choosable eoc-order-card", dataset: { index: i },
      onclick: () => { ordering = [...ordering, code]; redraw(); } })
    : handCard(code, state, ctx, { class: "eoc-order-card", dataset: { index: i } })));
  return fill(part,
    h("p", { class: "eoc-decision-line is-mine", dataset: { kind: decision.kind } },
      format(decision.to === "top" ? labels.order_top : labels.order_bottom, { count, pile })),
    h("ol", { class: "eoc-order-slots" }, cards.map((_, i) => h("li", { dataset: { position: i + 1 } },
      ordering[i] ? h("strong", { dataset: { card: ordering[i] } }, cardName(ordering[i])) : h("span", { class: "muted" }, labels.arrange_next)))),
    h("div", { class: "hand eoc-order-pool" }, pool),
    h("div", { class: "actions" },
      h("button", { type: "button", class: `eoc-order-done${guided(ctx, answer)}`, disabled: ctx.pending || !answer, onclick: () => {
        ordering = [];
        ctx.act(answer);
      } }, labels.order_done),
      h("button", { type: "button", class: "secondary eoc-order-undo", disabled: !canClick || !ordering.length,
        onclick: () => { ordering = ordering.slice(0, -1); redraw(); } }, labels.order_undo),
      h("button", { type: "button", class: "secondary eoc-order-clear", disabled: !canClick || !ordering.length,
        onclick: () => { ordering = []; redraw(); } }, labels.arrange_clear)));
}

// -- looks (docs/eoc-effects.md, "Looks at hidden cards") ---------------------------------------
// What a look showed this seat, each card with its face and where it lies.
function renderPeeks(part, state, ctx) {
  const { labels } = ctx;
  const peeks = state.peeks && state.peeks.length ? state.peeks : null;
  if (!peeks) return conceal(part);
  part.hidden = false;
  return fill(part, h("p", { class: "eoc-peeks-title" }, labels.peeks_title),
    h("div", { class: "hand eoc-peeks-cards" }, peeks.map((p) => h("figure", { class: "eoc-peek", dataset: { from: p.from } },
      handCard(p.card, state, ctx),
      h("figcaption", { class: "muted" }, p.from === "area" && Array.isArray(p.square)
        ? format(labels.peek_area, { square: squareName(p.square) }) : labels.peek_hand)))));
}

function charAt(state, square) {
  const ch = state.characters.find((c) => same(c.square, square));
  return ch ? ch.card : "";
}

// Cards by code as names, each previewable, separated by commas ("—" for none).
function cardList(codes) {
  if (!codes.length) return "—";
  return codes.map((code, i) => [i ? ", " : "", h("span", { dataset: { card: code } }, cardName(code))]);
}

function renderPiles(part, state, ctx) {
  const { labels } = ctx;
  const rows = [0, 1].map((s) => h("tr", { dataset: { seat: s } },
    h("th", { scope: "row", class: "player-name" }, tableName(ctx.seatName(s))),
    h("td", {}, cardList(state.action_tables[s])),
    h("td", {}, cardList(state.discards[s])),
    h("td", {}, cardList(state.downs[s]))));
  fill(part, h("div", { class: "table-wrap" }, h("table", { class: "eoc-piles-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, labels.player), h("th", { scope: "col" }, labels.tables),
      h("th", { scope: "col" }, labels.discard), h("th", { scope: "col" }, labels.down))),
    h("tbody", {}, rows))));
}

export function render(container, state, ctx) {
  remember(state);
  redraw.keep(container, state, ctx);
  askTexts(state);
  const now = moment(state, ctx);
  if (now !== pickedFor) {
    picked = null;
    choice = null;
    sandboxPick = "";
    ordering = [];
    if (state.phase !== "arrange") arrangement = [];
    pickedFor = now;
  }
  if (state.phase === "arrange" && state.to_arrange && arrangement.length > state.to_arrange.length) arrangement = [];
  const part = parts(container);
  renderHeader(part("header"), state, ctx);
  renderRule(part("rule"), state, ctx);
  renderTurned(part("turned"), state, ctx);
  renderArea(part("area"), state, ctx);
  renderLegend(part("legend"), state, ctx);
  renderHand(part("hand"), state, ctx);
  fill(part("hint"), hint(state, ctx));
  renderDecision(part("decision"), state, ctx);
  renderControls(part("actions"), state, ctx);
  renderPiles(part("piles"), state, ctx);
  renderSandbox(part("sandbox"), state, ctx);
  part("keys").hidden = !ctx.act;
  const seen = state.seen && state.seen.length ? state.seen : null;
  part("seen").hidden = !seen;
  fill(part("seen"), seen ? format(ctx.labels.seen, { cards: seen.map(cardName).join(", ") }) : "");
  renderPeeks(part("peeks"), state, ctx);
}

export function seatDetails(state, index, ctx) {
  const { labels } = ctx;
  const mulligan = state.mulligans ? state.mulligans[index] : null;
  return [
    state.ap === index && !state.outcome ? h("span", { class: "badge eoc-ap-badge" }, labels.ap_badge) : null,
    handSize(state.hand_sizes[index], labels),
    h("span", { class: "deck-size", dataset: { count: state.deck_sizes[index] } }, format(labels.deck_size, { count: state.deck_sizes[index] })),
    h("span", { class: "down-count", dataset: { count: state.downs[index].length } }, format(labels.down_count, { count: state.downs[index].length })),
    state.phase === "mulligan" && mulligan !== null ? h("span", { class: "badge" }, mulligan ? labels.took_mulligan : labels.kept_hand) : null,
  ];
}

// The code of the card a move-log entry names ({seat, action, by}), for its preview; null when
// it names none (or the viewer may not see it).
export function cardOf(entry) {
  const a = (entry && entry.action) || {};
  if (["place_character", "set", "action_table", "event"].includes(a.type)) return a.card || null;
  if (a.type === "sandbox_move") return (a.from && a.from.card) || null;
  return null;
}

// One line for the move log: {seat, action, by}, as the viewer may see it (a card set face down
// by the other seat and the other seat's mulligan and arrangement come without their cards).
export function describe(entry, ctx) {
  const { labels } = ctx;
  const sq = (s) => (Array.isArray(s) ? squareName(s) : "?");
  return moveLine(entry, ctx, (a, name) => {
    switch (a.type) {
      case "mulligan":
        return a.take === undefined ? format(labels.log_mulligan, { name }) : format(a.take ? labels.log_mulligan_take : labels.log_mulligan_keep, { name });
      case "arrange": return format(labels.log_arrange, { name });
      case "place_character": return format(labels.log_place, { name, card: cardName(a.card) });
      case "skip": return format(labels.log_skip, { name });
      case "set": return a.card ? format(labels.log_set_card, { name, card: cardName(a.card), square: sq(a.square) }) : format(labels.log_set, { name, square: sq(a.square) });
      case "action_table": return format(labels.log_table, { name, card: cardName(a.card) });
      case "choose": return format(labels.log_choose, { name, action: actionLabel(labels, a.action) });
      case "event":
        if (Array.isArray(a.targets)) {
          return format(labels.log_event_targets, { name, card: cardName(a.card), square: sq(a.by), targets: targetWords(a.targets, effects[a.card], entry, ctx) });
        }
        return format(labels.log_event, { name, card: cardName(a.card), square: sq(a.by) });
      case "move": return format(labels.log_move, { name, from: sq(a.from), to: sq(a.to) });
      case "attack": return format(labels.log_attack, { name, by: sq(a.by), target: sq(a.target) });
      case "charge": return format(labels.log_charge, { name, by: sq(a.by), target: sq(a.target) });
      case "defend": return format(labels.log_defend, { name });
      case "special":
        if (Array.isArray(a.targets)) {
          return format(labels.log_special_targets, { name, square: sq(a.by), targets: targetWords(a.targets, specialEffect(a), entry, ctx) });
        }
        return format(labels.log_special, { name, square: sq(a.by) });
      case "order":
        return Array.isArray(a.cards)
          ? format(labels.log_order_cards, { name, cards: a.cards.map(cardName).join(", ") })
          : format(labels.log_order, { name });
      case "done": return format(labels.log_done, { name });
      case "sandbox_move":
        return a.from && a.from.card
          ? format(labels.log_sandbox_move_card, { name, card: cardName(a.from.card), from: zoneText(a.from, labels, ctx, "to"), to: zoneText(a.to, labels, ctx, "to") })
          : format(labels.log_sandbox_move, { name, from: zoneText(a.from, labels, ctx, "from"), to: zoneText(a.to, labels, ctx, "to") });
      case "sandbox_hp": return format(labels.log_sandbox_hp, { name, square: sq(a.square), hp: a.hp });
      default: return null;
    }
  }, "log_other");
}

// The targets of an event or special in words, in order: a square by its name ("b3"), a card of
// the hand by its name; an empty entry is "a card" where it stands for a card of the hand set
// face down that the viewer may not see (docs/eoc-effects.md, "Chosen targets"), else "no target".
function targetWords(entries, effect, entry, ctx) {
  const { labels } = ctx;
  const slots = choiceSlots(effect);
  const hidden = entry.seat !== viewerSeat;
  return entries.map((t, i) => {
    if (Array.isArray(t)) return squareName(t);
    if (typeof t === "string") return cardName(t);
    return slots[i] === "set_card" && hidden ? labels.target_hidden_card : labels.target_none;
  }).join(", ");
}

// The effect of the special a logged action used: that of the character standing on its square
// in the newest view, when there is one (an empty target is named only with it).
function specialEffect(action) {
  const code = standing.get(Array.isArray(action.by) ? key(action.by) : "");
  return code ? effects[code] : null;
}

// A zone of a sandbox move in words: "Ann's discard pile", "the area card on b2", …
function zoneText(zone, labels, ctx, side) {
  if (!zone) return "?";
  if (zone.zone === "area") return format(labels.zone_area, { square: squareName(zone.square) });
  if (zone.zone === "character") return format(labels.zone_character, { square: squareName(zone.square) });
  const owner = ctx.seatName(zone.seat);
  if (zone.zone === "hand" && zone.card && side === "from") return format(labels.zone_hand_card, { name: owner, card: cardName(zone.card) });
  return format(labels[`zone_${zone.zone}`] || zone.zone, { name: owner });
}

// -- sandbox play ("Sandbox play") -------------------------------------------------------------
function sandboxMoves(ctx) {
  return ctx.act ? ctx.legal.filter((a) => a.type === "sandbox_move") : [];
}

// Squares a card can be taken from by hand: {"r,c": JSON of the source zone}; the character
// when there is one (the area card under it cannot be taken).
function sandboxSources(moves) {
  const out = new Map();
  for (const a of moves) {
    if (a.from.zone !== "area" && a.from.zone !== "character") continue;
    const k = key(a.from.square);
    if (!out.has(k) || a.from.zone === "character") out.set(k, JSON.stringify(a.from));
  }
  return out;
}

// The squares the picked sandbox source may go to, each with its action.
function sandboxTargets(moves) {
  const out = new Map();
  if (!sandboxPick) return out;
  for (const a of moves) {
    if (JSON.stringify(a.from) === sandboxPick && (a.to.zone === "area" || a.to.zone === "character")) out.set(key(a.to.square), a);
  }
  return out;
}

function pickSandbox(source) {
  picked = null;
  sandboxPick = sandboxPick === source ? "" : source;
  if (sandboxPick) sandboxFrom = sandboxPick;
  redraw();
}

// The − and + of a character's HP, each the legal sandbox_hp action one lower or higher.
function hpTools(ch, hps, ctx) {
  const mine = hps.filter((a) => same(a.square, ch.square));
  if (!mine.length) return null;
  const { labels } = ctx;
  const words = { card: cardName(ch.card), square: squareName(ch.square) };
  const step = (delta, text, cls, label) => {
    const action = mine.find((a) => a.hp === ch.hp + delta);
    return h("button", { type: "button", class: `secondary eoc-hp-step ${cls}`, disabled: ctx.pending || !action,
      "aria-label": format(label, words), title: format(label, words), onclick: () => action && ctx.act(action) }, text);
  };
  return h("span", { class: "eoc-hp-tools", dataset: { square: squareName(ch.square) } },
    step(-1, "−", "eoc-hp-minus", labels.hp_minus), step(1, "+", "eoc-hp-plus", labels.hp_plus));
}

// The card a sandbox source zone holds, when the viewer may know it (null otherwise).
function cardIn(zone, state) {
  if (zone.zone === "area" || zone.zone === "character") {
    const slot = state.area[zone.square[0]][zone.square[1]];
    const ch = state.characters.find((c) => same(c.square, zone.square));
    return zone.zone === "character" ? ch && ch.card : slot && slot.card;
  }
  if (zone.zone === "hand") return zone.card;
  if (["discard", "down", "table"].includes(zone.zone)) {
    const pile = state[{ discard: "discards", down: "downs", table: "action_tables" }[zone.zone]][zone.seat];
    return pile && pile.length ? pile[0] : null;
  }
  return null;
}

// The card picked for a sandbox move and the piles it may go to (the squares are highlighted on
// the board), shown with the controls; null when none is picked.
function sandboxPicking(state, ctx) {
  if (!sandboxPick) return null;
  const { labels } = ctx;
  const moves = sandboxMoves(ctx).filter((a) => JSON.stringify(a.from) === sandboxPick);
  if (!moves.length) return null;
  const from = moves[0].from;
  const code = cardIn(from, state);
  const where = from.zone === "area" || from.zone === "character" ? squareName(from.square) : zoneText(from, labels, ctx, "to");
  const piles = moves.filter((a) => a.to.zone !== "area" && a.to.zone !== "character");
  return h("div", { class: "eoc-sandbox-pick" },
    h("p", {}, h("strong", code ? { dataset: { card: code } } : {}, format(labels.sandbox_pick, { card: code ? cardName(code) : "?", from: where }))),
    piles.length ? h("p", { class: "actions" }, h("span", {}, labels.sandbox_move_to),
      piles.map((a) => h("button", { type: "button", class: "secondary eoc-sandbox-dest", disabled: ctx.pending,
        dataset: { zone: a.to.zone, seat: a.to.seat }, onclick: () => { sandboxPick = ""; ctx.act(a); } }, zoneText(a.to, labels, ctx, "to")))) : null);
}

// The sandbox panel: lists to move any card from a zone to another; only the legal actions are
// offered. A card is also moved by clicking it, then where it goes (sandboxPicking), and HP is
// changed on the board (hpTools).
let sandboxFrom = "";
function renderSandbox(part, state, ctx) {
  const { labels } = ctx;
  const moves = sandboxMoves(ctx);
  if (!moves.length) return conceal(part);
  part.hidden = false;
  const sources = new Map();
  for (const a of moves) {
    const k = JSON.stringify(a.from);
    if (!sources.has(k)) sources.set(k, a.from);
  }
  if (sandboxPick && !sources.has(sandboxPick)) sandboxPick = "";
  if (!sources.has(sandboxFrom)) sandboxFrom = sources.keys().next().value || "";
  const describeFrom = (zone) => {
    const text = zoneText(zone, labels, ctx, "from");
    const code = zone.zone === "hand" ? null : cardIn(zone, state);
    return code ? `${text} (${cardName(code)})` : text;
  };
  const targets = moves.filter((a) => JSON.stringify(a.from) === sandboxFrom);
  const fromSelect = h("select", { id: "eoc-sandbox-from", onchange: (event) => { sandboxFrom = event.target.value; redraw(); } },
    [...sources].map(([k, zone]) => h("option", { value: k, selected: k === sandboxFrom }, describeFrom(zone))));
  const toSelect = h("select", { id: "eoc-sandbox-to" }, targets.map((a, i) => h("option", { value: i }, zoneText(a.to, labels, ctx, "to"))));
  const moveForm = h("form", { class: "eoc-sandbox-move", onsubmit: (event) => {
    event.preventDefault();
    const action = targets[Number(toSelect.value)];
    if (action) ctx.act(action);
  } },
  h("label", { for: "eoc-sandbox-from" }, labels.sandbox_from, fromSelect),
  h("label", { for: "eoc-sandbox-to" }, labels.sandbox_to, toSelect),
  h("button", { type: "submit", disabled: ctx.pending }, labels.sandbox_move));
  return fill(part, h("h3", {}, labels.sandbox_title), h("p", { class: "muted" }, labels.sandbox_help), moveForm);
}

// What happened by itself between two views: a new turn, a damage card turned, characters gone
// down, the end of the match.
export function events(before, after, ctx) {
  const { labels } = ctx;
  if (!before || !after) return [];
  remember(after);
  const lines = [];
  if (after.turned && JSON.stringify(after.turned) !== JSON.stringify(before.turned)) {
    lines.push(format(labels.log_turned, { name: ctx.seatName(after.turned.seat), card: cardName(after.turned.card), damage: after.turned.damage }));
  }
  for (const s of [0, 1]) {
    const fallen = after.downs[s].length - before.downs[s].length;
    after.downs[s].slice(0, Math.max(0, fallen)).forEach((code) => lines.push(format(labels.log_down, { name: ctx.seatName(s), card: cardName(code) })));
  }
  if (after.turn !== before.turn && after.turn && after.ap !== null) {
    lines.push(format(labels.log_turn, { turn: after.turn, name: ctx.seatName(after.ap) }));
  }
  if (after.outcome && !before.outcome) {
    const reason = labels[`reason_${after.outcome.reason}`] || after.outcome.reason;
    lines.push(after.outcome.winners.length ? `${format(labels.wins, { name: ctx.seatName(after.outcome.winners[0]) })} (${reason})` : `${labels.draw} (${reason})`);
  }
  return lines;
}

// The action a key press asks for, when it is legal: D ends your part, S skips, F defends,
// K keeps the hand, M takes a mulligan.
export function keyAction(key, legal) {
  const k = key.toLowerCase();
  if (k === "d") return firstOf(legal, "done");
  if (k === "s") return firstOf(legal, "skip");
  if (k === "f") return firstOf(legal, "defend");
  if (k === "k") return firstOf(legal, "mulligan", (a) => !a.take);
  if (k === "m") return firstOf(legal, "mulligan", (a) => a.take);
  return null;
}
