"""Open matches nobody joins are abandoned (``expire_open_matches``, run by the Celery task
``play.expire_open``): when they expire is ``play.selectors.live``'s rule."""
from __future__ import annotations

from django.db import transaction

from play.models import Match
from play.scheduling import broadcast_after_commit
from play.selectors.live import expired_open_ids, is_expired


def expire_open_matches(now=None, limit: int = 1000) -> list[str]:
    """Abandon every open match that expired (nobody joined or left it for ``PLAY_OPEN_TTL``
    seconds before ``now``; ``play.selectors.live.is_expired``), at most ``limit``, each in its own
    transaction (a join that got there first keeps its match). Its seats and spectators are
    sent the abandoned view. Returns the ids abandoned."""
    done = []
    for match_id in expired_open_ids(now, limit):
        with transaction.atomic():
            match = Match.objects.select_for_update().filter(pk=match_id).first()
            if match is None or not is_expired(match, now):
                continue
            match.status = Match.Status.ABANDONED
            match.turn_deadline = None
            match.save()
            broadcast_after_commit(match_id)
        done.append(match_id)
    return done
