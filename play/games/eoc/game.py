"""Elements of Chaos (TI Tokyo, 2003): the ``eoc`` engine. The contract is the rules page
elements-of-chaos.md; each rule names its section. This module is the :class:`play.engine.Game`
front: options, refusals in the page's order, dispatch to the modules of each concern.

Options (declared in :data:`SPEC`; "Stacked deals"): ``decks`` (required: two lists of 51 catalogue
interchange dicts, top first; the platform fills it with the seats' own decks, "Decks"),
``stacked`` (bool, default false: decks are shuffled by the match's generator), ``rows`` (4 or 5,
"The area" Decision), ``first_player`` (0 or 1; else drawn from the seed) and ``sandbox`` (bool,
default false: both seats may move any card and set HP at any time once set-up is over, "Sandbox play"; see
:mod:`.sandbox`).
"""
from __future__ import annotations

from play.engine import (
    BaseGame,
    CliOption,
    GameSpec,
    Option,
    Outcome,
    Rng,
    action_type,
    bad_option,
    check_viewer,
    from_json,
    game_over,
    illegal,
    malformed,
    rule,
    shown,
)
from play.engine.spec import BOOL, DATA, INT
from tcg.message import Message, gettext_noop
from tcg.numbers import AREA_ROWS, DECK_SIZE

from . import determinize as determinize_mod
from . import effects, modifiers, sandbox, steps, stored, turn
from . import setup as setup_mod
from .cards import Catalogue, known, parse_decks, remember, texts_of
from .decklists import sample_deck
from .legal import legal_actions, to_act
from .state import ARRANGE, CHARACTER, CHOOSE, MULLIGAN, PART, SET, TABLE, EocState
from .views import build_view

SPEC = GameSpec(
    slug="eoc",
    names={"en": "Elements of Chaos", "ja": "エレメンツ オブ カオス"},
    min_players=2,
    max_players=2,
    options=(
        # The decks (and, stacked, their order) are each player's own: never shown to the table.
        Option("decks", DATA, secret=True),
        # Dealt in their list order, the seats' decks (often public ones) are known to whoever set it.
        Option("stacked", BOOL, default=False, stacking=True),
        Option("rows", INT, default=4, choices=AREA_ROWS, on_form=True,
               choice_labels=(gettext_noop("4 × 4"), gettext_noop("4 × 5")),
               label=gettext_noop("Rows of the area"),
               help=gettext_noop("4 × 4 squares in the rule summary; one source says 20 squares (4 × 5).")),
        Option("first_player", INT, choices=(0, 1)),
        Option("sandbox", BOOL, default=False, on_form=True,
               label=gettext_noop("Sandbox mode"),
               help=gettext_noop("Once set-up is over, both players may move any card between zones and change HP "
                                 "at any time, as with paper cards; every change is logged and shown to both.")),
    ),
    # Each seat brings a deck of its own ("Decks"): the platform fills option ``decks`` from them.
    seat_decks="decks",
    # Sandbox actions are for people resolving cards by hand: bots never take them, except to
    # take a card into a hand a person emptied, where the bot would have nothing to lay.
    people_only_actions=frozenset(sandbox.TYPES),
    bot_fallback=sandbox.restock,
    # Sandbox play enforces no rule ("Sandbox play"): its results count for no rating.
    unrated_options=frozenset({"sandbox"}),
    cli_options=(CliOption("decks", "two sample decks, one per seat, comma-separated, e.g. SMP-RED,SMP-GREEN "
                                    "(fixtures/decks/), as option decks"),),
    summary=gettext_noop("The trading card game: lead your students across the area to the opponent's base."),
)
"""Elements of Chaos's record (elements-of-chaos.md: "Decks", "The area", "Stacked deals",
"Sandbox play")."""


def _square(value) -> bool:
    return type(value) is list and len(value) == 2 and type(value[0]) is int and type(value[1]) is int


def _order(value) -> bool:
    return type(value) is list and len(value) == 4 and all(type(v) is str for v in value)


SHAPES = {
    "mulligan": {"take": bool},
    "arrange": {"order": _order},
    "place_character": {"card": str},
    "skip": {},
    "set": {"card": str, "square": _square},
    "action_table": {"card": str},
    "choose": {"action": str},
    "event": {"card": str, "by": _square},
    "move": {"from": _square, "to": _square},
    "attack": {"by": _square, "target": _square},
    "charge": {"by": _square, "target": _square},
    "defend": {},
    "special": {"by": _square},
    "done": {},
    "order": {"cards": lambda v: type(v) is list and all(type(c) is str for c in v)},
    sandbox.MOVE: {"from": lambda v: type(v) is dict, "to": lambda v: type(v) is dict},
    sandbox.HP: {"square": _square, "hp": int},
}
"""Every action's fields ("Actions (API)"); a square is ``[row, col]``, an order 4 codes. An
``event`` or ``special`` may also carry ``targets`` (docs/eoc-effects.md, "Chosen targets"; see
:func:`_targets`); ``order`` answers a pending decision ("Decisions")."""

#: The actions that may carry the chosen ``targets``.
TARGETED = ("event", "special")


def _entry(value) -> bool:
    return value is None or type(value) is str or _square(value)


def _targets(action):
    """The ``targets`` of an ``event`` or ``special`` action (``None`` when it has none) and the
    action without them; ``malformed_action`` for targets that are not a list of squares, codes
    and nulls."""
    if type(action) is not dict or action.get("type") not in TARGETED or "targets" not in action:
        return None, action
    targets = action["targets"]
    if type(targets) is not list or not all(_entry(t) for t in targets):
        raise malformed(gettext_noop(
            "The targets of a %(kind)s action are a list of squares [row, col], card codes and nulls, not %(value)s."),
            kind=shown(action["type"]), value=shown(targets))
    return targets, {k: v for k, v in action.items() if k != "targets"}

PHASE_ACTIONS = {
    MULLIGAN: ("mulligan",),
    ARRANGE: ("arrange",),
    CHARACTER: ("place_character", "skip"),
    SET: ("set", "skip"),
    TABLE: ("action_table",),
    CHOOSE: ("choose",),
    PART: ("event", "move", "attack", "charge", "defend", "special", "done"),
}
PHASE_NAMES = {
    MULLIGAN: Message(gettext_noop("the mulligan (Set-up, 2)")),
    ARRANGE: Message(gettext_noop("arranging the near row (Set-up, 3)")),
    CHARACTER: Message(gettext_noop("the character part (A turn, 2)")),
    SET: Message(gettext_noop("the card set (A turn, 3)")),
    TABLE: Message(gettext_noop("the action table (A turn, 4)")),
    CHOOSE: Message(gettext_noop("the choice of the STEP's action (A turn, 5)")),
    PART: Message(gettext_noop("a STEP's part (A turn, 5)")),
}
"""Each phase as refusals name it, with its section of the rules page."""


class EoC(BaseGame):
    """The Elements of Chaos engine (a :class:`play.engine.BaseGame` declared by :data:`SPEC`)."""

    spec = SPEC
    state_type = EocState

    def setup(self, players: int, seed: int, options: dict | None = None) -> EocState:
        """The state before the mulligans ("Set-up" 1). ``ValueError`` naming the problem for a
        player count other than 2, a non-int seed, an unknown option, a missing or bad ``decks``
        (see :func:`.cards.parse_decks`), or a bad ``stacked``, ``rows`` or ``first_player``."""
        players, seed, options = self.check_setup(players, seed, options)
        cat, decks = _catalogue(options)
        # null is the default too: the first player is drawn from the seed
        first = None if options.get("first_player") is None else SPEC.option("first_player").read(options)
        return setup_mod.initial_state(remember(cat), decks, Rng.from_seed(seed), first)

    def to_act(self, state: EocState) -> list[int]:
        """Seats that may act now (both during set-up until each has answered; ``[]`` once over)."""
        return to_act(state)

    def legal_actions(self, state: EocState, seat: int) -> list[dict]:
        """Exactly the actions ``apply`` accepts from ``seat`` now ("Actions (API)")."""
        return legal_actions(state, seat)

    def apply(self, state: EocState, seat: int, action: dict) -> EocState:
        """The state after ``seat`` takes ``action``; ``state`` is never changed. Raises
        ``IllegalAction`` with, in this order of precedence, ``game_over``, ``not_your_turn``,
        ``malformed_action`` (unknown type, missing or extra key, wrong type) or
        ``illegal_action`` (the message names the rule)."""
        if state.result is not None:
            raise game_over()
        out_of_turn = type(seat) is not int or seat not in to_act(state)
        sandboxing = type(seat) is int and type(action) is dict and action.get("type") in sandbox.TYPES \
            and sandbox.is_open(state, seat)
        if out_of_turn and not sandboxing:
            raise illegal("not_your_turn", gettext_noop("Seat %(seat)s may not act now."), seat=shown(seat))
        targets, action = _targets(action)
        kind = action_type(action, SHAPES)
        if kind in sandbox.TYPES:
            return sandbox.apply(state, seat, action)
        return modifiers.settle_hp(state, self._rules_apply(state, seat, kind, action, targets))

    def _rules_apply(self, state: EocState, seat: int, kind: str, action: dict, targets) -> EocState:
        if state.pending is not None or kind == "order":
            if state.pending is None or kind != "order":
                raise rule(gettext_noop("First answer the decision asked of you: put the cards you looked at in "
                                        "the order you choose.") if state.pending is not None else
                           gettext_noop("No order of cards is asked of you now."))
            return effects.answer_order(state, seat, action["cards"])
        phase = state.phase
        if kind not in PHASE_ACTIONS[phase]:
            raise rule(gettext_noop("In %(phase)s the actions are %(actions)s, not %(kind)s."),
                       phase=PHASE_NAMES[phase], actions=", ".join(PHASE_ACTIONS[phase]), kind=kind)
        if kind == "done":
            return turn.done(state, seat)
        if kind == "move":
            return steps.move(state, seat, tuple(action["from"]), tuple(action["to"]))
        if kind == "event":
            return steps.event(state, seat, action["card"], tuple(action["by"]), targets)
        if kind in ("attack", "charge"):
            return steps.strike(state, seat, kind, tuple(action["by"]), tuple(action["target"]))
        if kind == "defend":
            return steps.defend_action(state, seat)
        if kind == "special":
            return steps.special(state, seat, tuple(action["by"]), targets)
        if kind == "choose":
            return turn.choose(state, seat, action["action"])
        if kind == "skip":
            return turn.skip(state, seat)
        if kind == "place_character":
            return turn.place_character(state, seat, action["card"])
        if kind == "set":
            row, col = action["square"]
            return turn.set_card(state, seat, action["card"], row, col)
        if kind == "action_table":
            return turn.action_table(state, seat, action["card"])
        if kind == "mulligan":
            return setup_mod.mulligan(state, seat, action["take"])
        state = setup_mod.arrange(state, seat, action["order"])
        if all(state.arranged):
            state = turn.start_turn(state, state.ap, 1)
        return state

    def view(self, state: EocState, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator); see :func:`.views.build_view`.
        ``ValueError`` for a seat that is not in the game."""
        check_viewer(seat, 2)
        return build_view(state, seat)

    def determinize(self, view: dict, seat: int, rng: Rng, private: dict | None = None) -> EocState:
        """A state ``seat`` cannot tell from the real one, from its ``view`` and ``private``
        (``{"deck": [the seat's own deck as interchange dicts]}``, or ``None``) alone: the
        protocol's ``determinize``; see :mod:`.determinize` for what is kept, what is dealt and
        from which cards. ``ValueError`` for a view that is not one of this game's views of
        ``seat``, or a ``private`` of another shape."""
        return determinize_mod.determinize(view, seat, rng, private)

    def card_texts(self, options: dict | None, lang: str) -> dict[str, str]:
        """Each card's effect text in ``lang`` by code ("Cards"; see :func:`.cards.texts_of`):
        ``{}`` without decks in ``options``."""
        return texts_of((options or {}).get("decks"), lang)

    def public_action(self, action: dict, seat: int, viewer: int | None) -> dict:
        """``action`` as ``viewer`` may see it once ``seat`` took it (elements-of-chaos.md,
        "Hidden information"; see :meth:`play.engine.BaseGame.public_action`). The other seat and
        spectators see a mulligan without its answer, an arrangement without its cards, an area
        card set face down without its card (``{"type": "set", "square"}``), an ``order`` without
        its cards, an event or special with a hand card chosen among its targets with ``null``
        there (the card is set face down; docs/eoc-effects.md) and a sandbox move of a hand's card
        without the card when it stays hidden from them (``sandbox.public``: to a hand, a deck or
        face down on the area); one's own actions and every face-up play are shown whole."""
        if viewer == seat or type(action) is not dict:
            return action
        kind = action.get("type")
        if kind in sandbox.TYPES:
            return sandbox.public(action, seat, viewer)
        if kind in ("mulligan", "arrange", "order"):
            return {"type": kind}
        if kind in TARGETED and type(action.get("targets")) is list:
            return {**action, "targets": [None if type(t) is str else t for t in action["targets"]]}
        if kind == "set":
            return {"type": "set", "square": action.get("square")}
        return action

    def outcome(self, state: EocState) -> Outcome | None:
        """Once over ("Winning"): scores 1 for a winner and 0 otherwise (``[0, 0]`` for a draw),
        the winners, and ``details["reason"]``: ``"base"``, ``"down"`` or ``"deck_out"``."""
        result = state.result
        if result is None:
            return None
        scores = tuple(int(s in result.winners) for s in (0, 1))
        return Outcome(scores, result.winners, {"reason": result.reason, "turns": state.turn})

    def narrate(self, before: EocState, after: EocState) -> list[str]:
        """Lines worth printing about one step: a new turn and its active player, a character
        placed, a damage card turned, characters gone down, and the end of the match."""
        lines = []
        if after.turn != before.turn and after.turn:
            lines.append(f"Turn {after.turn}: seat {after.ap} is the active player.")
        if len(after.chars) > len(before.chars):
            new = after.chars[-1]
            card = after.cat.card(new.code)
            lines.append(f"Seat {new.owner} places {card.name} ({card.code}) on its base.")
        if after.turned is not None and after.turned is not before.turned:
            t = after.turned
            lines.append(f"Seat {t.seat} attacks: damage card {t.code}, {t.damage} damage.")
        for seat in (0, 1):
            for code in after.downs[seat][: len(after.downs[seat]) - len(before.downs[seat])]:
                lines.append(f"Seat {seat}'s {after.cat.card(code).name} ({code}) goes down.")
        if after.result is not None and before.result is None:
            r = after.result
            who = f"seat {r.winners[0]} wins" if r.winners else "a draw"
            lines.append(f"Turn {after.turn}: {who} ({r.reason}).")
        return lines

    def cli_options(self, args: dict, options: dict | None) -> dict | None:
        """Options from the ``play`` command's arguments (:data:`SPEC`'s ``cli_options``):
        ``args["decks"]`` names two sample decks, comma-separated (e.g. ``"SMP-RED,SMP-GREEN"``,
        files under ``fixtures/decks/``), which become option ``decks``. ``ValueError`` for an
        unknown deck or not exactly two names."""
        names = args.get("decks")
        if not names:
            return options
        parts = [n.strip() for n in names.split(",")]
        if len(parts) != 2:
            raise ValueError(f"--decks: name two decks, one per seat, not {len(parts)}")
        return {**(options or {}), "decks": [sample_deck(n) for n in parts]}

    def dump(self, state: EocState) -> dict:
        """The state as stored (:func:`.stored.store`): without its catalogue's card data
        (``"cards"`` is the catalogue's ``key``; the match's options hold the decks), piles as
        strings of the cards' positions in the catalogue, fields at rest left out."""
        return stored.store(state)

    def load(self, data: dict, options=None) -> EocState:
        """The state ``dump`` gave (or one stored before in the codec's form, see
        :mod:`.stored`). Its catalogue is the one kept under its ``"cards"`` key in this process
        (:func:`.cards.known`), else built once from ``options["decks"]`` (with ``rows``,
        ``stacked`` and ``sandbox``) and kept. ``ValueError`` naming the field for data of
        another shape, and for ``"cards"`` when the catalogue is not kept and ``options`` are
        ``None`` or hold other cards."""
        if not isinstance(data, dict) or type(data.get("cards")) is not str:
            raise ValueError("cards: expected the key of the match's cards (a state of Elements of Chaos)")
        key = data["cards"]
        cat = known(key)
        if cat is None:
            if options is None:
                raise ValueError("cards: the match's options are needed to load its cards")
            cat = remember(_catalogue(options)[0])
            if cat.key != key:
                raise ValueError("cards: the options' decks are not the cards of this state")
        state = stored.restore(data, cat)
        self.check_state(state)
        return state

    def upgrade(self, data: dict) -> dict:
        """``data`` in today's shape: a state stored with its whole catalogue (``"cat"``: the
        card data) and squares and characters as objects becomes one naming its catalogue by key
        (the catalogue is kept, :func:`.cards.remember`), squares and characters as lists; a
        state of today's shape whose catalogue is kept comes back as it was. ``ValueError`` for
        data that does not load."""
        if isinstance(data, dict) and isinstance(data.get("cat"), dict):
            cat = remember(from_json(Catalogue, data["cat"], "cat"))
            data = {**{name: value for name, value in data.items() if name != "cat"}, "cards": cat.key}
        return self.dump(self.load(data))

    def check_state(self, state: EocState) -> None:
        """``ValueError`` for a loaded state whose area does not match its rows."""
        if len(state.area) != state.cat.rows * 4:
            raise ValueError("not an Elements of Chaos state: the area does not match the rows")


def _catalogue(options) -> tuple[Catalogue, tuple[tuple[str, ...], tuple[str, ...]]]:
    """The catalogue and the two decks' codes of ``options`` (see :func:`.cards.parse_decks`)."""
    if "decks" not in options:
        raise bad_option(gettext_noop("decks: required, a list of two decks of %(size)s cards"), size=DECK_SIZE)
    return parse_decks(options["decks"], SPEC.option("rows").read(options), SPEC.option("stacked").read(options),
                       SPEC.option("sandbox").read(options))
