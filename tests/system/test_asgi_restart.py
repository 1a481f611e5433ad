"""The ASGI server killed (SIGKILL to its process group, as a machine losing it) in the middle
of live matches and started again on the same port: clients reconnect by themselves and every
move that was acknowledged to a client is still in the match's log, at the version
acknowledged, with the same action; the logs have no gaps. A browser at the table shows that it
is reconnecting, then takes a move again without a reload."""
from __future__ import annotations

import asyncio
import random
import time

import pytest

from bench.server import Site
from tests.system.conftest import SeatClient, create_matches, match_log, match_view, run_clients

MATCHES = 10
PLAY_BEFORE = 2.0  # seconds of play before the kill
PLAY_AFTER = 2.0  # seconds of play once every client is back


def test_killing_the_asgi_server_mid_play_loses_no_acknowledged_move(site_env):
    matches = create_matches(site_env["DATABASE_URL"], MATCHES, prefix="asgi")
    site = Site(site_env, workers=1).start()
    try:
        clients = [SeatClient(site.ws_base, site.base, key, rng=random.Random(i * 2 + key.seat))
                   for i, seats in enumerate(matches) for key in seats]

        async def scenario():
            stop = asyncio.Event()
            players = asyncio.ensure_future(run_clients(clients, stop, seconds_max=90))
            await asyncio.sleep(PLAY_BEFORE)
            before = {id(c): len(c.acked) for c in clients}
            await asyncio.to_thread(site.kill)
            killed_at = time.monotonic()
            await asyncio.sleep(0.5)  # every client sees the drop and starts retrying
            await asyncio.to_thread(site.start)
            # Every client is back on a socket of the new server, then plays on.
            while any(c.connections < 2 for c in clients):
                assert time.monotonic() - killed_at < 60, [c.connections for c in clients]
                assert not players.done(), players.exception()
                await asyncio.sleep(0.1)
            await asyncio.sleep(PLAY_AFTER)
            stop.set()
            await players
            return before

        before = asyncio.run(asyncio.wait_for(scenario(), 120))

        acknowledged = sum(len(c.acked) for c in clients)
        after_restart = sum(len(c.acked) - before[id(c)] for c in clients)
        lost, applied_unconfirmed = [], 0
        for seats in matches:
            log = match_log(site.base, seats[0])
            view = match_view(site.base, seats[0])
            # No gaps: versions 1..N, N the match's version.
            assert [entry["version"] for entry in log] == list(range(1, view["version"] + 1))
            by_version = {entry["version"]: entry for entry in log}
            for client in (c for c in clients if c.key.match_id == seats[0].match_id):
                for version, action in client.acked.items():
                    entry = by_version.get(version)
                    logged = None if entry is None else (entry["seat"], entry["action"], entry["by"])
                    if logged != (client.key.seat, action, "player"):
                        lost.append((client.key.match_id, version, action, entry))
                for based_on, action in client.unconfirmed:
                    entry = by_version.get(based_on + 1)
                    if entry is not None and (entry["seat"], entry["action"]) == (client.key.seat, action):
                        applied_unconfirmed += 1
        print(f"{acknowledged} moves acknowledged ({after_restart} after the restart), "
              f"{sum(len(c.unconfirmed) for c in clients)} sent but not acknowledged ({applied_unconfirmed} of them "
              f"applied), {len(lost)} lost")
        assert lost == []
        assert all(c.connections >= 2 for c in clients)
        assert [c.errors for c in clients] == [[] for _ in clients]
        # Moves were acknowledged before the kill and after the restart, in every match.
        for seats in matches:
            pair = [c for c in clients if c.key.match_id == seats[0].match_id]
            assert sum(before[id(c)] for c in pair) > 0
            assert sum(len(c.acked) - before[id(c)] for c in pair) > 0
        assert acknowledged >= 5 * MATCHES
    finally:
        site.kill()


@pytest.mark.e2e
def test_a_browser_at_the_table_reconnects_after_the_server_is_killed_and_plays_on(site_env, browser):
    from playwright.sync_api import expect

    (ann, _bob), = create_matches(site_env["DATABASE_URL"], 1, prefix="browser")
    site = Site(site_env, workers=1).start()
    try:
        view = match_view(site.base, ann)
        assert (view["status"], view["version"], view["seat"], view["to_act"]) == ("running", 0, 0, [0])
        context = browser.new_context(locale="en-GB", viewport={"width": 1024, "height": 800})
        context.add_cookies([{"name": "sessionid", "value": ann.session_key, "url": site.base}])
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(f"{site.base}/play/m/{ann.match_id}/")
        connection = page.locator("#connection")
        expect(connection).to_have_attribute("data-state", "open", timeout=20_000)
        expect(connection).to_have_text("Live")
        page.evaluate("window.__sameDocument = true")

        site.kill()
        expect(connection).to_have_attribute("data-state", "waiting", timeout=20_000)
        expect(connection).to_contain_text("Connection lost; trying again in")
        site.start()
        # socket.js tries again after 0.5, 1, 2, 4, 8, 15 s: it is back within 15 s of the restart.
        expect(connection).to_have_attribute("data-state", "open", timeout=40_000)
        expect(connection).to_have_text("Live")
        assert page.evaluate("window.__sameDocument") is True  # no reload

        # Ann (seat 0 acts first in this deal) moves in the page that was never reloaded.
        card = page.locator("#board .hand button.playable").first
        if card.count():
            value = int(card.get_attribute("data-card"))
            card.click()
            expected = {"type": "play", "card": value}
        else:
            page.click("#board .action-draw")
            expected = {"type": "draw"}
        expect(page.locator("#table")).to_have_attribute("data-version", "1", timeout=20_000)
        log = match_log(site.base, ann)
        assert [(e["version"], e["seat"], e["action"], e["by"]) for e in log] == [(1, 0, expected, "player")]
        assert page.evaluate("window.__sameDocument") is True
        context.close()
    finally:
        site.kill()
