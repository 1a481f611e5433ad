"""The Japanese catalogue is complete: every entry translated, nothing fuzzy, and every string
the code marks for translation has an entry (so a string added without its translation fails)."""
import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from django.utils import translation
from django.utils.translation import gettext, ngettext

REPO = Path(__file__).resolve().parent.parent.parent
PO = REPO / "locale" / "ja" / "LC_MESSAGES" / "django.po"
SKIP = {".venv", "var", "tests", "bench", "locale", ".git", "fixtures", "node_modules", "test-results", "static"}


def read_po(path: Path) -> list[dict]:
    """The entries of a .po file: ``{"msgctxt", "msgid", "msgid_plural", "msgstr": [..], "fuzzy"}``;
    obsolete (``#~``) entries are left out. Enough of the format for what makemessages writes."""
    entries, entry, field = [], None, None

    def finish():
        if entry is not None and "msgid" in entry:
            entries.append(entry)

    for raw in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if not line or line.startswith("#~"):
            if not line:
                finish()
                entry, field = None, None
            continue
        if entry is None:
            entry = {"msgctxt": None, "msgid_plural": None, "msgstr": {}, "fuzzy": False}
        if line.startswith("#,"):
            entry["fuzzy"] |= "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            value = ast.literal_eval(line)
            if isinstance(field, tuple):
                entry["msgstr"][field[1]] += value
            else:
                entry[field] += value
        else:
            keyword, _, rest = line.partition(" ")
            value = ast.literal_eval(rest)
            if keyword.startswith("msgstr"):
                index = int(keyword[7:-1]) if "[" in keyword else 0
                field = ("msgstr", index)
                entry["msgstr"][index] = value
            else:
                field = keyword
                entry[keyword] = value
    finish()
    return entries


def keys(entries) -> set[tuple]:
    return {(e["msgctxt"], e["msgid"]) for e in entries if e["msgid"]}


def test_every_entry_is_translated_and_none_is_fuzzy():
    entries = [e for e in read_po(PO) if e["msgid"]]
    assert len(entries) > 100
    fuzzy = [e["msgid"] for e in entries if e["fuzzy"]]
    empty = [e["msgid"] for e in entries if not e["msgstr"] or any(not s for s in e["msgstr"].values())]
    assert fuzzy == [], f"fuzzy entries: {fuzzy}"
    assert empty == [], f"untranslated entries: {empty}"


def test_the_catalogue_is_used():
    with translation.override("ja"):
        assert translation.gettext("Deck validator") == "デッキ検証"
        assert translation.pgettext("action", "move") == "移動"


def test_every_marked_string_has_an_entry(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(
        REPO, project,
        ignore=lambda folder, names: [n for n in names if n in SKIP and Path(folder) == REPO] + [
            n for n in names if n == "__pycache__" or n.endswith((".pyc", ".mo", ".sqlite3"))
        ],
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(project)}
    result = subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "ja", "--no-obsolete", "-v", "0"],
        cwd=project, env=env, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    generated = project / "locale" / "ja" / "LC_MESSAGES" / "django.po"
    marked = keys(read_po(generated))
    assert len(marked) > 100, "makemessages found too few strings: is the copy complete?"
    missing = marked - keys(read_po(PO))
    assert not missing, f"marked for translation but missing from {PO.relative_to(REPO)}: {sorted(missing, key=str)}"


#: A number (a placeholder or digits) with a space before its Japanese counter: "20 枚", "%(count)s 件".
SPACED_COUNTER = re.compile(r"(%\(\w+\)[sd]|\d) (枚|件|秒|回|個|人|点|分|行|手|段|文字|ページ|マス|ターン|ラウンド|種類)")


def test_a_japanese_counter_follows_its_number_without_a_space():
    """As every sentence of the site writes it (「火炎弾」が4枚, 51枚): the card count of the
    search page, the deck's odds headings and history once read "20 枚", the pagination
    "3 ページ中 1 ページ目", the chat's limits "300 文字まで"."""
    spaced = [text for entry in read_po(PO) for text in entry["msgstr"].values() if SPACED_COUNTER.search(text)]
    assert spaced == []
    with translation.override("ja"):
        assert ngettext("%(counter)s card", "%(counter)s cards", 20) % {"counter": 20} == "20枚"
        assert gettext("Page %(number)s of %(pages)s") % {"number": 1, "pages": 3} == "3ページ中1ページ目"


def test_a_japanese_label_ends_in_the_sites_colon():
    """A label before what it names ("Leaderboards:", "How each bot plays:") ends in ": " as the
    site's other 140 do (キー:, 合計:, もしかして:); the lobby read 遊び方をどうぞ: beside ランキング：
    (a full-width colon, then the template's space: a double gap) and テーブルで覚える：."""
    labels = [text for entry in read_po(PO) for text in entry["msgstr"].values()
              if re.match(r"[^。]{1,20}：", text) and not re.match(r"(準備|フェーズ\d|ターン\d|STEP \d)：", text)]
    assert labels == []
    with translation.override("ja"):
        assert [gettext(label) for label in ("Leaderboards:", "Learn at the table: play a guided match of")] == [
            "ランキング:", "テーブルで覚える: ガイド付きマッチで遊ぶ"]
