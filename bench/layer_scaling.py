"""``layer``: what a move costs the in-memory channel layer as sockets are open, in process.

A move here is what ``play.notify`` and the consumers ask of the layer for a 2-seat match: a
``group_send`` of a view (a L.A.M.A. view's size) to each seat's group and a ``receive`` on each
seat's socket. Beside the measured match, N other sockets are open, each in its match's group
and waiting in ``receive`` as a connected socket does. Timed for Channels' ``InMemoryChannelLayer``
and the site's ``core.channel_layer.MemoryChannelLayer`` (the embedded default) with N = 0,
400, 1,000 and 2,000: µs per move, median of 5 runs of 500 moves.
"""
from __future__ import annotations

import asyncio
import statistics
import time

from channels.layers import InMemoryChannelLayer

from core.channel_layer import MemoryChannelLayer

SOCKETS = (0, 400, 1000, 2000)
MOVES = 500
VIEW = {"type": "match.view", "reseat": False, "view": {
    "id": "AbCdEfGhIj", "game": "lama", "status": "running", "version": 1, "players": 2, "options": {},
    "seats": [{"index": i, "name": f"p{i}", "kind": "human", "bot": "", "resigned": False, "timed_out": False,
               "you": i == 0} for i in range(2)],
    "seat": 0, "to_act": [0], "legal_actions": [{"type": "play", "card": 2}, {"type": "draw"}, {"type": "quit"}],
    "state": {"hand": [1, 2, 3, 4, 5, 6], "discard": 1, "draw_pile": 43, "scores": [0, 0], "hands": [6, 6]},
    "outcome": None, "clock": None, "last_action": None}}


async def _per_move(layer_class, idle: int) -> float:
    layer = layer_class()
    waiting = []
    for n in range(idle):
        name = f"socket.{n}"
        await layer.group_add(f"match.{n}.seat.0", name)
        waiting.append(asyncio.ensure_future(layer.receive(name)))
    await asyncio.sleep(0)
    for seat in (0, 1):
        await layer.group_add(f"match.x.seat.{seat}", f"socket.x{seat}")
    started = time.perf_counter()
    for _ in range(MOVES):
        for seat in (0, 1):
            await layer.group_send(f"match.x.seat.{seat}", VIEW)
        for seat in (0, 1):
            await layer.receive(f"socket.x{seat}")
    took = (time.perf_counter() - started) / MOVES
    for task in waiting:
        task.cancel()
    await asyncio.gather(*waiting, return_exceptions=True)
    return took * 1e6


def main() -> list[str]:
    lines = [f"{'sockets open':>12}  {'Channels InMemoryChannelLayer':>30}  {'MemoryChannelLayer':>20}"]
    for idle in SOCKETS:
        cells = []
        for layer_class in (InMemoryChannelLayer, MemoryChannelLayer):
            cells.append(statistics.median(asyncio.run(_per_move(layer_class, idle)) for _ in range(5)))
        lines.append(f"{idle:>12,}  {cells[0]:>24,.0f} µs/move  {cells[1]:>14,.0f} µs/move")
    return lines
