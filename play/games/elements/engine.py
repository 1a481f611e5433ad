"""Elements (Marcel-André Casasola Merkle, Adlung-Spiele): the ``elements`` engine. The contract is
the rules page elements.md; each rule below names its section.

Actions (elements.md, "Actions"): ``{"type": "place", "colour": "green", "card": CARD}`` in
phase 1, ``{"type": "bid", "cards": [CARD]}`` (two cards in round 3) and ``{"type": "pass"}`` in
the auctions, ``{"type": "discard", "cards": [CARD, ...]}`` between deals; a CARD is
``{"colour": "red", "value": 7}``. Options (declared in :data:`SPEC`): ``deals`` (1..50, default:
as many as players), ``first_player`` (default 0), ``deck`` and ``colours`` (stacked deals,
elements.md "Stacked deals").
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from play.engine import (
    BaseGame,
    GameSpec,
    Option,
    Outcome,
    Rng,
    action_type,
    check_seat_view,
    check_viewer,
    deal,
    either,
    game_over,
    hand_sizes,
    illegal,
    is_seat,
    is_turn,
    malformed,
    not_your_turn,
    replace_at,
    rule,
    seat_order,
    shown,
    split_cards,
    unseen_cards,
)
from play.engine.spec import DATA, INT, SEAT
from tcg.message import Message, gettext_noop

from .cards import (
    CARDS,
    COLOUR_INDEX,
    COLOUR_WORDS,
    COLOURS,
    HAND_SIZE,
    VALUE_OF,
    card_json,
    card_name,
    cards_json,
    parse_card,
    parse_colours,
    parse_deck,
    rank_of,
    set_strength,
    subsets,
)
from .state import (
    BID,
    DISCARD,
    EMPTY,
    OVER,
    PLACE,
    STOCK,
    Auction,
    AuctionResult,
    Deal,
    DealSummary,
    ElementsState,
    Tally,
)

MAX_DEALS = 50
MOVES_PER_DEAL = 65
"""The moves a deal takes, at most (``GameSpec.longest``): the cards bound it; measured with the
bots, 20 seeds per player count, at most 62 (5 seats), 49 (4), 37 (3)."""
SPEC = GameSpec(
    slug="elements",
    names={"en": "Elements", "ja": "エレメンツ"},
    min_players=3,
    max_players=5,
    options=(
        Option("deals", INT, low=1, high=MAX_DEALS, on_form=True,
               label=gettext_noop("Deals"),
               help=gettext_noop("As many as there are players in the printed rules, so that everyone starts once.")),
        Option("first_player", SEAT, default=0),
        # The stacked deck deals every hand and the stock: never shown to players.
        Option("deck", DATA, secret=True),
        Option("colours", DATA),
    ),
    minutes=30,
    longest=lambda options, players: MOVES_PER_DEAL * (SPEC.option("deals").read(options) or players),
    length_options=("deals",),
    summary=gettext_noop("Rank the colours, then win number cards in auctions by bidding sets of cards."),
)
"""Elements' record (elements.md: "A game", "Stacked deals"); ``deals`` defaults to the player
count."""
SHAPES = {
    "place": {"colour": str, "card": dict},
    "bid": {"cards": list},
    "pass": {},
    "discard": {"cards": list},
}
PASS = "pass"
_PHASE_ACTIONS = {PLACE: ("place",), BID: ("bid", PASS), DISCARD: ("discard",)}
_PHASE_RULE = {PLACE: Message(gettext_noop("Phase 1")), BID: Message(gettext_noop("Phase 2")),
               DISCARD: Message(gettext_noop("End of the deal"))}
"""Each phase's section of elements.md, as refusals name it."""


_VIEW_KEYS = frozenset({
    "players", "seat", "deal", "deals", "start_player", "phase", "turn", "to_act", "over", "row", "hand", "hand_sizes",
    "stock_size", "prizes", "auction", "auctions", "won", "set_aside", "scores", "gave_up", "last_deal",
})
"""The keys of every Elements view (:meth:`Elements.view`)."""
_CARD_COUNTS = Counter(CARDS)


def _card_of(data) -> int:
    """The card of a view's ``{"colour", "value"}``; ``ValueError`` for anything else."""
    card = parse_card(data)
    if card is None:
        raise ValueError(f"not an Elements card: {data!r:.60}")
    return card


def _cards_of(data) -> tuple[int, ...]:
    return tuple(_card_of(c) for c in data)


def _without(hand: tuple[int, ...], cards) -> tuple[int, ...]:
    return tuple(c for c in hand if c not in cards)


class Elements(BaseGame):
    """The Elements engine for 3–5 players (elements.md; a :class:`play.engine.BaseGame`
    declared by :data:`SPEC`)."""

    spec = SPEC
    state_type = ElementsState

    # -- setting up ---------------------------------------------------------------------------
    def setup(self, players: int, seed: int, options: dict | None = None) -> ElementsState:
        """Deal 1 dealt, phase 1 waiting for its start player. ``ValueError`` naming the problem
        for a player count outside 3..5, a non-int seed, unknown option names, a ``first_player``
        that is not a seat, ``deals`` outside 1..50, a ``deck`` that is not the 55 cards once each,
        or ``colours`` that is not the five colour names once each (elements.md, "A game" and
        "Stacked deals")."""
        players, seed, options = self.check_setup(players, seed, options)
        first = SPEC.option("first_player").read(options, players)
        deals = SPEC.option("deals").read(options, default=players)
        rng = Rng.from_seed(seed)
        row = parse_colours(options["colours"]) if "colours" in options else rng.shuffled(range(len(COLOURS)))
        deck = parse_deck(options["deck"]) if "deck" in options else rng.shuffled(CARDS)
        hands, stock = deal(deck, players, HAND_SIZE)
        tally = Tally(players, deals, first, rng.state, 1, (0,) * players, None)
        return self._new_deal(tally, first, tuple(row), hands, stock)

    @staticmethod
    def _new_deal(tally: Tally, start: int, row, hands, stock) -> ElementsState:
        players = tally.players
        table = Deal(
            start=start, row=row, placed=(EMPTY,) * len(row), placed_by=(EMPTY,) * len(row), stock=stock,
            prizes=(), auctions=(), won=((),) * players, set_aside=(), gave_up=(-1,) * players,
        )
        return ElementsState(PLACE, start, hands, None, table, tally)

    # -- who acts and how ---------------------------------------------------------------------
    def to_act(self, state: ElementsState) -> list[int]:
        """The seat to act in phase 1 and the auctions; in the give-up step every seat that has not
        chosen yet (elements.md, "End of the deal": in any order); ``[]`` once the game is over."""
        if state.turn is not None:
            return [state.turn]
        if state.phase == DISCARD:
            return [s for s, n in enumerate(state.deal.gave_up) if n < 0]
        return []

    def legal_actions(self, state: ElementsState, seat: int) -> list[dict]:
        """Exactly what ``apply`` accepts from ``seat`` now (elements.md, "Actions"), ``[]`` for a
        seat that may not act:

        - phase 1: a ``place`` of each card in hand under each colour card still empty, in row
          order;
        - an auction: ``pass``, then a ``bid`` of each card in hand (rounds 1–2) or of each pair
          of cards (round 3, only with two cards or more);
        - the give-up step: a ``discard`` of every subset of the hand (the empty one first), for
          a seat that has not chosen yet.

        Cards in a listed action are in hand order; ``apply`` takes them in any order."""
        phase = state.phase
        if phase == BID:
            if not is_turn(seat, state.turn):
                return []
            hand = state.hands[seat]
            actions = [{"type": PASS}]
            if state.auction.round < 3:
                actions += [{"type": "bid", "cards": [card_json(c)]} for c in hand]
            else:
                last = len(hand)
                for i in range(last - 1):
                    first = hand[i]
                    actions += [{"type": "bid", "cards": [card_json(first), card_json(hand[j])]}
                                for j in range(i + 1, last)]
            return actions
        if phase == PLACE:
            if not is_turn(seat, state.turn):
                return []
            table = state.deal
            hand = state.hands[seat]
            return [
                {"type": "place", "colour": COLOURS[colour], "card": card_json(c)}
                for colour, placed in zip(table.row, table.placed) if placed == EMPTY
                for c in hand
            ]
        if phase == DISCARD:
            if not is_seat(seat, state.tally.players) or state.deal.gave_up[seat] >= 0:
                return []
            return [{"type": "discard", "cards": cards_json(cards)} for cards in subsets(state.hands[seat])]
        return []

    def apply(self, state: ElementsState, seat: int, action: dict) -> ElementsState:
        """The state after ``seat`` takes ``action`` (elements.md, "A deal"); ``state`` is never
        changed. Raises ``IllegalAction`` with code ``game_over``; ``malformed_action`` (not one of
        the four action shapes, or something that is not a card or a colour name);
        ``not_your_turn``; or ``illegal_action``, its message naming the rule: an action of
        another phase, a card not in hand, a colour card already covered, the wrong number of
        cards for the bidding round, the same card twice."""
        phase = state.phase
        if phase == OVER:
            raise game_over()
        kind = action_type(action, SHAPES)
        if kind == "place":
            colour = COLOUR_INDEX.get(action["colour"])
            if colour is None:
                raise malformed(gettext_noop("A colour card is one of %(colours)s, not %(colour)s."),
                                colours=", ".join(COLOURS), colour=shown(action["colour"], 20))
            cards = (self._card(action["card"]),)
        elif kind != PASS:
            cards = tuple(self._card(c) for c in action["cards"])
        if phase == DISCARD:
            if not is_seat(seat, state.tally.players) or state.deal.gave_up[seat] >= 0:
                raise illegal("not_your_turn", gettext_noop("Seat %(seat)s has no give-up choice to make now."),
                              seat=shown(seat))
        elif not is_turn(seat, state.turn):
            raise not_your_turn(state.turn, seat)
        if kind not in _PHASE_ACTIONS[phase]:
            raise rule(
                gettext_noop("Now is %(phase)s: the action is %(actions)s, not %(kind)s (elements.md, Actions)."),
                phase=_PHASE_RULE[phase], actions=either(_PHASE_ACTIONS[phase]), kind=kind)
        if kind == PASS:
            return self._advance(state, seat, state.hands, state.auction, passed=True)
        hand = state.hands[seat]
        for card in cards:
            if card not in hand:
                raise rule(gettext_noop("You have no %(card)s in hand (elements.md, A deal)."), card=card_name(card))
        if len(set(cards)) != len(cards):
            raise rule(gettext_noop("The same card is there twice (elements.md, Actions)."))
        if kind == "bid":
            return self._bid(state, seat, hand, cards)
        if kind == "place":
            return self._place(state, seat, hand, colour, cards[0])
        return self._discard(state, seat, hand, cards)

    @staticmethod
    def _card(data) -> int:
        card = parse_card(data)
        if card is None:
            raise malformed(gettext_noop('A card is {"colour": one of %(colours)s, "value": 0..10}, not %(data)s.'),
                            colours=", ".join(COLOURS), data=shown(data, 60))
        return card

    # -- phase 1 (elements.md, "Phase 1") --------------------------------------------------------
    def _place(self, state: ElementsState, seat: int, hand, colour: int, card: int) -> ElementsState:
        table = state.deal
        place = table.row.index(colour)
        if table.placed[place] != EMPTY:
            raise rule(gettext_noop(
                "The %(colour)s colour card already has a card: choose one that has none (elements.md, Phase 1)."),
                colour=COLOUR_WORDS[colour])
        hands = replace_at(state.hands, seat, _without(hand, (card,)))
        table = replace(table, placed=replace_at(table.placed, place, card),
                        placed_by=replace_at(table.placed_by, place, seat))
        turn = (seat + 1) % state.tally.players
        if turn != table.start:
            return ElementsState(PLACE, turn, hands, None, table, state.tally)
        return self._rank(state, hands, table)

    def _rank(self, state: ElementsState, hands, table: Deal) -> ElementsState:
        """Everyone has placed: the stock fills the empty colour cards in row order, all are
        turned up and re-ranked (highest nearest the box, ties keep their order), zeros are set
        aside, and the first auction starts, lowest prize first (elements.md, "Phase 1")."""
        placed, placed_by, stock = list(table.placed), list(table.placed_by), table.stock
        for place, card in enumerate(placed):
            if card == EMPTY:
                placed[place], placed_by[place], stock = stock[0], STOCK, stock[1:]
        order = sorted(range(len(placed)), key=lambda p: -VALUE_OF[placed[p]])
        row = tuple(table.row[p] for p in order)
        placed = tuple(placed[p] for p in order)
        prizes = tuple(c for c in reversed(placed) if VALUE_OF[c])
        table = replace(
            table, row=row, placed=placed, placed_by=tuple(placed_by[p] for p in order), stock=stock,
            prizes=prizes, set_aside=tuple(c for c in placed if not VALUE_OF[c]),
        )
        if not prizes:  # all zeros: the deal ends at once (elements.md, "Phase 2")
            return self._end_deal(state, hands, table)
        return self._open_auction(state.tally, hands, table, 0, table.start)

    # -- phase 2 (elements.md, "Phase 2" and "Comparing bids") ----------------------------------
    @staticmethod
    def _open_auction(tally: Tally, hands, table: Deal, number: int, starter: int) -> ElementsState:
        players = tally.players
        auction = Auction(number, starter, 1, (False,) * players, ((),) * players)
        return ElementsState(BID, starter, hands, auction, table, tally)

    def _bid(self, state: ElementsState, seat: int, hand, cards: tuple[int, ...]) -> ElementsState:
        auction = state.auction
        need = 2 if auction.round == 3 else 1
        if len(cards) != need:
            if need == 2:
                raise rule(gettext_noop("In bidding round %(round)s a bid is two cards, not %(count)s "
                                        "(elements.md, Phase 2)."), round=auction.round, count=len(cards))
            raise rule(gettext_noop("In bidding round %(round)s a bid is one card, not %(count)s "
                                    "(elements.md, Phase 2)."), round=auction.round, count=len(cards))
        hands = replace_at(state.hands, seat, _without(hand, cards))
        auction = Auction(auction.number, auction.starter, auction.round, auction.passed,
                          replace_at(auction.bids, seat, auction.bids[seat] + cards))
        return self._advance(state, seat, hands, auction, passed=False)

    def _advance(self, state: ElementsState, seat: int, hands, auction: Auction, passed: bool) -> ElementsState:
        """After ``seat`` bid or passed: the next seat in this round that has not passed, else the
        first of the next round, else (after round 3, or once everyone has passed) the auction is
        decided (elements.md, "Phase 2")."""
        players = state.tally.players
        if passed:
            flags = replace_at(auction.passed, seat, True)
            auction = Auction(auction.number, auction.starter, auction.round, flags, auction.bids)
        flags, starter = auction.passed, auction.starter
        for step in range((seat - starter) % players + 1, players):
            nxt = (starter + step) % players
            if not flags[nxt]:
                return ElementsState(BID, nxt, hands, auction, state.deal, state.tally)
        if auction.round < 3:
            for step in range(players):
                nxt = (starter + step) % players
                if not flags[nxt]:
                    auction = Auction(auction.number, starter, auction.round + 1, flags, auction.bids)
                    return ElementsState(BID, nxt, hands, auction, state.deal, state.tally)
        return self._decide(state, hands, auction)

    @staticmethod
    def _leader(bids, starter: int, row) -> int | None:
        """The seat whose bid is the strongest now (elements.md, "Comparing bids"); ``None`` while
        nobody has played a card."""
        rank = rank_of(row)
        leader, best = None, None
        for seat in seat_order(starter, len(bids)):
            if bids[seat]:
                strength = set_strength(bids[seat], rank)
                if best is None or strength > best:
                    leader, best = seat, strength
        return leader

    def _decide(self, state: ElementsState, hands, auction: Auction) -> ElementsState:
        """The strongest bid takes the prize and its bidder starts the next auction; with no card
        played the prize is set aside and the same starter goes on (elements.md, "Comparing
        bids")."""
        table = state.deal
        prize = table.prizes[auction.number]
        winner = self._leader(auction.bids, auction.starter, table.row)
        result = AuctionResult(prize, auction.bids, winner)
        if winner is None:
            table = replace(table, auctions=table.auctions + (result,), set_aside=table.set_aside + (prize,))
            starter = auction.starter
        else:
            table = replace(table, auctions=table.auctions + (result,),
                            won=replace_at(table.won, winner, table.won[winner] + (prize,)))
            starter = winner
        if auction.number + 1 < len(table.prizes):
            return self._open_auction(state.tally, hands, table, auction.number + 1, starter)
        return self._end_deal(state, hands, table)

    # -- between deals (elements.md, "End of the deal" and "End") --------------------------------
    def _end_deal(self, state: ElementsState, hands, table: Deal) -> ElementsState:
        tally = state.tally
        points = tuple(sum(VALUE_OF[c] for c in won) for won in table.won)
        summary = DealSummary(tally.deal, table.row, table.won, points, None)
        tally = replace(tally, scores=tuple(s + p for s, p in zip(tally.scores, points)), last_deal=summary)
        phase = OVER if tally.deal >= tally.deals else DISCARD
        return ElementsState(phase, None, hands, None, table, tally)

    def _discard(self, state: ElementsState, seat: int, hand, cards: tuple[int, ...]) -> ElementsState:
        hands = replace_at(state.hands, seat, _without(hand, cards))
        table = replace(state.deal, gave_up=replace_at(state.deal.gave_up, seat, len(cards)))
        if min(table.gave_up) < 0:
            return ElementsState(DISCARD, None, hands, None, table, state.tally)
        return self._redraw(state.tally, hands, table)

    def _redraw(self, tally: Tally, hands, table: Deal) -> ElementsState:
        """Every card not in a hand is shuffled; from the next start player, in seat order, each
        player fills their hand to 11; the rest is the stock; the row stays (elements.md, "End of
        the deal")."""
        held = {c for hand in hands for c in hand}
        rng = Rng(tally.rng)
        pool = rng.shuffled([c for c in CARDS if c not in held])
        start = (table.start + 1) % tally.players
        hands = list(hands)
        for seat in seat_order(start, tally.players):
            need = HAND_SIZE - len(hands[seat])
            hands[seat] = tuple(sorted(hands[seat] + pool[:need]))
            pool = pool[need:]
        tally = replace(tally, rng=rng.state, deal=tally.deal + 1,
                        last_deal=replace(tally.last_deal, gave_up=table.gave_up))
        return self._new_deal(tally, start, table.row, tuple(hands), pool)

    # -- what each seat sees (elements.md, "Hidden information") --------------------------------
    def view(self, state: ElementsState, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator), elements.md "Hidden information"::

            {"players", "seat", "deal", "deals", "start_player", "phase", "turn", "to_act", "over",
             "row": [{"colour", "card": CARD | None, "placed": bool, "by": seat | "stock" | None}]
                    (nearest the box first; in phase 1 a card shows only to the seat that placed it),
             "hand": [CARD] | None (own hand; None for a spectator), "hand_sizes", "stock_size",
             "prizes": [{"card", "colour", "status": "waiting"|"current"|"won"|"set_aside",
                         "winner": seat | None}] (auction order, lowest first),
             "auction": None | {"number", "prize", "starter", "round", "passed", "bids": [[CARD]],
                                "leader": seat | None (the strongest bid now)},
             "auctions": [{"prize", "bids", "winner"}] (this deal's finished auctions),
             "won": [[CARD] per seat] (this deal), "set_aside": [CARD], "scores": [totals],
             "gave_up": [count | None per seat] | None (the give-up step: None until chosen),
             "last_deal": None | {"deal", "row": [colour], "won", "points", "gave_up"}}

        Never the stock's cards, another hand, another seat's hidden phase-1 card, which cards
        were given up, or the generator. ``ValueError`` for a seat not in the game."""
        tally, table, auction = state.tally, state.deal, state.auction
        check_viewer(seat, tally.players)
        turned_up = state.phase != PLACE
        row = []
        for colour, card, by in zip(table.row, table.placed, table.placed_by):
            shown = card != EMPTY and (turned_up or by == seat)
            row.append({
                "colour": COLOURS[colour],
                "card": card_json(card) if shown else None,
                "placed": card != EMPTY,
                "by": None if by == EMPTY else ("stock" if by == STOCK else by),
            })
        prizes = []
        for number, card in enumerate(table.prizes):
            if number < len(table.auctions):
                winner = table.auctions[number].winner
                status = "set_aside" if winner is None else "won"
            else:
                winner = None
                status = "current" if auction is not None and number == auction.number else "waiting"
            prizes.append({"card": card_json(card), "colour": COLOURS[table.row[table.placed.index(card)]],
                           "status": status, "winner": winner})
        last = tally.last_deal
        return {
            "players": tally.players,
            "seat": seat,
            "deal": tally.deal,
            "deals": tally.deals,
            "start_player": table.start,
            "phase": state.phase,
            "turn": state.turn,
            "to_act": self.to_act(state),
            "over": state.phase == OVER,
            "row": row,
            "hand": None if seat is None else cards_json(state.hands[seat]),
            "hand_sizes": hand_sizes(state.hands),
            "stock_size": len(table.stock),
            "prizes": prizes,
            "auction": None if auction is None else {
                "number": auction.number,
                "prize": card_json(table.prizes[auction.number]),
                "starter": auction.starter,
                "round": auction.round,
                "passed": list(auction.passed),
                "bids": [cards_json(b) for b in auction.bids],
                "leader": self._leader(auction.bids, auction.starter, table.row),
            },
            "auctions": [
                {"prize": card_json(a.prize), "bids": [cards_json(b) for b in a.bids], "winner": a.winner}
                for a in table.auctions
            ],
            "won": [cards_json(w) for w in table.won],
            "set_aside": cards_json(table.set_aside),
            "scores": list(tally.scores),
            "gave_up": [n if n >= 0 else None for n in table.gave_up] if state.phase == DISCARD else None,
            "last_deal": None if last is None else {
                "deal": last.deal,
                "row": [COLOURS[c] for c in last.row],
                "won": [cards_json(w) for w in last.won],
                "points": list(last.points),
                "gave_up": None if last.gave_up is None else list(last.gave_up),
            },
        }

    def determinize(self, view: dict, seat: int, rng: Rng, private: dict | None = None) -> ElementsState:
        """A state ``seat`` cannot tell from the real one, from its ``view`` alone (the protocol's
        ``determinize``). Kept as the view shows them: the seat's own hand, the colour row with
        every card the seat sees on it (all once phase 1 is over; its own in phase 1), the
        prizes, the auction under way and the finished ones with every bid card, the prizes won
        and set aside, the scores, the last deal's summary, every hand's and the stock's size,
        who has given up how many (elements.md, "Hidden information").

        The unseen cards are exactly the 55 (elements.md, "Components") less the seat's hand,
        the row cards it sees and every bid card of this deal (the prizes won and set aside are
        row cards): during a deal every other card is in a hand, face down on the row or in the
        stock. They are shuffled by ``rng`` and dealt, in this order, to the other hands (seat
        order), the row's face-down phase-1 cards (row order) and the stock. In the give-up
        step and at the end some unseen cards have left the table (given up): the cards left
        over after the stock are those. The first player is read back from the deal's start
        player (deal ``d`` is started ``d - 1`` seats on, elements.md "A game"); the generator is
        fresh from ``rng``, and a stacked ``deck`` (a secret option) plays no part. ``private`` is
        not used.

        ``ValueError`` for a view that is not an Elements view of ``seat``, a card that is none of
        the 55, or a card seen twice."""
        check_seat_view(view, seat, _VIEW_KEYS, "Elements")
        players = view["players"]
        check_viewer(seat, players)
        own = _cards_of(view["hand"])
        row_view = view["row"]
        row = tuple(COLOUR_INDEX[place["colour"]] for place in row_view)
        shown_row = [None if place["card"] is None else _card_of(place["card"]) for place in row_view]
        auction = view["auction"]
        bids = [] if auction is None else [_cards_of(b) for b in auction["bids"]]
        results = [AuctionResult(_card_of(a["prize"]), tuple(_cards_of(b) for b in a["bids"]), a["winner"])
                   for a in view["auctions"]]
        seen = [*own, *(c for c in shown_row if c is not None), *(c for b in bids for c in b),
                *(c for r in results for b in r.bids for c in b)]
        cards = rng.shuffled(unseen_cards(_CARD_COUNTS, seen))
        hidden_seats = [s for s in range(players) if s != seat]
        face_down = [p for p, place in enumerate(row_view) if place["placed"] and place["card"] is None]
        sizes = [view["hand_sizes"][s] for s in hidden_seats] + [len(face_down), view["stock_size"]]
        if sum(sizes) > len(cards) or (sum(sizes) < len(cards) and view["phase"] not in (DISCARD, OVER)):
            raise ValueError(f"the view leaves {len(cards)} unseen cards for {sum(sizes)} hidden places")
        *dealt, under, stock = split_cards(cards[:sum(sizes)], sizes)
        hands = [own if s == seat else None for s in range(players)]
        for s, hand in zip(hidden_seats, dealt):
            hands[s] = tuple(sorted(hand))
        placed = [EMPTY if not place["placed"] else card for place, card in zip(row_view, shown_row)]
        for p, card in zip(face_down, under):
            placed[p] = card
        by = {None: EMPTY, "stock": STOCK}
        gave_up = view["gave_up"]
        table = Deal(
            start=view["start_player"], row=row, placed=tuple(placed),
            placed_by=tuple(by[place["by"]] if place["by"] in by else place["by"] for place in row_view),
            stock=stock, prizes=tuple(_card_of(p["card"]) for p in view["prizes"]), auctions=tuple(results),
            won=tuple(_cards_of(w) for w in view["won"]), set_aside=_cards_of(view["set_aside"]),
            gave_up=(-1,) * players if gave_up is None else tuple(-1 if n is None else n for n in gave_up),
        )
        last = view["last_deal"]
        tally = Tally(
            players=players, deals=view["deals"], first_player=(view["start_player"] - view["deal"] + 1) % players,
            rng=rng.next64(), deal=view["deal"], scores=tuple(view["scores"]),
            last_deal=None if last is None else DealSummary(
                last["deal"], tuple(COLOUR_INDEX[c] for c in last["row"]), tuple(_cards_of(w) for w in last["won"]),
                tuple(last["points"]), None if last["gave_up"] is None else tuple(last["gave_up"])),
        )
        state_auction = None if auction is None else Auction(
            auction["number"], auction["starter"], auction["round"], tuple(auction["passed"]), tuple(bids))
        return ElementsState(view["phase"], view["turn"], tuple(hands), state_auction, table, tally)

    def public_action(self, action: dict, seat: int, viewer: int | None) -> dict:
        """``action`` as ``viewer`` may see it once ``seat`` took it (elements.md, "Hidden
        information"; see :meth:`play.engine.BaseGame.public_action`): others see a ``place`` without its
        card (``{"type": "place", "colour"}``) and a ``discard`` as its count only
        (``{"type": "discard", "count": n}``); bids, passes and one's own actions are shown whole."""
        if viewer == seat or type(action) is not dict:
            return action
        kind = action.get("type")
        if kind == "place":
            return {"type": "place", "colour": action.get("colour")}
        if kind == "discard":
            cards = action.get("cards")
            return {"type": "discard", "count": len(cards) if isinstance(cards, list) else 0}
        return action

    def outcome(self, state: ElementsState) -> Outcome | None:
        """Once the last deal is over: the totals per seat and the seats with the highest, who
        share the win (elements.md, "End"); ``details``: ``{"deals": n}``."""
        if state.phase != OVER:
            return None
        return Outcome.best_share(state.tally.scores, max, {"deals": state.tally.deal})

    def narrate(self, before: ElementsState, after: ElementsState) -> list[str]:
        """Lines for the ``play`` command: the new ranking and prizes when phase 1 ends, the winner
        of each auction, and each deal's points and totals when it ends."""
        lines = []
        table = after.deal
        if before.phase == PLACE and after.phase != PLACE:
            row = ", ".join(f"{COLOURS[c]} {VALUE_OF[p]}" for c, p in zip(table.row, table.placed))
            lines.append(f"Deal {after.tally.deal}: the row is {row} (box first); prizes "
                         + (", ".join(str(VALUE_OF[p]) for p in table.prizes) or "none") + ".")
        if len(table.auctions) > len(before.deal.auctions):
            result = table.auctions[-1]
            if result.winner is None:
                lines.append(f"  Prize {VALUE_OF[result.prize]}: nobody bid; it is set aside.")
            else:
                bid = ", ".join(card_name(c) for c in result.bids[result.winner])
                lines.append(f"  Prize {VALUE_OF[result.prize]} to seat {result.winner} ({bid}).")
        last = after.tally.last_deal
        if last is not None and last is not before.tally.last_deal and last.gave_up is None:
            points = ", ".join(map(str, last.points))
            totals = ", ".join(map(str, after.tally.scores))
            lines.append(f"Deal {last.deal} over: points {points}; totals {totals}.")
        return lines

    # -- storage ------------------------------------------------------------------------------
    def check_state(self, state: ElementsState) -> None:
        """``ValueError`` for a loaded state whose phase, seats or row do not fit the game."""
        tally = state.tally
        if (state.phase not in _PHASE_RULE and state.phase != OVER) or len(state.hands) != tally.players \
                or not is_seat(state.deal.start, tally.players) or sorted(state.deal.row) != list(range(len(COLOURS))):
            raise ValueError("not an Elements state: the phase, seats or row do not fit")
