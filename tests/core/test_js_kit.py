"""The site-wide JS kit (``static/js/kit/``) and the board kit (``play/static/play/board_kit.js``):
the page scripts of cards, decks and play build the DOM, read JSON blocks, format text and reach
the site with the kit's helpers, not with copies of their own; labels reach every script one way
(a dict in the view's context rendered with Django's ``json_script``, read by the kit's
``labels()``), and every label a script asks for by name is given to it; what the four boards
repeat lives once in the board kit."""
import re

import pytest

from cardsdb.labels import SEARCH
from core.labels import SITE
from decks.labels import GOLDFISH, add_to_deck_labels, builder_labels
from play.labels import BOARDS, REPLAY, TABLE
from tests.conftest import REPO

FOLDERS = ("templates", "accounts", "cardsdb", "core", "decks", "play", "static")
TEMPLATES = sorted(p for folder in FOLDERS for p in (REPO / folder).rglob("*.html"))
SCRIPTS = sorted(p for folder in FOLDERS for p in (REPO / folder).rglob("*.js"))
KIT = REPO / "static" / "js" / "kit"
BOARD_KIT = REPO / "play" / "static" / "play" / "board_kit.js"
BOARD_SCRIPTS = REPO / "play" / "static" / "play" / "boards"
BOARD_TEMPLATES = REPO / "play" / "templates" / "play" / "boards"
#: The scripts every board is drawn with, besides its own module.
TABLE_SCRIPTS = ("table.js", "replay.js", "rules.js", "seats.js")


def relative(path) -> str:
    return str(path.relative_to(REPO))


def outside_the_kit(path) -> bool:
    return KIT not in path.parents


def text(path) -> str:
    return path.read_text(encoding="utf-8")


def test_the_sources_are_found():
    assert len(TEMPLATES) >= 50 and len(SCRIPTS) >= 15
    assert {p.name for p in KIT.iterdir()} == {"dom.js", "http.js", "icons.js", "labels.js", "local_time.js", "names.js", "preview.js", "scroll_hint.js", "text.js"}


#: How labels reached the scripts before the kit: hand-written JSON blocks in templates, data
#: attributes holding words, and scripts parsing JSON blocks or filling placeholders themselves.
LABELS_ANOTHER_WAY = {
    "a JSON block written by hand": re.compile(r"<script[^>]*application/json"),
    "a data attribute holding a label": re.compile(r"\sdata-(?:msg-[\w-]+|[\w-]*label|[\w-]*template)\s*="),
}
COPIES_OF_THE_KIT = {
    "an element built by hand": re.compile(r"document\.createElement\("),
    "a JSON block parsed by hand": re.compile(r"JSON\.parse\([^)]*textContent"),
    "placeholders filled by hand": re.compile(r"%\\\(|\{n\}"),
    "a set-up waiting for the document by hand": re.compile(r"DOMContentLoaded"),
    "a request with the session by hand": re.compile(r"credentials:|X-CSRFToken"),
    "a helper of the kit defined again": re.compile(
        r"function (?:h|fill|format|counted|percent|readJSON|labels|isTypingOrModified)\("),
}


def test_labels_reach_the_scripts_one_way():
    found = [(relative(path), what) for path in TEMPLATES for what, pattern in LABELS_ANOTHER_WAY.items()
             if pattern.search(text(path))]
    assert found == []
    rendered = {m for path in TEMPLATES for m in re.findall(r'json_script:"([\w-]+)"', text(path))}
    reads = re.compile(r"(?:\breadLabels|\blabels)\(([^)]*)\)")
    calls = [(path, call) for path in SCRIPTS for call in reads.findall(text(path))]
    read = {(relative(path), block) for path, call in calls for block in re.findall(r'"([\w-]+)"', call)}
    assert {block for _, block in read} == {"play-labels", "board-labels", "replay-labels", "builder-labels",
                                            "goldfish-labels", "card-search-labels", "site-labels",
                                            "add-to-deck-labels"}
    assert [(script, block) for script, block in sorted(read) if block not in rendered] == []


def test_no_script_copies_the_kit():
    found = [(relative(path), what) for path in SCRIPTS if outside_the_kit(path)
             for what, pattern in COPIES_OF_THE_KIT.items() if pattern.search(text(path))]
    assert found == []


def test_the_checks_find_what_they_look_for():
    samples = {
        "a JSON block written by hand": '<script type="application/json" id="board-labels">{',
        "a data attribute holding a label": '<p data-status-template="{n} names">',
        "an element built by hand": 'const li = document.createElement("li");',
        "a JSON block parsed by hand": "JSON.parse(element.textContent)",
        "placeholders filled by hand": "text.replace(/%\\((\\w+)\\)s/g, fn)",
        "a set-up waiting for the document by hand": 'document.addEventListener("DOMContentLoaded", setUp);',
        "a request with the session by hand": 'fetch(url, { credentials: "same-origin" })',
        "a helper of the kit defined again": "function fill(template, values) {",
    }
    checks = {**LABELS_ANOTHER_WAY, **COPIES_OF_THE_KIT}
    assert {what: bool(checks[what].search(sample)) for what, sample in samples.items()} == dict.fromkeys(samples, True)
    assert not LABELS_ANOTHER_WAY["a data attribute holding a label"].search('<div data-board-module="/x.js">')


def named_labels(source: str) -> set[str]:
    """The label keys a script asks for by name: ``labels.key``, ``labels["key"]``,
    ``counted(labels, "key", …)`` and a move line's fallback (``moveLine(…, "key")``)."""
    keys = set(re.findall(r"(?<![/\w])labels\.(?!js\")(\w+)", source))
    keys |= set(re.findall(r"\blabels\[\"(\w+)\"\]", source))
    keys |= set(re.findall(r"counted\(\w*\.?labels, \"(\w+)\"", source))
    keys |= set(re.findall(r"\}, \"(\w+)\"\);\n\}", source))  # moveLine(entry, ctx, (…) => {…}, "log_other")
    return keys


@pytest.mark.parametrize("slug", sorted(BOARDS))
def test_every_label_a_board_asks_for_is_given(slug):
    given = set(TABLE) | set(BOARDS[slug]) | set(REPLAY)
    sources = [BOARD_SCRIPTS / f"{slug}.js", *(BOARD_SCRIPTS.parent / name for name in TABLE_SCRIPTS)]
    wanted = set().union(*(named_labels(text(path)) for path in sources))
    assert len(wanted) > 25
    assert sorted(wanted - given) == []


def test_every_label_the_other_scripts_ask_for_is_given():
    builder = builder_labels()
    builder_wanted = named_labels(text(REPO / "decks/static/decks/builder.js")) - {"messages"}
    script = text(REPO / "decks/static/decks/builder.js")
    messages = set(re.findall(r'message\("(\w+)"', script))
    counted = set(re.findall(r'counted\(labels\.messages, "(\w+)"', script))
    messages |= counted | {f"{key}_one" for key in counted}
    assert (sorted(builder_wanted - set(builder)), sorted(messages - set(builder["messages"]))) == ([], [])
    assert len(messages) == len(builder["messages"]) == 18
    assert named_labels(text(REPO / "decks/static/decks/add_to_deck.js")) == set(add_to_deck_labels())
    assert named_labels(text(REPO / "decks/static/decks/deck.js")) == set(GOLDFISH)
    assert named_labels(text(REPO / "cardsdb/static/cardsdb/card-search.js")) == set(SEARCH)
    assert named_labels(text(REPO / "static/js/site.js")) == set(SITE)


def test_every_board_has_a_template_and_labels():
    templates = {p.stem for p in BOARD_TEMPLATES.glob("*.html")}
    assert templates == {p.stem for p in BOARD_SCRIPTS.glob("*.js")} == set(BOARDS)


#: What every board once wrote for itself, now in the board kit alone: the summary table, the
#: clock's suffix, the end-of-round line, the hand size, the parts and the redraw of a choice.
BOARD_KIT_ONLY = {
    "the summary table": re.compile(r"summary-table|summary-details"),
    "the clock's suffix": re.compile(r"by_clock|=== \"clock\""),
    "the end-of-round line": re.compile(r"\$\{ctx\.seatName\(seat\)\} \$\{p\}"),
    "the seats to act worked out": re.compile(r"\btoAct\b|\bto_act\b"),
    "a part looked up by hand": re.compile(r"data-part="),
    "the hand size": re.compile(r"\"hand-size\""),
    "a kept render": re.compile(r"\blatest\s*=|\blast\s*=\s*\["),
}


@pytest.mark.parametrize("board", sorted(p.name for p in BOARD_SCRIPTS.glob("*.js")))
def test_no_board_repeats_the_board_kit(board):
    source = text(BOARD_SCRIPTS / board)
    assert [what for what, pattern in BOARD_KIT_ONLY.items() if pattern.search(source)] == []
    exports = set(re.findall(r"^export function (\w+)", source, re.M))
    assert {"render", "seatDetails", "describe", "events", "keyAction"} <= exports


def test_the_board_kit_holds_what_the_boards_shared():
    source = text(BOARD_KIT)
    assert [what for what, pattern in BOARD_KIT_ONLY.items()
            if what not in ("the seats to act worked out", "a kept render") and not pattern.search(source)] == []
    assert set(re.findall(r"^export function (\w+)", source, re.M)) == {
        "parts", "ofType", "firstOf", "withKey", "note", "cardRow", "handSize", "score", "moveLine", "newSummary",
        "roundEndLine", "roundSummary", "redrawing", "actionKey", "guided", "tableName", "markHandTitle"}
