"""The handed search cases (../shared/cases/search/queries.json) against the T catalogue.

They are meant for ``GET /api/cards/?q=…``; the API view is not written yet, so they run
through ``cardsdb.selectors.search_cards``, which that view will call.
"""
import pytest

from tcg.search import SearchError
from cardsdb.selectors.search import search_cards
from tests.conftest import load_case

CASES = load_case("search/queries.json")["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["q"] for c in CASES])
def test_handed_query(t_catalogue, case):
    if case.get("error"):
        with pytest.raises(SearchError) as caught:
            list(search_cards(case["q"]).cards)
        assert caught.value.code == case["error"]
        assert case.get("error_mentions", "") in caught.value.message
        return
    codes = [card.code for card in search_cards(case["q"]).cards]
    if case.get("ordered"):
        assert codes == case["codes"]
    else:
        assert sorted(codes) == sorted(case["codes"])
        assert len(codes) == len(set(codes))
