"""The ``heuristic`` bot for Elements: rules of thumb over what its seat sees (elements.md,
"Hidden information") and the legal actions.

- **Bidding: save cards for the prizes that matter and win them as cheaply as possible.** Prizes
  are auctioned lowest first, and cards spent now are missing for the higher prizes later in the
  deal (the hand is only refilled between deals). So the bot contests a prize when it is among
  the best it can still afford this deal (about one prize per three cards in hand), when it is the
  last prize, or when nobody can answer a cheap bid. In a contested auction it plays the cheapest
  card(s) that make its bid the strongest on the table, and passes as soon as it leads and no
  other player can still play; when it cannot lead yet it builds towards a set it could complete
  in the rounds left (elements.md, "Comparing bids"), and gives up otherwise.
- **Cards are worth what they add to sets.** A card's cost is its value plus a bonus per other
  card in hand of the same number or colour, so lone low cards are spent first.
- **Phase 1** places the card the hand needs least (lowest cost) under the empty colour card
  farthest from the box: a low number keeps a high prize from being made for someone else.
- **Between deals** it gives up the lone low cards (cost below ``give_up_below``) for fresh ones,
  since the hand is refilled to 11 anyway.

Against random bots it wins almost every game (they spend their cards on the first, cheapest
prizes), so the settings were chosen against copies of itself: one variant against three other
bots over 400–600 seeded 4-player games, where 25% is parity. Against bots with a set bonus of 3:
contesting more prizes (two cards a prize) won 19%, fewer (four cards a prize) 14%, a set bonus
of 1 16%, of 5 32% (and 3 against three 5s: 24%), giving up nothing or all cards costing under 7
25–28%. Against the final settings: placing the most needed card in phase 1 instead of the least
won 6%, two prizes for ten cards instead of three 11%, a set bonus of 8 28%.
"""
from __future__ import annotations

from collections import Counter

from play.games.elements import COLOURS, parse_card, set_strength
from play.games.elements.cards import COLOUR_OF, NO_BID, VALUE_OF, rank_of


class ElementsHeuristic:
    """``choose(view, legal)`` for an Elements seat. Deterministic: ``seed`` is taken for the
    common bot factory signature only. ``cards_per_prize``: the hand size reckoned per prize the
    bot can afford to contest; ``give_up_below``: the cost under which a card is given up between
    deals; ``set_bonus``: the cost a card gains per other card of its number or colour in hand."""

    def __init__(self, seed: int, *, cards_per_prize: int = 3, give_up_below: int = 4, set_bonus: int = 5):
        self.cards_per_prize = cards_per_prize
        self.give_up_below = give_up_below
        self.set_bonus = set_bonus

    def choose(self, view: dict, legal: list[dict]) -> dict:
        """One of ``legal`` for the seat of ``view``. ``ValueError`` when ``legal`` is empty."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        hand = [parse_card(c) for c in view["hand"]]
        kind = legal[0]["type"]
        if kind == "place":
            return self._place(view, hand, legal)
        if kind == "discard":
            return self._give_up(hand, legal)
        return self._bid(view, hand, legal)

    # -- card values -------------------------------------------------------------------------------
    def costs(self, hand: list[int]) -> dict[int, int]:
        """Per card of ``hand``, what spending it costs: its value plus ``set_bonus`` for each other
        card of the same number or colour."""
        values = Counter(VALUE_OF[c] for c in hand)
        colours = Counter(COLOUR_OF[c] for c in hand)
        return {c: VALUE_OF[c] + self.set_bonus * (values[VALUE_OF[c]] + colours[COLOUR_OF[c]] - 2) for c in hand}

    # -- phase 1 -----------------------------------------------------------------------------------
    def _place(self, view: dict, hand: list[int], legal: list[dict]) -> dict:
        costs = self.costs(hand)
        card = min(hand, key=lambda c: (costs[c], c))
        empty = [r["colour"] for r in view["row"] if not r["placed"]]
        return {"type": "place", "colour": empty[-1], "card": _json(card)}

    # -- the give-up step --------------------------------------------------------------------------
    def _give_up(self, hand: list[int], legal: list[dict]) -> dict:
        costs = self.costs(hand)
        cards = [c for c in hand if costs[c] < self.give_up_below]
        return {"type": "discard", "cards": [_json(c) for c in cards]}

    # -- auctions ----------------------------------------------------------------------------------
    def _bid(self, view: dict, hand: list[int], legal: list[dict]) -> dict:
        me = view["seat"]
        auction = view["auction"]
        rank = rank_of(tuple(COLOURS.index(r["colour"]) for r in view["row"]))
        bids = [[parse_card(c) for c in b] for b in auction["bids"]]
        mine = bids[me]
        others = max(set_strength(b, rank) for s, b in enumerate(bids) if s != me)
        leading = set_strength(mine, rank) > others
        answerers = self._answerers(view, me)
        prize = VALUE_OF[parse_card(auction["prize"])]
        if leading and not answerers:
            return {"type": "pass"}
        if not self._worth_it(view, hand, prize, others, answerers):
            return {"type": "pass"}
        costs = self.costs(hand)
        adds = [tuple(parse_card(c) for c in a["cards"]) for a in legal if a["type"] == "bid"]
        winning = [a for a in adds if set_strength(mine + list(a), rank) > others]
        if winning:
            if leading:
                # already ahead: strengthen only when it grows the set, else stand
                mine_size = set_strength(mine, rank)[0]
                growing = [a for a in winning if set_strength(mine + list(a), rank)[0] > mine_size]
                if not growing:
                    return {"type": "pass"}
                winning = growing
            best = min(winning, key=lambda a: (sum(costs[c] for c in a), a))
            return {"type": "bid", "cards": [_json(c) for c in best]}
        if auction["round"] < 3:
            building = [a for a in adds if self._reachable(mine + list(a), hand, a, auction["round"], rank) > others]
            if building:
                best = min(building, key=lambda a: (sum(costs[c] for c in a), a))
                return {"type": "bid", "cards": [_json(c) for c in best]}
        return {"type": "pass"}

    @staticmethod
    def _answerers(view: dict, me: int) -> list[int]:
        """The other seats that can still play a card in this auction after this turn: those not
        passed that act later in this round (with two cards in round 3), or in a later round."""
        auction = view["auction"]
        players, starter, rnd = view["players"], auction["starter"], auction["round"]
        order = [(starter + i) % players for i in range(players)]
        later = set(order[order.index(me) + 1:])
        out = []
        for seat in order:
            held = view["hand_sizes"][seat]
            if seat == me or auction["passed"][seat] or not held:
                continue
            if (seat in later and (rnd < 3 or held >= 2)) or rnd < 3:
                out.append(seat)
        return out

    def _worth_it(self, view: dict, hand: list[int], prize: int, others: tuple, answerers: list[int]) -> bool:
        """Whether to contest this prize: it is among the ones the hand can afford, or the last,
        or nobody has bid and nobody can answer."""
        waiting = sorted((VALUE_OF[parse_card(p["card"])] for p in view["prizes"] if p["status"] == "waiting"),
                         reverse=True)
        if not waiting or (others == NO_BID and not answerers):
            return True
        affordable = max(1, len(hand) // self.cards_per_prize)
        better = sum(1 for v in waiting if v > prize)
        return better < affordable

    @staticmethod
    def _reachable(bid: list[int], hand: list[int], used: tuple, rnd: int, rank) -> tuple:
        """The strongest bid reachable from ``bid`` with the cards left in hand in the rounds after
        ``rnd`` (one more card after round 1, then two in round 3)."""
        rest = [c for c in hand if c not in used]
        more = 3 if rnd == 1 else 2
        best = set_strength(bid, rank)
        by_value: dict[int, list[int]] = {}
        by_colour: dict[int, list[int]] = {}
        for c in rest:
            by_value.setdefault(VALUE_OF[c], []).append(c)
            by_colour.setdefault(COLOUR_OF[c], []).append(c)
        for group in (*by_value.values(), *by_colour.values()):
            strength = set_strength(bid + sorted(group, reverse=True)[:more], rank)
            if strength > best:
                best = strength
        return best


def _json(card: int) -> dict:
    return {"colour": COLOURS[COLOUR_OF[card]], "value": VALUE_OF[card]}
