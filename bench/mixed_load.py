"""``load``: the mixed load of :func:`bench.live_matches.mixed` (matches with people and bots
over websockets, and API traffic beside them) at increasing numbers of matches.

``BENCH_STEPS`` (default ``50,100,250,500,1000``) sets the numbers of matches, ``BENCH_THINK``
(default 5) the mean think time in seconds."""
from .live_matches import mixed


def main() -> list[str]:
    return mixed()
