"""A seeded random generator whose whole state is one JSON-safe integer.

Every game keeps the generator's state in its own state (DESIGN.md, "The game engine protocol":
all randomness comes from the state's seeded generator), so the same seed and the same actions
give the same states on every platform and Python version. The generator is SplitMix64
(Steele, Lea & Flood, "Fast splittable pseudorandom number generators", 2014; the reference
code is Vigna's ``splitmix64.c``): 64 bits of state, period 2**64, plain integer arithmetic.
The standard library's ``random`` module is never used: its state is hidden and global.

Use it as a short-lived worker over a state value::

    rng = Rng(state.rng)          # or Rng.from_seed(seed) in setup
    cards = rng.shuffled(cards)
    state = replace(state, rng=rng.state)
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64's output function: a bijection of 64-bit integers."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def _check_int(name: str, value) -> int:
    if type(value) is not int:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


def derive_seed(*parts: int) -> int:
    """A 64-bit seed made from integers, e.g. ``derive_seed(match_seed, seat)`` for a bot's own
    generator. Different parts give unrelated seeds; the same parts always give the same one.
    Raises ``TypeError`` for a part that is not an int."""
    z = 0
    for part in parts:
        z = _mix((z + _GOLDEN + (_check_int("a seed part", part) & MASK)) & MASK)
    return z


class Rng:
    """SplitMix64 over a 64-bit integer ``state`` (``0 <= state < 2**64``).

    ``Rng(state)`` resumes from a saved state; :meth:`from_seed` starts from any int seed
    (negative and large seeds are reduced modulo 2**64). After drawing, ``rng.state`` is the
    value to store back in the game state.
    """

    __slots__ = ("state",)

    def __init__(self, state: int):
        _check_int("the generator state", state)
        if not 0 <= state <= MASK:
            raise ValueError(f"the generator state must be in 0..2**64-1, not {state}")
        self.state = state

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for ``seed`` (any int; ``TypeError`` for anything else, bools included)."""
        return cls(_check_int("the seed", seed) & MASK)

    def next64(self) -> int:
        """The next 64-bit output (an int in ``0..2**64-1``)."""
        self.state = (self.state + _GOLDEN) & MASK
        return _mix(self.state)

    def randrange(self, start: int, stop: int | None = None) -> int:
        """A uniform int in ``range(start, stop)``, or ``range(0, start)`` with one argument,
        without modulo bias (rejection sampling). ``ValueError`` for an empty range."""
        if stop is None:
            start, stop = 0, start
        n = stop - start
        if n <= 0:
            raise ValueError(f"empty range {start}..{stop}")
        if n > MASK:
            raise ValueError("the range is wider than 2**64")
        limit = (MASK + 1) - (MASK + 1) % n
        while True:
            x = self.next64()
            if x < limit:
                return start + x % n

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence (``IndexError`` when it is empty)."""
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.randrange(len(seq))]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher–Yates, from the last position down)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """A shuffled copy of ``items`` as a tuple; ``items`` is left alone."""
        out = list(items)
        self.shuffle(out)
        return tuple(out)

    def __repr__(self) -> str:
        return f"Rng({self.state:#x})"
