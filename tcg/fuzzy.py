"""Which of many folded keys (card names, readings, English names, words of names) are close to
a folded text, for "did you mean". Plain Python, no Django.

A key is close to the text when either

- their rapidfuzz ratio (0–100: the share of characters the two have in common, in order)
  reaches the caller's cut-off; or
- the text is short (``SLIP_MIN`` to ``SLIP_MAX`` characters), the key is a whole name (not a
  word of one) of ``SLIP_MIN`` characters or more, and the key is one slip from the text: one
  character changed, added or left out, or two neighbouring characters swapped (rapidfuzz's
  optimal string alignment distance, ``OSA``, of 1).

The second rule is there because a ratio cannot forgive a slip in a short name: one changed
character of ``n`` scores ``100 × (1 − 1/n)``, 50 for two characters, 67 for three, 75 for four,
so that 闘士 (50 for 闘志) fell below both cut-offs the site uses, 55 and 70, and 闇討ぢ (67 for
闇討ち) below 70. Past ``SLIP_MAX`` characters one slip scores 80 or more, which both reach.
A text of one character is one slip from every other one-character key, so it is matched by
ratio only; and a word of a name is not matched by one slip, as a slip from a short word says
little of the card (``tee`` is one slip from the "the" of many English names).
"""
from __future__ import annotations

from typing import Sequence

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

#: The fewest characters a text and a key each need for one slip to make them close.
SLIP_MIN = 2
#: The most characters of a text that is matched by one slip as well as by ratio.
SLIP_MAX = 4


class FuzzyKeys:
    """A list of folded keys to look texts up in (``close``); ``keys`` is that list, as given.
    The first ``whole`` keys (all when ``None``) are whole names, the rest words of names.

    Made once per catalogue: it keeps apart the whole names short enough to be one slip from a
    short text, over 100,000 cards 17,677 of their 300,276 keys, which a short text's slips are
    looked for in (a few milliseconds, beside the 26 ms its ratios over all the keys take)."""

    def __init__(self, keys: Sequence[str], whole: int | None = None):
        self.keys = list(keys)
        names = self.keys if whole is None else self.keys[:whole]
        self._short = [i for i, key in enumerate(names) if SLIP_MIN <= len(key) <= SLIP_MAX + 1]
        self._short_keys = [self.keys[i] for i in self._short]

    def close(self, text: str, cutoff: float, limit: int) -> list[tuple[int, float]]:
        """``[(index into keys, ratio 0–100), ...]`` of the keys close to the folded ``text``
        (module docstring: ratio ≥ ``cutoff``, or one slip from a short text), best ratio first,
        ties in the order of ``keys``, at most ``limit``. ``[]`` for an empty text."""
        if not text:
            return []
        found = {i: score for _, score, i in
                 process.extract(text, self.keys, scorer=fuzz.ratio, score_cutoff=cutoff, limit=limit)}
        if SLIP_MIN <= len(text) <= SLIP_MAX:
            for key, _, j in process.extract(text, self._short_keys, scorer=OSA.distance, score_cutoff=1, limit=None):
                found.setdefault(self._short[j], fuzz.ratio(text, key))
        return sorted(found.items(), key=lambda hit: (-hit[1], hit[0]))[:limit]
