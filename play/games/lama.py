"""L.A.M.A. (Reiner Knizia, Amigo 2019): the ``lama`` engine. The contract is the rules page
lama.md; each rule below names its section.

Cards are ints ``1``..``6`` and ``7`` for the llama (lama.md, "Components"). Actions:
``{"type": "play", "card": n}``, ``{"type": "draw"}``, ``{"type": "quit"}`` (lama.md, "Actions").
Options (declared in :data:`SPEC`): ``first_player`` (seat starting round 1, default 0), ``end_at``
(the game ends after the round in which a score reaches it, 1..1000, default 40), ``deck`` and
``decks`` (stacked deals, lama.md "Stacked deals").

The state is split for speed: :class:`LamaState` holds what changes on every turn (hands, piles,
who is still in, whose turn) and points to a :class:`Tally` of what lasts between rounds
(options, generator, round number, chips, the last round's summary), which a turn shares
unchanged.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from play.engine import (
    BaseGame,
    GameSpec,
    Option,
    Outcome,
    Rng,
    acting,
    action_type,
    add,
    bad_option,
    check_cards,
    check_seat_view,
    check_viewer,
    deal,
    from_json,
    full_deck,
    game_over,
    hand_sizes,
    is_seat,
    is_turn,
    malformed,
    next_active,
    not_your_turn,
    own_hand,
    public_hands,
    replace_at,
    rule,
    split_cards,
    take,
    to_json,
    unseen_cards,
)
from play.engine.spec import DATA, INT, SEAT
from tcg.message import Message, gettext_noop

LLAMA = 7
VALUES = range(1, 8)
COPIES = 8
HAND_SIZE = 6
DECK = full_deck(VALUES, COPIES)
DECK_COUNTS = Counter(DECK)
SHAPES = {"play": {"card": int}, "draw": {}, "quit": {}}
MAX_DECKS = 100
"""At most this many stacked decks (``decks``): every stored state carries them."""

PLAYABLE_ON = {top: tuple(sorted({top, top % 7 + 1})) for top in VALUES}
"""The values playable on each top card, ascending: the same value or one higher; on a 6 a 6 or
a llama; on a llama a llama or a 1 (lama.md, "A round", 3)."""


def card_points(card: int) -> int:
    """Minus points of one value in a hand: face value, 10 for the llama (lama.md, "Scoring a round")."""
    return 10 if card == LLAMA else card


def hand_points(hand) -> int:
    """Minus points of a hand: each distinct value once (lama.md, "Scoring a round"): three 6s
    give 6, two llamas and two 4s give 14."""
    return sum(card_points(v) for v in set(hand))


_VIEW_KEYS = frozenset({
    "players", "seat", "round", "turn", "start_player", "end_at", "over", "hand", "hand_sizes", "quit",
    "laid_down", "discard_top", "discard_count", "draw_count", "chips", "scores", "last_round",
})
"""The keys of every L.A.M.A. view (:meth:`Lama.view`)."""

LLAMA_NAME = Message(gettext_noop("llama"))


def card_name(card: int) -> str:
    """A card as refusals name it: its value, or ``llama`` (a ``Message``, said in the reader's
    language)."""
    return LLAMA_NAME if card == LLAMA else str(card)


MOVES_PER_POINT = 15
"""The moves a game takes per point of ``end_at``, at most (``GameSpec.longest``): the rules set
no bound (a player who goes out gives a chip back), so it is measured with the bots, 20 seeds
per player count (2 to 6): at most 14.0 (2,802 moves to 200 points, two heuristic bots; 9.6
to 40); the random bot ends sooner (at most 1.4)."""

SPEC = GameSpec(
    slug="lama",
    names={"en": "L.A.M.A.", "ja": "ラマ（L.A.M.A.）"},
    min_players=2,
    max_players=6,
    options=(
        # Stacked deals show every hand and the draw pile's order: never shown to players.
        Option("deck", DATA, secret=True),
        Option("decks", DATA, secret=True),
        Option("first_player", SEAT, default=0),
        Option("end_at", INT, default=40, low=1, high=1000, on_form=True,
               label=gettext_noop("The game ends when a player reaches this many points"),
               help=gettext_noop("40 in the printed rules; a small number makes a short game.")),
    ),
    minutes=20,
    longest=lambda options, players: MOVES_PER_POINT * SPEC.option("end_at").read(options),
    length_options=("end_at",),
    summary=gettext_noop("Get rid of your cards, or quit the round in time: every card left in your hand costs "
                         "minus points."),
)
"""L.A.M.A.'s record (lama.md: "Components", "Stacked deals", "Next round and game end")."""


@dataclass(frozen=True)
class RoundSummary:
    """A finished round, shown to everyone (lama.md, "Hidden information": when a round ends,
    every hand left is shown with the round's scores).

    ``hands`` per seat as they stood at the end; ``points`` the minus points each seat took this
    round (0 for the player who went out); ``went_out`` the seat that played its last card, or
    ``None`` when everyone quit; ``returned`` the chip that seat gave back (``"black"``,
    ``"white"`` or ``None``); ``ended_by`` the seat that took the last turn, who starts the next
    round.
    """

    round: int
    hands: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    went_out: int | None
    returned: str | None
    ended_by: int


@dataclass(frozen=True)
class Tally:
    """What lasts between rounds. ``decks``: the stacked decks of rounds 1..len (from the
    options); ``rng``: the generator's state; ``round``: 1-based; ``starter``: the seat that began
    this round; ``white``/``black``: chip counts per seat; ``over``: the game has ended."""

    players: int
    end_at: int
    decks: tuple[tuple[int, ...], ...]
    rng: int
    round: int
    starter: int
    white: tuple[int, ...]
    black: tuple[int, ...]
    last_round: RoundSummary | None
    over: bool

    def scores(self) -> tuple[int, ...]:
        """Each seat's minus points: ``white + 10 * black`` (lama.md, "Components")."""
        return tuple(w + 10 * b for w, b in zip(self.white, self.black))


@dataclass(frozen=True)
class LamaState:
    """The position in the current round. ``hands``: sorted tuples per seat; ``draw_pile`` and
    ``discard``: top first; ``active``: per seat, still in the round (not quit); ``turn``: the
    seat to act, ``None`` once the game is over; ``tally``: see :class:`Tally`. After the last
    round the final hands and piles stay as they were when it ended."""

    hands: tuple[tuple[int, ...], ...]
    draw_pile: tuple[int, ...]
    discard: tuple[int, ...]
    active: tuple[bool, ...]
    turn: int | None
    tally: Tally


def _deck_option(value, name: str) -> tuple[int, ...]:
    check_cards(value, DECK_COUNTS, name)
    if not all(type(c) is int for c in value):
        raise bad_option(gettext_noop("%(name)s must hold the ints 1..7"), name=name)
    return tuple(value)


def _stacked_decks(options: dict) -> tuple[tuple[int, ...], ...]:
    """The stacked decks of the options (lama.md, "Stacked deals"); ``ValueError`` for a deck that
    is not 8 of each value 1..7, or ``deck`` unlike ``decks[0]``."""
    decks: tuple[tuple[int, ...], ...] = ()
    if "decks" in options:
        raw = options["decks"]
        if not isinstance(raw, list) or not raw:
            raise bad_option(gettext_noop("decks: must be a non-empty list of decks (lists of 56 cards)"))
        if len(raw) > MAX_DECKS:
            raise bad_option(gettext_noop("decks: at most %(max)s decks, not %(count)s"), max=MAX_DECKS, count=len(raw))
        decks = tuple(_deck_option(d, f"decks[{k}]") for k, d in enumerate(raw))
    if "deck" in options:
        deck = _deck_option(options["deck"], "deck")
        if decks and deck != decks[0]:
            raise bad_option(gettext_noop("deck: must equal decks[0] when both are given"))
        decks = decks or (deck,)
    return decks


def _deal(deck: tuple[int, ...], players: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """Hands, discard pile and draw pile from a deck, top first: seat ``i`` gets
    ``deck[6*i : 6*i+6]``, the next card starts the discard pile, the rest in order is the draw
    pile (lama.md, "A round", 1 and "Stacked deals")."""
    hands, rest = deal(deck, players, HAND_SIZE)
    return hands, rest[:1], rest[1:]


class Lama(BaseGame):
    """The L.A.M.A. engine (a :class:`play.engine.BaseGame` declared by :data:`SPEC`)."""

    spec = SPEC
    state_type = LamaState

    # -- setting up ---------------------------------------------------------------------------
    def setup(self, players: int, seed: int, options: dict | None = None) -> LamaState:
        """The first round dealt. ``ValueError`` naming the problem for a player count outside
        2..6, a non-int seed, unknown option names, a bad ``first_player`` (a seat) or ``end_at``
        (1..1000), a stacked deck that breaks lama.md "Stacked deals", or more than
        ``MAX_DECKS`` stacked decks."""
        players, seed, options = self.check_setup(players, seed, options)
        first = SPEC.option("first_player").read(options, players)
        end_at = SPEC.option("end_at").read(options)
        decks = _stacked_decks(options)
        rng = Rng.from_seed(seed)
        deck = decks[0] if decks else rng.shuffled(DECK)
        tally = Tally(
            players=players, end_at=end_at, decks=decks, rng=rng.state, round=1, starter=first,
            white=(0,) * players, black=(0,) * players, last_round=None, over=False,
        )
        return self._new_round(tally, deck)

    @staticmethod
    def _new_round(tally: Tally, deck: tuple[int, ...]) -> LamaState:
        hands, discard, draw_pile = _deal(deck, tally.players)
        return LamaState(hands, draw_pile, discard, (True,) * tally.players, tally.starter, tally)

    # -- who acts and how ---------------------------------------------------------------------
    def to_act(self, state: LamaState) -> list[int]:
        """The seat whose turn it is; ``[]`` once the game is over."""
        return acting(state.turn)

    def legal_actions(self, state: LamaState, seat: int) -> list[dict]:
        """For the seat to act: one ``play`` per distinct playable value in hand (ascending),
        ``draw`` when the draw pile has cards and another player is still in the round, and
        ``quit`` (lama.md, "A round", 3, and "Actions"); ``[]`` for any other seat."""
        if not is_turn(seat, state.turn):
            return []
        hand = state.hands[seat]
        actions = [{"type": "play", "card": v} for v in PLAYABLE_ON[state.discard[0]] if v in hand]
        if state.draw_pile and state.active.count(True) > 1:
            actions.append({"type": "draw"})
        actions.append({"type": "quit"})
        return actions

    def apply(self, state: LamaState, seat: int, action: dict) -> LamaState:
        """The state after ``seat`` takes ``action`` (lama.md, "A round"); ``state`` is never
        changed. Raises ``IllegalAction`` with code ``game_over``, ``malformed_action`` (not one
        of the three action shapes, or a card outside 1..7), ``not_your_turn``, or
        ``illegal_action`` (a card not in hand, a card not playable on the top card, a draw from
        an empty pile, a draw by the last player in the round)."""
        if state.turn is None:
            raise game_over()
        kind = action_type(action, SHAPES)
        if not is_turn(seat, state.turn):
            raise not_your_turn(state.turn, seat)
        if kind == "play":
            return self._play(state, seat, action["card"])
        if kind == "draw":
            return self._draw(state, seat)
        return self._quit(state, seat)

    def _play(self, state: LamaState, seat: int, card: int) -> LamaState:
        if not 1 <= card <= LLAMA:
            raise malformed(gettext_noop("A card is 1 to 7 (7 is the llama), not %(card)s."), card=card)
        hand = state.hands[seat]
        if card not in hand:
            raise rule(gettext_noop("You have no %(card)s in hand."), card=card_name(card))
        top = state.discard[0]
        if card not in PLAYABLE_ON[top]:
            raise rule(
                gettext_noop("A %(card)s cannot be played on a %(top)s: play the same value or one higher; on a 6 a 6 "
                             "or a llama, on a llama a llama or a 1 (lama.md, A round)."),
                card=card_name(card), top=card_name(top),
            )
        hand = take(hand, card)
        hands = replace_at(state.hands, seat, hand)
        discard = (card, *state.discard)
        if not hand:  # the player goes out: the round ends at once (lama.md, "A round", 4)
            return self._end_round(state, hands, discard, state.active, seat, went_out=seat)
        return replace(state, hands=hands, discard=discard, turn=next_active(seat, state.active))

    def _draw(self, state: LamaState, seat: int) -> LamaState:
        if not state.draw_pile:
            raise rule(gettext_noop("The draw pile is empty, so you cannot draw (lama.md, A round)."))
        if state.active.count(True) == 1:
            raise rule(gettext_noop(
                "Every other player has quit: the last player in the round may only play or quit (lama.md, A round)."))
        hands = replace_at(state.hands, seat, add(state.hands[seat], state.draw_pile[0]))
        return replace(state, hands=hands, draw_pile=state.draw_pile[1:], turn=next_active(seat, state.active))

    def _quit(self, state: LamaState, seat: int) -> LamaState:
        active = replace_at(state.active, seat, False)
        turn = next_active(seat, active)
        if turn is None:  # everyone has quit: the round ends (lama.md, "A round", 4)
            return self._end_round(state, state.hands, state.discard, active, seat, went_out=None)
        return replace(state, active=active, turn=turn)

    def _end_round(self, state: LamaState, hands, discard, active, ender: int, went_out: int | None) -> LamaState:
        """Score the round (lama.md, "Scoring a round"), then either end the game or deal the
        next round, started by ``ender`` (lama.md, "Next round and game end")."""
        tally = state.tally
        white, black = list(tally.white), list(tally.black)
        returned = None
        if went_out is not None:  # Decision (lama.md): return a black chip when there is one
            if black[went_out]:
                black[went_out] -= 1
                returned = "black"
            elif white[went_out]:
                white[went_out] -= 1
                returned = "white"
        points = tuple(0 if s == went_out else hand_points(h) for s, h in enumerate(hands))
        for s, p in enumerate(points):  # ten whites are exchanged for a black (lama.md, "Components")
            black[s] += (white[s] + p) // 10
            white[s] = (white[s] + p) % 10
        summary = RoundSummary(tally.round, hands, points, went_out, returned, ender)
        tally = replace(tally, white=tuple(white), black=tuple(black), last_round=summary)
        if max(tally.scores()) >= tally.end_at:
            return LamaState(hands, state.draw_pile, discard, active, None, replace(tally, over=True))
        rng = Rng(tally.rng)
        deck = tally.decks[tally.round] if tally.round < len(tally.decks) else rng.shuffled(DECK)
        tally = replace(tally, rng=rng.state, round=tally.round + 1, starter=ender)
        return self._new_round(tally, deck)

    # -- what each seat sees --------------------------------------------------------------------
    def view(self, state: LamaState, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator), lama.md "Hidden information"::

            {"players", "seat", "round", "turn", "start_player", "end_at", "over",
             "hand": [cards] | None (own hand, sorted; None for a spectator),
             "hand_sizes": [n per seat], "quit": [bool per seat],
             "laid_down": [cards | None per seat] (quit players' hands; every hand once over),
             "discard_top", "discard_count", "draw_count",
             "chips": [{"white", "black"} per seat], "scores": [per seat],
             "last_round": None | {"round", "hands", "points", "went_out", "returned", "ended_by"}}

        Never the draw pile's order, another live hand, or the generator. ``ValueError`` for a
        seat that is not in the game."""
        tally = state.tally
        check_viewer(seat, tally.players)
        quit = [not a for a in state.active]
        return {
            "players": tally.players,
            "seat": seat,
            "round": tally.round,
            "turn": state.turn,
            "start_player": tally.starter,
            "end_at": tally.end_at,
            "over": tally.over,
            "hand": own_hand(state.hands, seat),
            "hand_sizes": hand_sizes(state.hands),
            "quit": quit,
            "laid_down": public_hands(state.hands, [True] * tally.players if tally.over else quit),
            "discard_top": state.discard[0],
            "discard_count": len(state.discard),
            "draw_count": len(state.draw_pile),
            "chips": [{"white": w, "black": b} for w, b in zip(tally.white, tally.black)],
            "scores": list(tally.scores()),
            "last_round": to_json(tally.last_round),
        }

    def determinize(self, view: dict, seat: int, rng: Rng, private: dict | None = None) -> LamaState:
        """A state ``seat`` cannot tell from the real one, from its ``view`` alone (the protocol's
        ``determinize``). Kept as the view shows them: the seat's own hand, the hands laid down
        (lama.md, "Hidden information"), the discard pile's top, every pile's and hand's size,
        who has quit, whose turn, the chips, the round and the last round's summary. The unseen
        cards are exactly the 56 (lama.md, "Components") less the seat's hand, the laid-down
        hands and the discard pile's top; they are shuffled by ``rng`` and dealt, in this order,
        to the other live hands (seat order), under the discard pile's top, and to the draw pile.
        The cards under the top are not in the view (only their count), so they are dealt like
        the rest. The generator is fresh from ``rng`` and stacked ``decks`` are left out (they are
        secret options), so later rounds are shuffled from it. ``private`` is not used.

        ``ValueError`` for a view that is not a L.A.M.A. view of ``seat``, or that shows more
        copies of a value than the game has."""
        check_seat_view(view, seat, _VIEW_KEYS, "L.A.M.A.")
        players = view["players"]
        check_viewer(seat, players)
        own = tuple(sorted(view["hand"]))
        shown = [own if s == seat else view["laid_down"][s] for s in range(players)]
        seen = [c for hand in shown if hand is not None for c in hand] + [view["discard_top"]]
        cards = rng.shuffled(unseen_cards(DECK_COUNTS, seen))
        hidden = [s for s in range(players) if shown[s] is None]
        sizes = [view["hand_sizes"][s] for s in hidden] + [view["discard_count"] - 1, view["draw_count"]]
        *dealt, under, draw_pile = split_cards(cards, sizes)
        hands = [tuple(sorted(hand)) if hand is not None else None for hand in shown]
        for s, hand in zip(hidden, dealt):
            hands[s] = tuple(sorted(hand))
        last = view["last_round"]
        tally = Tally(
            players=players, end_at=view["end_at"], decks=(), rng=rng.next64(), round=view["round"],
            starter=view["start_player"], white=tuple(c["white"] for c in view["chips"]),
            black=tuple(c["black"] for c in view["chips"]),
            last_round=None if last is None else from_json(RoundSummary, last), over=view["over"],
        )
        return LamaState(tuple(hands), draw_pile, (view["discard_top"], *under),
                         tuple(not q for q in view["quit"]), view["turn"], tally)

    def outcome(self, state: LamaState) -> Outcome | None:
        """Once over: each seat's minus points and the seats with the fewest, who share the win
        (lama.md, "Next round and game end"); ``details``: ``{"rounds": n}``."""
        if not state.tally.over:
            return None
        return Outcome.best_share(state.tally.scores(), min, {"rounds": state.tally.round})

    def narrate(self, before: LamaState, after: LamaState) -> list[str]:
        """One line when a round ended between ``before`` and ``after``: who went out (or that
        everyone quit), the round's points and the totals."""
        summary = after.tally.last_round
        if summary is None or summary is before.tally.last_round:
            return []
        if summary.went_out is None:
            how = f"everyone quit, seat {summary.ended_by} last"
        else:
            how = f"seat {summary.went_out} went out"
            if summary.returned:
                how += f" and returned a {summary.returned} chip"
        points = ", ".join(map(str, summary.points))
        totals = ", ".join(map(str, after.tally.scores()))
        return [f"Round {summary.round}: {how}; points {points}; totals {totals}."]

    # -- storage ------------------------------------------------------------------------------
    def check_state(self, state: LamaState) -> None:
        """``ValueError`` for a loaded state whose seats do not match its player count."""
        if not is_seat(state.tally.starter, state.tally.players) or len(state.hands) != state.tally.players:
            raise ValueError("not a L.A.M.A. state: the seats do not match the player count")
