"""A card's face as a standalone SVG document, drawn from the card's data (no art exists).
Plain Python, no Django.

The face is a 244 × 340 card (63 × 88 mm at 98 dpi) laid out as printed trading cards are:

- the frame in the card's colours (one band per colour, split diagonally; grey for colourless);
- top left, the SIZE in a disc with the SIZE bonus (its colour and signed value) beside it;
- the name plate: the name in the reader's language, the other language small beneath;
- the type bar: the card's type and colours, and its rarity;
- the "art" window: the emblem of each colour, for characters HP and movement power with the
  direction glyph (rook, bishop, queen), and the sample ribbon on cards of a set made for the
  site;
- the action table: STEP 1, 2 and 3, an icon and a label per action;
- the text box: the ability or effect text in the reader's language, then the flavour text;
- the footer: code and set.

Source of the card's parts: elements-of-chaos.md, "Cards". The document holds no script, no
style sheet, no link and no reference outside itself (only presentation attributes and
``url(#…)`` to its own gradients and clip path), so it can be served under
``Content-Security-Policy: default-src 'none'``. Text is cleaned of characters XML cannot
hold and escaped; the same arguments always give the same bytes.
"""
from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from pathlib import Path

from tcg.vocabulary import ACTION_LABELS, ACTIONS, COLOUR_LABELS, DIRECTIONS, LANGUAGES, STEPS, TYPE_LABELS, TYPES


from . import icons
from .icons import num
from .text import clean, escape, fit, one_line, text_width

from .style import (
    ABILITY_PREFIXES, ACTION_COLOURS, OTHER_RARITY, RARITY_COLOURS, TONES, UNKNOWN_ACTION_COLOUR, Tone, colourless,
    printed, printed_direction, tones, word,
)

WIDTH, HEIGHT = 244, 340
#: Noto Sans CJK JP where it is installed, else the usual Japanese system fonts, else any sans.
FONT_FAMILY = ("'Noto Sans CJK JP', 'Noto Sans JP', 'Hiragino Kaku Gothic ProN', 'Hiragino Sans', "
               "'Yu Gothic', Meiryo, 'Droid Sans Fallback', system-ui, sans-serif")
_INK = "#24212a"
_MUTED = "#5d5866"
_SAMPLE_RED = "#b3261e"


def _renderer_version() -> str:
    """A digest of this package's source: any change to the drawing changes it."""
    digest = hashlib.blake2b(digest_size=6)
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


#: The renderer's version: the same card drawn by two versions may differ, so caches of faces
#: key on it.
RENDERER_VERSION = _renderer_version()


def _mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (``#rrggbb``)."""
    pa = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    pb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(pa, pb))


def _bands(ident: str, colours: list[str], x2: float = 1, y2: float = 1, soft: float = 0.035) -> str:
    """A linear gradient ``ident`` with one band per colour along the diagonal (hard edges,
    softened by ``soft``); one colour gives a plain fill."""
    stops = []
    n = len(colours)
    for k, colour in enumerate(colours):
        start, end = k / n + (soft if k else 0), (k + 1) / n - (soft if k < n - 1 else 0)
        stops.append(f'<stop offset="{num(start)}" stop-color="{colour}"/><stop offset="{num(end)}" stop-color="{colour}"/>')
    return f'<linearGradient id="{ident}" x1="0" y1="0" x2="{num(x2)}" y2="{num(y2)}">{"".join(stops)}</linearGradient>'


def _text(x: float, y: float, content: str, size: float, *, fill: str = _INK, weight: str = "", anchor: str = "",
          ident: str = "", cls: str = "", lang: str = "", italic: bool = False, extra: str = "") -> str:
    """One ``<text>`` element; ``content`` is clean text, escaped here."""
    attrs = [f'x="{num(x)}"', f'y="{num(y)}"', f'font-size="{num(size)}"', f'fill="{fill}"']
    if weight:
        attrs.append(f'font-weight="{weight}"')
    if anchor:
        attrs.append(f'text-anchor="{anchor}"')
    if italic:
        attrs.append('font-style="italic"')
    if ident:
        attrs.append(f'id="{ident}"')
    if cls:
        attrs.append(f'class="{cls}"')
    if lang:
        attrs.append(f'lang="{lang}"')
    if extra:
        attrs.append(extra)
    return f'<text {" ".join(attrs)}>{escape(content)}</text>'


def _squeeze(content: str, size: float, width: float, bold: bool = False) -> str:
    """``textLength`` attributes that keep ``content`` within ``width`` when it is estimated
    wider, else nothing."""
    if text_width(content, size, bold) <= width:
        return ""
    return f'textLength="{num(width)}" lengthAdjust="spacingAndGlyphs"'


def _lines(x: float, y: float, lines: list[str], size: float, leading: float, **kwargs) -> str:
    ident = kwargs.pop("ident", "")
    body = "".join(_text(x, y + i * leading, line, size, **kwargs) for i, line in enumerate(lines))
    return f'<g id="{ident}">{body}</g>' if ident else body


def _squash(text: str) -> str:
    return "".join(clean(text).split())


def _lang_of(text: str) -> str:
    return "ja" if any(ord(c) > 0x2e7f for c in text) else "en"


class _Face:
    """The parts of one face, drawn in order."""

    def __init__(self, card: Mapping, lang: str, texts: Mapping | None, sample: bool, set_name: str):
        self.card, self.lang = card, lang
        self.texts = texts if isinstance(texts, Mapping) else None
        self.sample = bool(sample)
        self.set_name = one_line(set_name) or one_line(card.get("set"))
        colours = card.get("colours") or []
        self.colours = [c for c in colours if c in TONES] if isinstance(colours, (list, tuple)) else []
        self.tones: list[Tone] = tones(self.colours)
        self.type = card.get("type") if card.get("type") in TYPES else ""

    # --- text the face prints ---------------------------------------------------------
    def names(self) -> tuple[str, str]:
        """(the name in the reader's language, the name in the other language or "")."""
        ja, en = one_line(self.card.get("name")), one_line(self.card.get("name_en"))
        if self.lang == "en" and en:
            return en, ja
        return (ja or en), (en if ja else "")

    def body(self) -> tuple[str, str, bool]:
        """(label, text, whether the text is Japanese standing in for English): the ability or
        effect text in the reader's language. Japanese: the card's text; English: the text
        written from the card's effect (for a card without one, the vanilla text only when the
        card's own text is that too), else the card's Japanese text."""
        ja = clean(self.card.get("text")).strip()
        if not ja and self.card.get("ability"):
            ja = f"{ABILITY_PREFIXES[0]} {clean(self.card.get('ability')).strip()}"
        if not ja and self.texts and isinstance(self.texts.get("ja"), str):
            ja = clean(self.texts["ja"]).strip()
        text, stand_in = ja, False
        if self.lang == "en":
            en = self.texts.get("en") if self.texts else None
            written = self.texts.get("ja") if self.texts else None
            # A card without an effect has the vanilla text in English: only when its own text
            # says as much (an imported card may have text and no effect data).
            faithful = self.card.get("effect") is not None or not ja or (
                isinstance(written, str) and _squash(written) == _squash(ja))
            if isinstance(en, str) and en.strip() and faithful:
                text = clean(en).strip()
            else:
                stand_in = bool(ja)
        heading = ""
        for prefix in ABILITY_PREFIXES:
            if text.startswith(prefix):
                heading, text = word("ability", self.lang), text[len(prefix):].strip()
                break
        if stand_in:
            heading = (heading + " · " if heading else "") + word("japanese_text", "en")
        return heading, text, stand_in

    def type_line(self) -> str:
        kind = printed(TYPE_LABELS, self.type, self.lang, one_line(self.card.get("type")))
        if self.colours:
            colours = ("・" if self.lang == "ja" else " / ").join(
                printed(COLOUR_LABELS, c, self.lang) for c in self.colours)
        else:
            colours = colourless(self.lang)
        return f"{kind} — {colours}"

    # --- drawing ----------------------------------------------------------------------
    def defs(self) -> str:
        frames = [_mix(t.frame, "#ffffff", 0.12) for t in self.tones]
        parts = [
            _bands("frame", frames),
            _bands("plate", [_mix(t.light, "#ffffff", 0.35) for t in self.tones], x2=1, y2=0.25),
            _bands("dark", [t.dark for t in self.tones], x2=1, y2=0.3, soft=0.02),
            _bands("art", [_mix(t.frame, "#ffffff", 0.25) for t in self.tones], x2=1, y2=0.6),
            '<linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"'
            ' stop-opacity="0.35"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1"'
            ' stop-color="#000000" stop-opacity="0.18"/></linearGradient>',
            '<radialGradient id="glow" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#ffffff"'
            ' stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>',
            '<linearGradient id="sr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7b2ff7"/>'
            '<stop offset="0.5" stop-color="#d6336c"/><stop offset="1" stop-color="#f59f00"/></linearGradient>',
            '<clipPath id="art-clip"><rect x="14" y="78" width="216" height="84" rx="5"/></clipPath>',
        ]
        return "<defs>" + "".join(parts) + "</defs>"

    def frame(self) -> str:
        return (
            f'<rect width="{WIDTH}" height="{HEIGHT}" rx="12" fill="url(#frame)"/>'
            f'<rect width="{WIDTH}" height="{HEIGHT}" rx="12" fill="url(#sheen)"/>'
            f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="11" fill="none" stroke="#000000"'
            ' stroke-opacity="0.55" stroke-width="2"/>'
            '<rect x="5" y="5" width="234" height="330" rx="8" fill="none" stroke="#ffffff" stroke-opacity="0.45"/>'
        )

    def name_plate(self) -> str:
        name, other = self.names()
        parts = ['<rect x="10" y="10" width="224" height="42" rx="7" fill="url(#plate)" stroke="#000000"'
                 ' stroke-opacity="0.5"/>']
        x, width = 62, 166
        size, lines = fit(name, width, 1, (16, 15, 14, 13, 12.5, 12, 11.5, 11), bold=True)
        if text_width(name, 11, True) > width:
            if text_width(name, 11, True) <= width * 1.12:  # a little too long: squeezed
                size, lines = 11, [name]
            else:
                size, lines = fit(name, width, 2, (11, 10.5, 10), bold=True)
        name_lang = self.lang if (name == one_line(self.card.get("name_en"))) == (self.lang == "en") else _lang_of(name)
        if len(lines) == 2:
            parts.append(_lines(x, 24 if other else 28, lines, size, size * 1.1, weight="bold", ident="name",
                                lang=name_lang))
        else:
            baseline = 31 if other else 36.5
            parts.append(_text(x, baseline, lines[0] if lines else "", size, weight="bold", ident="name",
                               lang=name_lang, extra=_squeeze(lines[0] if lines else "", size, width, True)))
        if other:
            sub_size, sub = fit(other, width, 1, (9, 8.5, 8, 7.5))
            parts.append(_text(x, 45.5, sub[0], sub_size, fill=_MUTED, ident="name-other", lang=_lang_of(other)))
        return "".join(parts)

    def size_badge(self) -> str:
        size = one_line(self.card.get("size"))
        font = 19 if len(size) <= 1 else 15 if len(size) == 2 else 11
        parts = [
            f'<g id="size-badge"><title>{escape(word("size", self.lang))} {escape(size)}</title>'
            '<circle cx="31" cy="31" r="18.5" fill="url(#dark)" stroke="#ffffff" stroke-width="2"/>'
            '<circle cx="31" cy="31" r="15.5" fill="none" stroke="#ffffff" stroke-opacity="0.3"/>',
            _text(31, 23.3, word("size", "en"), 5.6, fill="#ffffff", weight="bold", anchor="middle",
                  extra='letter-spacing="0.6" fill-opacity="0.85"'),
            _text(31, 39.5 if font == 19 else 38, size, font, fill="#ffffff", weight="bold", anchor="middle",
                  ident="size"),
            "</g>",
        ]
        bonus = self.card.get("size_bonus")
        if isinstance(bonus, Mapping):
            colour = bonus.get("colour")
            tone = TONES.get(colour)
            value = bonus.get("value")
            shown = f"{value:+d}" if isinstance(value, int) and not isinstance(value, bool) else one_line(value)
            fill = tone.frame if tone else "#9ca2a8"
            ink = tone.ink if tone else "#ffffff"
            ring = "#3a3220" if colour == "white" else "#ffffff"
            colour_name = printed(COLOUR_LABELS, colour, self.lang, one_line(colour))
            title = f"{word('size_bonus', self.lang)}: {colour_name} {shown}"
            font = 8.5 if len(shown) <= 2 else 7
            cls = f"bonus bonus-{colour}" if tone else "bonus"
            parts.append(
                f'<g id="size-bonus" class="{cls}"><title>{escape(title)}</title>'
                f'<circle cx="48.5" cy="47" r="10" fill="{fill}" stroke="{ring}" stroke-width="1.8"/>'
                + _text(48.5, 50.1, shown, font, fill=ink, weight="bold", anchor="middle") + "</g>"
            )
        return "".join(parts)

    def type_bar(self) -> str:
        parts = ['<rect x="10" y="57" width="224" height="17" rx="4" fill="url(#dark)"/>']
        if self.type:
            parts.append(f'<g id="type-icon" class="type-{self.type}">'
                         + icons.place(icons.TYPE_ICONS[self.type], 62, 59.5, 12) + "</g>")
        line = self.type_line()
        rarity = one_line(self.card.get("rarity"))
        badge_w = max(20.0, text_width(rarity, 8, True) + 10) if rarity else 0
        room = 228 - badge_w - 78
        size, lines = fit(line, room, 1, (9.5, 9, 8.5, 8, 7.5), bold=True)
        parts.append(_text(78, 69, lines[0], size, fill="#ffffff", weight="bold", ident="type", lang=self.lang))
        if rarity:
            fill, ink = RARITY_COLOURS.get(rarity, OTHER_RARITY)
            if rarity == "SR":
                fill = "url(#sr)"
            x = 230 - badge_w
            parts.append(
                f'<g id="rarity"><title>{escape(word("rarity", self.lang))} {escape(rarity)}</title>'
                f'<rect x="{num(x)}" y="59.5" width="{num(badge_w)}" height="12" rx="6" fill="{fill}"'
                ' stroke="#ffffff" stroke-opacity="0.8"/>'
                + _text(x + badge_w / 2, 68.6, rarity, 8, fill=ink, weight="bold", anchor="middle") + "</g>"
            )
        return "".join(parts)

    def art(self) -> str:
        parts = ['<rect x="14" y="78" width="216" height="84" rx="5" fill="url(#art)"/>',
                 '<g clip-path="url(#art-clip)">',
                 '<rect x="14" y="78" width="216" height="84" fill="url(#glow)"/>']
        # faint rays from the centre, the "art" of a card without art
        rays = []
        for k in range(24):
            angle = math.radians(k * 15)
            rays.append(f"M122 120L{num(122 + 160 * math.cos(angle))} {num(120 + 160 * math.sin(angle))}")
        ray = self.tones[0].emblem if len(self.tones) == 1 else "#ffffff"
        parts.append(f'<path d="{"".join(rays)}" stroke="{ray}" stroke-opacity="0.13" stroke-width="5"/>')
        colours = self.colours or [None]
        n = len(colours)
        size = {1: 62, 2: 52, 3: 44, 4: 40}.get(n, 40)
        step = {1: 0, 2: 62, 3: 52, 4: 46}.get(n, 46)
        top = 116 - size / 2 if self.type == "character" else 120 - size / 2
        for k, colour in enumerate(colours):
            cx = 122 + (k - (n - 1) / 2) * step
            tone = TONES.get(colour) if colour else None
            tone = tone or self.tones[0]
            hole = _mix(tone.frame, "#ffffff", 0.25)
            parts.append(f'<circle cx="{num(cx)}" cy="{num(top + size / 2)}" r="{num(size * 0.62)}" fill="#ffffff"'
                         ' fill-opacity="0.18"/>')
            parts.append(f'<g class="emblem emblem-{colour or "colourless"}" opacity="0.9">'
                         + icons.place(icons.emblem(colour, tone.emblem, hole), cx - size / 2, top, size, 100) + "</g>")
        if self.sample:
            text = word("sample", self.lang)
            parts.append(
                f'<g id="sample" class="sample"><title>{escape(word("sample_long", self.lang))}</title>'
                '<g transform="translate(203 105) rotate(45)">'
                f'<rect x="-60" y="-8.5" width="120" height="17" fill="{_SAMPLE_RED}" stroke="#ffffff"'
                ' stroke-width="1.2"/>'
                + _text(0, 3.4, text, 9, fill="#ffffff", weight="bold", anchor="middle", extra='letter-spacing="1"')
                + "</g></g>"
            )
        parts.append("</g>")
        parts.append('<rect x="14" y="78" width="216" height="84" rx="5" fill="none" stroke="#000000"'
                     ' stroke-opacity="0.45"/>')
        if self.type == "character":
            parts.append(self.stats())
        return "".join(parts)

    def stats(self) -> str:
        hp = one_line(self.card.get("hp"))
        movement = one_line(self.card.get("movement"))
        directions = self.card.get("directions")
        direction_label = printed_direction(directions, self.lang, one_line(directions))
        hp_word, mv_word = word("hp", self.lang), word("movement", self.lang)
        hp_w = 27 + text_width(hp, 16, True) + text_width(hp_word, 6.5, True) + 10
        mv_w = 28 + text_width(movement, 16, True) + text_width(mv_word, 6.5, True) + 10
        mv_x = 226 - mv_w
        plate = 'fill="#ffffff" fill-opacity="0.94" stroke="#000000" stroke-opacity="0.5"'
        kind = directions if directions in DIRECTIONS else "unknown"
        return (
            f'<g id="hp"><title>{escape(word("hp", self.lang))} {escape(hp)}</title>'
            f'<rect x="18" y="134" width="{num(hp_w)}" height="24" rx="12" {plate}/>'
            + f'<path transform="translate(21.5 137.3) scale(0.73)" d="{icons.HEART}" fill="#d6334a"/>'
            + _text(41, 152, hp, 16, weight="bold", ident="hp-value")
            + _text(43 + text_width(hp, 16, True), 151.4, hp_word, 6.5, fill=_MUTED, weight="bold")
            + "</g>"
            f'<g id="movement"><title>{escape(word("movement_long", self.lang))} {escape(movement)}, '
            f'{escape(direction_label)}</title>'
            f'<rect x="{num(mv_x)}" y="134" width="{num(mv_w)}" height="24" rx="12" {plate}/>'
            + f'<g id="directions" class="directions directions-{kind}">'
            + icons.place(icons.direction_glyph(directions, _INK, "#c9c4cf"), mv_x + 5, 137, 18) + "</g>"
            + _text(mv_x + 27, 152, movement, 16, weight="bold", ident="movement-value")
            + _text(mv_x + 29 + text_width(movement, 16, True), 151.4, mv_word, 6.5, fill=_MUTED, weight="bold",
                    lang=self.lang)
            + "</g>"
        )

    def action_table(self) -> str:
        table = self.card.get("action_table")
        table = table if isinstance(table, Mapping) else {}
        parts = ['<g id="action-table">',
                 '<rect x="10" y="166" width="224" height="55" rx="6" fill="#fbfaf6" stroke="#000000"'
                 ' stroke-opacity="0.45"/>']
        for k, step in enumerate(STEPS):
            x = 14 + k * 73
            actions = table.get(step)
            actions = [a for a in actions if isinstance(a, str)][:3] if isinstance(actions, (list, tuple)) else []
            parts.append(f'<g id="{step}" class="step">')
            parts.append(f'<rect x="{x}" y="169" width="70" height="12" rx="3" fill="url(#dark)"/>')
            parts.append(_text(x + 35, 178.2, f"{word('step', self.lang)} {k + 1}", 8, fill="#ffffff", weight="bold",
                               anchor="middle", extra='letter-spacing="0.8"'))
            n = len(actions)
            icon, gap = 22, (1.5 if n == 3 else 6)
            start = x + 35 - (n * icon + (n - 1) * gap) / 2
            for j, action in enumerate(actions):
                known = action in ACTIONS
                ix = start + j * (icon + gap)
                name = printed(ACTION_LABELS, action, self.lang, one_line(action))
                ident = f"{step}-{action}" if known else f"{step}-action{j + 1}"
                cls = f"action action-{action}" if known else "action"
                colour = ACTION_COLOURS.get(action, UNKNOWN_ACTION_COLOUR)
                glyph = icons.ACTION_ICONS.get(action, icons.UNKNOWN_ACTION_ICON)
                label_size = 6.4
                parts.append(
                    f'<g id="{ident}" class="{cls}"><title>{escape(name)}</title>'
                    f'<circle cx="{num(ix + icon / 2)}" cy="{num(184 + icon / 2)}" r="{num(icon / 2)}" fill="{colour}"'
                    ' stroke="#ffffff" stroke-width="1"/>'
                    + icons.place(glyph, ix + 3.5, 187.5, icon - 7)
                    + _text(ix + icon / 2, 215, name, label_size, fill=_INK, weight="bold", anchor="middle",
                            lang=self.lang, extra=_squeeze(name, label_size, icon + min(gap, 4) - 2.5, True))
                    + "</g>"
                )
            parts.append("</g>")
        parts.append("</g>")
        return "".join(parts)

    def text_box(self) -> str:
        heading, body, stand_in = self.body()
        flavour = one_line(self.card.get("flavour"))
        parts = ['<rect x="10" y="225" width="224" height="84" rx="6" fill="#fffdf6" stroke="#000000"'
                 ' stroke-opacity="0.45"/>']
        left, width, top, bottom = 18, 208, 229, 305
        if heading:
            parts.append(_text(left, top + 8, heading, 8, fill=self.tones[0].dark if self.tones[0] is not TONES.get("white")
                               else "#6b5a24", weight="bold", ident="text-heading", lang=self.lang))
            parts.append(f'<path d="M{num(left + text_width(heading, 8, True) + 5)} {num(top + 5.5)}H{left + width}"'
                         ' stroke="#000000" stroke-opacity="0.2"/>')
            top += 12
        if flavour:
            f_size, f_lines = fit(flavour, width, 2, (8, 7.5, 7))
            f_lead = f_size * 1.3
            f_top = bottom - len(f_lines) * f_lead
            parts.append(f'<path d="M{left + 30} {num(f_top - 2)}H{left + width - 30}" stroke="#000000"'
                         ' stroke-opacity="0.18"/>')
            parts.append(_lines(left + width / 2, f_top + f_size + 1, f_lines, f_size, f_lead, fill=_MUTED,
                                italic=True, anchor="middle", ident="flavour", lang=_lang_of(flavour)))
            bottom = f_top - 5
        if body:
            room = bottom - top
            chosen = None
            for size in (12.5, 12, 11.5, 11, 10.5, 10, 9.5, 9, 8.5, 8, 7.5, 7):
                lead = size * 1.32
                max_lines = max(1, int((room - size * 0.3) // lead))
                f_size, lines = fit(body, width, max_lines, (size,))
                chosen = (size, lead, lines)
                if not lines[-1].endswith("…") or size == 7:
                    break
            size, lead, lines = chosen
            used = len(lines) * lead
            first = top + size + max(0.0, (room - used) / 2 - 2) if not heading else top + size
            text_lang = "ja" if stand_in else self.lang if _lang_of(body) == self.lang else _lang_of(body)
            parts.append(_lines(left, first, lines, size, lead, ident="text", lang=text_lang))
        return "".join(parts)

    def footer(self) -> str:
        code = one_line(self.card.get("code"))
        set_text = self.set_name
        code_size, code_lines = fit(code, 100, 1, (8.5, 8, 7.5, 7), bold=True)
        room = 228 - 16 - text_width(code_lines[0], code_size, True) - 10
        set_size, set_lines = fit(set_text, room, 1, (7.5, 7, 6.5))
        return (
            '<rect x="10" y="313" width="224" height="19" rx="5" fill="#000000" fill-opacity="0.3"/>'
            + _text(16, 325.8, code_lines[0], code_size, fill="#ffffff", weight="bold", ident="code",
                    extra='letter-spacing="0.4"')
            + _text(228, 325.4, set_lines[0] if set_lines else "", set_size, fill="#ffffff", anchor="end", ident="set",
                    lang=_lang_of(set_text))
        )

    def svg(self) -> str:
        name, other = self.names()
        title = " — ".join(p for p in (name, other, self.type_line(), one_line(self.card.get("code"))) if p)
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
            f' viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img"'
            f' aria-labelledby="face-title" lang="{self.lang}" font-family="{escape(FONT_FAMILY)}">'
            f'<title id="face-title">{escape(title)}</title>'
            + self.defs() + self.frame() + self.name_plate() + self.type_bar() + self.art() + self.size_badge()
            + self.action_table() + self.text_box() + self.footer()
            + "</svg>\n"
        )


def render_svg(card: Mapping, lang: str, *, texts: Mapping | None = None, sample: bool = False,
               set_name: str = "") -> str:
    """The face of ``card`` as a standalone SVG document (UTF-8 text), in ``lang``.

    ``card`` is a card in the catalogue interchange format (``code``, ``name``, ``name_en``,
    ``type``, ``colours``, ``size``, ``size_bonus``, ``action_table``, ``hp``, ``directions``,
    ``movement``, ``ability``, ``text``, ``flavour``, ``rarity``, ``set``); a field that is
    missing or not of its kind is drawn as empty or neutral, never an error, and every text is
    cleaned and escaped (card data is untrusted). ``lang`` is ``"ja"`` or ``"en"``: the name in
    that language comes first (the other beneath), labels are in it, and so is the text: in
    Japanese the card's ``text``, in English ``texts["en"]``, the card's text written from its
    ``effect`` (``{"ja", "en"}`` as the catalogue's effect text gives it; ``None`` for a card
    resolved by hand, whose Japanese text then stands, marked so; so does the text of a card
    without an effect whose text is not the vanilla ``texts["ja"]``). ``sample`` puts the sample
    ribbon on the face (a card of a set made for the site); ``set_name`` is printed in the
    footer (default: the set code).

    Raises ``ValueError`` for another ``lang``. The same arguments give the same text.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: use {' or '.join(LANGUAGES)}")
    if not isinstance(card, Mapping):
        raise ValueError("a card is a mapping of the interchange format's fields")
    return _Face(card, lang, texts, sample, set_name).svg()
