"""Writes to the catalogue. Each public function is one transaction.

``import_catalogue`` is all-or-nothing: every row is checked first, and a file with any bad
row writes nothing and raises ``CatalogueImportError`` naming every bad row.
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Callable, Iterable

from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone

from tcg.cards.interchange import (
    CSV_COLUMNS,
    CSV_REQUIRED_COLUMNS,
    CardDataError,
    card_from_csv_row,
    card_from_dict,
    card_to_csv_row,
)
from tcg.cards.model import CardRecord
from tcg.vocabulary import SET_KINDS

from .models import Card, CardSet
from .synthetic import MAX_NUMBER, SET_CODE, SET_NAME, SET_NAME_EN, synthetic_record


@dataclass(frozen=True)
class RowProblem:
    """A bad row: ``line`` is the CSV line, or the 1-based position in the JSON ``cards`` list."""

    line: int
    code: str
    reasons: list[str]

    def __str__(self) -> str:
        where = f"row {self.line}" + (f" ({self.code})" if self.code else "")
        return f"{where}: " + "; ".join(self.reasons)


class CatalogueImportError(Exception):
    """The file was refused whole; ``problems`` lists every bad row."""

    def __init__(self, problems: list[RowProblem]):
        self.problems = problems
        super().__init__(f"{len(problems)} bad row(s); nothing was imported:\n" + "\n".join(map(str, problems)))


@dataclass(frozen=True)
class ParsedCatalogue:
    cards: list[CardRecord]
    sets: list[dict]


@dataclass(frozen=True)
class ImportSummary:
    created: int
    updated: int
    sets_created: int


def _parse_sets(raw) -> tuple[list[dict], list[RowProblem]]:
    sets, problems = [], []
    if raw is None:
        return sets, problems
    if not isinstance(raw, list):
        return sets, [RowProblem(0, "", ["'sets' must be a list"])]
    for i, item in enumerate(raw, start=1):
        if (
            not isinstance(item, dict)
            or not isinstance(item.get("code"), str)
            or not isinstance(item.get("name", ""), str)
            or not isinstance(item.get("name_en", ""), str)
            or item.get("kind", "printed") not in SET_KINDS
        ):
            problems.append(RowProblem(i, "", [f"set {i} must be {{code, name, name_en?, kind: {'|'.join(SET_KINDS)}}}"]))
            continue
        sets.append({"code": item["code"], "name": item.get("name") or item["code"],
                     "name_en": item.get("name_en", ""), "kind": item.get("kind", "printed")})
    return sets, problems


def parse_catalogue(content: str, fmt: str) -> ParsedCatalogue:
    """Read a catalogue file's text (``fmt`` "json" or "csv") and check every row.

    Raises ``CatalogueImportError`` listing every bad row, duplicate codes included.
    """
    problems: list[RowProblem] = []
    records: list[tuple[int, CardRecord]] = []
    sets: list[dict] = []
    if fmt == "json":
        try:
            data = json.loads(content)
        except json.JSONDecodeError as exc:
            raise CatalogueImportError([RowProblem(exc.lineno, "", [f"not valid JSON: {exc.msg}"])]) from None
        except RecursionError:
            raise CatalogueImportError([RowProblem(0, "", ["not valid JSON: nested too deeply"])]) from None
        if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
            raise CatalogueImportError([RowProblem(0, "", ['the file must be an object with a "cards" list'])])
        sets, problems = _parse_sets(data.get("sets"))
        rows: Iterable[tuple[int, object]] = enumerate(data["cards"], start=1)
        reader: Callable = card_from_dict
    elif fmt == "csv":
        table = csv.DictReader(io.StringIO(content))
        missing = [c for c in CSV_REQUIRED_COLUMNS if c not in (table.fieldnames or [])]
        unknown = [c for c in (table.fieldnames or []) if c not in CSV_COLUMNS]
        if missing or unknown:
            reasons = ([f"missing column(s): {', '.join(missing)}"] if missing else []) + (
                [f"unknown column(s): {', '.join(unknown)}"] if unknown else [])
            raise CatalogueImportError([RowProblem(1, "", reasons)])
        rows = ((table.line_num, row) for row in table)
        reader = card_from_csv_row
    else:
        raise ValueError(f"unknown format {fmt!r}: use json or csv")

    seen: dict[str, int] = {}
    for line, row in rows:
        code = row.get("code", "") if isinstance(row, dict) else ""
        code = code if isinstance(code, str) else ""
        try:
            record = reader(row)
        except CardDataError as exc:
            problems.append(RowProblem(line, code, exc.problems))
            continue
        if record.code in seen:
            problems.append(RowProblem(line, record.code, [f"the code {record.code} is also on row {seen[record.code]}"]))
            continue
        seen[record.code] = line
        records.append((line, record))
    if problems:
        raise CatalogueImportError(problems)
    return ParsedCatalogue(cards=[r for _, r in records], sets=sets)


@transaction.atomic
def import_catalogue(parsed: ParsedCatalogue, progress: Callable[[int], None] | None = None, batch: int = 500) -> ImportSummary:
    """Write the cards and sets of ``parsed``: new codes are created, known codes updated.

    Sets named by cards but not listed are created with the set code as name (kind "printed").
    ``progress(n)`` is called after each batch of ``n`` cards.
    """
    set_codes = {r.set for r in parsed.cards}
    sets_created = 0
    for item in parsed.sets:
        _, created = CardSet.objects.update_or_create(
            code=item["code"], defaults={"name": item["name"], "name_en": item["name_en"], "kind": item["kind"]}
        )
        sets_created += created
    existing_sets = set(CardSet.objects.filter(code__in=set_codes).values_list("code", flat=True))
    for code in sorted(set_codes - existing_sets):
        CardSet.objects.create(code=code, name=code)
        sets_created += 1

    existing = dict(Card.objects.filter(code__in=[r.code for r in parsed.cards]).values_list("code", "id"))
    created = updated = 0
    field_names = [f for f in Card.fields_from_record(parsed.cards[0]) if f != "code"] if parsed.cards else []
    field_names.append("updated_at")  # bulk_update does not apply auto_now
    now = timezone.now()
    for start in range(0, len(parsed.cards), batch):
        chunk = parsed.cards[start : start + batch]
        new, old = [], []
        for record in chunk:
            card = Card(**Card.fields_from_record(record))
            if record.code in existing:
                card.id = existing[record.code]
                card.updated_at = now
                old.append(card)
            else:
                new.append(card)
        Card.objects.bulk_create(new)
        if old:
            Card.objects.bulk_update(old, field_names)
        created += len(new)
        updated += len(old)
        if progress:
            progress(len(chunk))
    return ImportSummary(created=created, updated=updated, sets_created=sets_created)


class SyntheticSetError(Exception):
    """The synthetic set cannot be written or removed; the message says why."""


@transaction.atomic
def add_synthetic_cards(total: int, seed: int = 0, progress: Callable[[int], None] | None = None,
                        batch: int = 2000) -> int:
    """Make the synthetic set ``SYN`` (kind ``synthetic``) hold cards ``SYN-000001`` to
    ``SYN-<total>`` (``cardsdb.synthetic.synthetic_record``): the missing ones are created, those
    there are left alone, so running it again is safe. Returns how many were created;
    ``progress(n)`` is called first with the number already there, then after each batch of ``n``.

    Raises ``SyntheticSetError`` when ``total`` is out of range or a set ``SYN`` exists that is
    not synthetic."""
    if not 0 <= total <= MAX_NUMBER:
        raise SyntheticSetError(f"the synthetic set holds 0 to {MAX_NUMBER} cards, not {total}")
    card_set, _ = CardSet.objects.get_or_create(
        code=SET_CODE, defaults={"name": SET_NAME, "name_en": SET_NAME_EN, "kind": "synthetic"}
    )
    if card_set.kind != "synthetic":
        raise SyntheticSetError(f"set {SET_CODE} exists and is not synthetic ({card_set.kind}); nothing was written")
    there = set(Card.objects.filter(card_set=card_set).values_list("code", flat=True))
    missing = [n for n in range(1, total + 1) if f"{SET_CODE}-{n:06d}" not in there]
    if progress:
        progress(total - len(missing))
    for start in range(0, len(missing), batch):
        chunk = missing[start : start + batch]
        Card.objects.bulk_create([Card(**Card.fields_from_record(synthetic_record(n, seed))) for n in chunk])
        if progress:
            progress(len(chunk))
    return len(missing)


@transaction.atomic
def remove_synthetic_cards() -> int:
    """Delete every card of the synthetic set ``SYN`` and the set itself; returns how many cards
    were deleted (0 when there is no such set).

    Raises ``SyntheticSetError`` (and deletes nothing) when saved decks use synthetic cards or
    the set ``SYN`` is not synthetic."""
    card_set = CardSet.objects.filter(code=SET_CODE).first()
    if card_set is None:
        return 0
    if card_set.kind != "synthetic":
        raise SyntheticSetError(f"set {SET_CODE} is not synthetic ({card_set.kind}); nothing was removed")
    try:
        count, _ = Card.objects.filter(card_set=card_set).only("id").delete()
        CardSet.objects.filter(code=SET_CODE).delete()
    except ProtectedError as exc:
        raise SyntheticSetError(
            f"{len(exc.protected_objects)} saved deck entries use synthetic cards; nothing was removed"
        ) from None
    return count


CATALOGUE_JSON_END = "\n]}\n"


def catalogue_json_start(sets: Iterable[CardSet]) -> str:
    """The beginning of the JSON interchange text: the ``sets`` and the opening of ``cards``."""
    set_rows = [{"code": s.code, "name": s.name, "name_en": s.name_en, "kind": s.kind} for s in sets]
    return '{"sets": ' + json.dumps(set_rows, ensure_ascii=False) + ',\n"cards": ['


def catalogue_json_cards(cards: Iterable[Card], first: bool, extra: Callable[[Card], dict] | None = None) -> str:
    """A run of cards of the JSON interchange text, one a line (``""`` for none); ``first``
    when no card came before; ``extra(card)`` gives keys to add after the card's own (keys the
    importer ignores, ``interchange.IGNORED_KEYS``). ``catalogue_json_start``, then runs, then
    ``CATALOGUE_JSON_END`` make a file ``parse_catalogue(text, "json")`` reads."""
    lines = [json.dumps(card.to_record().to_dict() | (extra(card) if extra else {}), ensure_ascii=False)
             for card in cards]
    if not lines:
        return ""
    return ("\n" if first else ",\n") + ",\n".join(lines)


def export_catalogue(cards: Iterable[Card], fmt: str, sets: Iterable[CardSet] = ()) -> str:
    """The interchange text of ``cards`` (``fmt`` "json" or "csv"); the inverse of ``parse_catalogue``.

    JSON also lists ``sets`` (their code, names and kind); CSV has no room for them.
    """
    records = [c.to_record() for c in cards]
    if fmt == "json":
        data: dict = {}
        set_rows = [{"code": s.code, "name": s.name, "name_en": s.name_en, "kind": s.kind} for s in sets]
        if set_rows:
            data["sets"] = set_rows
        data["cards"] = [r.to_dict() for r in records]
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for record in records:
            writer.writerow(card_to_csv_row(record))
        return out.getvalue()
    raise ValueError(f"unknown format {fmt!r}: use json or csv")
