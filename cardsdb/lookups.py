"""A database lookup for searching folded text: ``FoldedContains(column, text)``.

It means ``column LIKE '%text%'`` (the text taken literally) on every database. Trigram
indexes cannot help with fewer than three characters, and a single kanji such as 炎 is a common
search, so on PostgreSQL a text of one or two characters is looked up in a GIN index on the
column's characters (migration 0003): ``string_to_array(column, NULL) @> {its characters}``,
which every row the ``LIKE`` finds satisfies, is asked beside it, so the planner can take the
rows from that index and check the ``LIKE`` on them alone. The results are the same everywhere.
"""
from __future__ import annotations

from django.db.models import Lookup
from django.db.models.lookups import Contains

#: Texts shorter than this get the character-index test on PostgreSQL.
TRIGRAM = 3


class FoldedContains(Lookup):
    """``FoldedContains(F("name_folded"), "炎")``: the column contains the text. Use it in
    ``filter()`` or ``Q()``; its negation is exact (the columns it is used on are never NULL)."""

    lookup_name = "folded_contains"
    prepare_rhs = False

    def as_sql(self, compiler, connection):
        return compiler.compile(Contains(self.lhs, self.rhs))

    def as_postgresql(self, compiler, connection):
        sql, params = self.as_sql(compiler, connection)
        if isinstance(self.rhs, str) and 0 < len(self.rhs) < TRIGRAM:
            column, column_params = compiler.compile(self.lhs)
            # The LIKE first: where the planner reads every row anyway, it is the cheaper test.
            sql = f"({sql} AND string_to_array({column}, NULL) @> %s::text[])"
            params = (*params, *column_params, sorted(set(self.rhs)))
        return sql, tuple(params)
