"""The embedded search backend: SQLite FTS5 with BM25 over a local corpus.

``LocalIndex(db_path)`` keeps one row per document (canonical URL, host, title,
extracted text, date) in a plain table and an external-content FTS5 table over
title and text (``porter unicode61`` tokenizer, diacritics folded), kept in
step by triggers. ``index_dir(root)`` indexes every ``.html``/``.htm``/``.md``/
``.txt`` file (and every file with no extension whose first bytes are HTML or text) under the URLs ``localweb.iter_corpus`` gives (the same URLs the
local web serves them under); text comes from ``extract.extract_page``. Files
with no extractable text are skipped. Re-indexing a URL replaces its row.
``index_dir`` writes in batches of ``BATCH`` documents, one transaction each
(one fsync per batch, not per document).

``corpus_signature(root)`` is what ``compose.build_index`` compares to decide
whether a cached index is fresh: the path and mtime of every *directory*
under the corpus, not of every file, so checking a fresh index of 20,000
files costs a few hundred directory stats instead of a walk that stats every
file.  Adding, removing or renaming a file changes its directory's mtime; an
edit that rewrites a file in place does not, so ``research index DIR``
rebuilds on demand (the local web serves the edited bytes anyway: it reads a
file when it is requested).

``index_dir`` also keeps the corpus's file map (``corpus_files``: every file
``iter_corpus`` yields, indexed or not, with its URL), so a run on a fresh
index gives the local web its URLs without walking the folder
(``corpus_files()``); the local web still checks each file again when it
serves it.

Queries are free text and never reach FTS5 syntax: the query is split into
word tokens (letters/digits), English stop words and the strategy ladder's
own words (``LADDER_WORDS``: "official documentation", "publicly disclosed",
which the offline policy adds to say *how* to search, not *what*) are
dropped, each token is double-quoted, so ``a" OR "b`` or ``NEAR(`` are just
words. A query with no usable token is ``BadRequest``; a query of ladder words
only keeps them.

A result's snippet is FTS5's best passage for the query and, after "…", its best passage for the query words the
first one lacks, as a web search engine's snippet shows each word where it occurs: a page that names a product far
from its opening words still shows the name.

Ranking is FTS5 ``bm25`` with the title weighted 5× the body over the
documents holding *any* word (OR), as long as they are at most
``EXACT_MATCHES`` (counting them costs a fraction of a millisecond).  Past
that, scoring every one of them was the cost of a search (a dimension word
like "license" is in a third of a corpus: 31 ms at 20,000 documents), so the
documents holding *every* word (AND) are ranked first, and only when fewer
than ``limit`` hold them all is the OR ranking run to append the best of the
rest.  A document matching more of the query's words ranks higher anyway
when the corpus is large enough for word weights to mean something; in a
small corpus (where a word in half the pages weighs nothing) the ranking is
the plain OR one.  Equal scores are ordered by URL.  ``SearchResult.score`` is ``-bm25``
(higher is better). The snippet is FTS5 ``snippet()`` of the body, about 30
tokens, computed for the returned rows only (ranking runs first, then the
snippets).
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import threading
from pathlib import Path
from types import TracebackType
from urllib.parse import urlsplit

from research_agent.tools.errors import BadRequest
from research_agent.tools.extract import decode_body, extract_page
from research_agent.tools.localweb import CorpusFile, iter_corpus
from research_agent.tools.media_type import file_media_type
from research_agent.tools.search import SearchResult

__all__ = ["INDEXED_TYPES", "LADDER_WORDS", "LocalIndex", "LocalSearch", "corpus_signature", "fts_query", "query_tokens"]

INDEXED_TYPES = frozenset({"text/html", "text/markdown", "text/plain"})
"""What is indexed: HTML, Markdown and plain text, by name or, for a file whose name has no extension (a saved
page "/help/faq"), by its first bytes (`media_type`)."""
TITLE_WEIGHT = 5.0
BODY_WEIGHT = 1.0
SNIPPET_TOKENS = 30
MAX_QUERY_TOKENS = 64
SIGNATURE_LAYOUT = b"corpus_files 1\nsniffed 1\n"
"""Part of every signature: an index cached before the file map existed, or before files with no extension were
read by their first bytes (and, from that version on, before the extraction changed what a page's text is), is
rebuilt once."""
EXACT_MATCHES = 1000
"""Up to this many documents holding any query word, all of them are ranked (no AND first)."""
TIE_MARGIN = 16
"""Rows ranked beyond ``limit`` so that equal scores at the cut are still ordered by URL."""
BATCH = 500
"""Documents written per transaction by ``index_dir``."""

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
STOP_WORDS = frozenset(
    """a about an and are as at be by can could did do does for from had has have how i if in into is it its
    of on or that the their them then there these they this to was we were what when where which who whom why
    will with would you your""".split()
)

LADDER_WORDS = frozenset({"official", "documentation", "publicly", "disclosed"})
"""Words of `policy.offline.ladder_query`'s rungs ("official documentation", "publicly disclosed")."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    host TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL,
    date TEXT
);
CREATE VIRTUAL TABLE IF NOT EXISTS documents_fts USING fts5(
    title, text,
    content='documents', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TABLE IF NOT EXISTS corpus_files (
    url TEXT PRIMARY KEY,
    host TEXT NOT NULL,
    path TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS documents_ai AFTER INSERT ON documents BEGIN
    INSERT INTO documents_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
CREATE TRIGGER IF NOT EXISTS documents_ad AFTER DELETE ON documents BEGIN
    INSERT INTO documents_fts(documents_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
END;
CREATE TRIGGER IF NOT EXISTS documents_au AFTER UPDATE ON documents BEGIN
    INSERT INTO documents_fts(documents_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
    INSERT INTO documents_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
"""


def query_tokens(text: str) -> list[str]:
    """The search words of free text (stop words and ladder words dropped); ``BadRequest`` if none is left."""
    tokens = [t for t in _TOKEN.findall(text.lower()) if t not in STOP_WORDS]
    tokens = [t for t in tokens if t not in LADDER_WORDS] or tokens
    unique = list(dict.fromkeys(tokens))[:MAX_QUERY_TOKENS]
    if not unique:
        raise BadRequest(f"query {text!r} has no searchable words")
    return unique


def fts_query(text: str, *, every: bool = False) -> str:
    """A safe FTS5 MATCH expression for free text: any of its words (``every``: all of them)."""
    return (" AND " if every else " OR ").join(f'"{token}"' for token in query_tokens(text))


def corpus_signature(root: Path) -> str:
    """A cheap freshness signature of a corpus folder (see the module docstring)."""
    root = Path(root)
    h = hashlib.sha256(SIGNATURE_LAYOUT)
    for dirpath, dirnames, _files in os.walk(root):
        dirnames.sort()
        st = os.stat(dirpath)
        h.update(f"{os.path.relpath(dirpath, root)}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


_UPSERT = """INSERT INTO documents(url, host, title, text, date) VALUES (?, ?, ?, ?, ?)
   ON CONFLICT(url) DO UPDATE SET
       host = excluded.host, title = excluded.title, text = excluded.text, date = excluded.date"""


class LocalIndex:
    """A SQLite FTS5 index of a local corpus (see the module docstring)."""

    def __init__(self, db_path: str | Path) -> None:
        self.db_path = str(db_path)
        self._conn = sqlite3.connect(self.db_path, check_same_thread=False)
        self._lock = threading.Lock()
        with self._lock, self._conn:
            self._conn.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the database connection."""
        with self._lock:
            self._conn.close()

    def __enter__(self) -> LocalIndex:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def __len__(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT count(*) FROM documents").fetchone()[0])

    def add(self, url: str, title: str | None, text: str, date: str | None = None) -> None:
        """Index (or replace) one document under ``url``."""
        self.add_many([(url, title, text, date)])

    def add_many(self, docs: list[tuple[str, str | None, str, str | None]]) -> None:
        """Index (or replace) ``(url, title, text, date)`` documents in one transaction."""
        rows = [(url, (urlsplit(url).hostname or "").lower(), title or "", text, date) for url, title, text, date in docs]
        with self._lock, self._conn:
            self._conn.executemany(_UPSERT, rows)

    def index_dir(self, root: Path) -> int:
        """Index every html/md/txt file under ``root``; returns how many documents were indexed."""
        count = 0
        batch: list[tuple[str, str | None, str, str | None]] = []
        files = list(iter_corpus(Path(root)))
        with self._lock, self._conn:
            self._conn.executemany("INSERT OR REPLACE INTO corpus_files(url, host, path) VALUES (?, ?, ?)",
                                   [(f.url, f.host, os.path.abspath(f.path)) for f in files])
        for item in files:
            media_type = file_media_type(item.path)
            if media_type not in INDEXED_TYPES:
                continue
            extracted = extract_page(decode_body(item.path.read_bytes()), item.url, content_type=media_type)
            if not extracted.text.strip():
                continue
            batch.append((item.url, extracted.title, extracted.text, extracted.date))
            count += 1
            if len(batch) >= BATCH:
                self.add_many(batch)
                batch = []
        if batch:
            self.add_many(batch)
        return count

    def corpus_files(self) -> list[CorpusFile]:
        """The files ``index_dir`` found (served or indexed): the local web's map without a walk."""
        with self._lock:
            rows = self._conn.execute("SELECT url, host, path FROM corpus_files").fetchall()
        return [CorpusFile(url=url, host=host, path=Path(path)) for url, host, path in rows]

    def _rank(self, match: str, limit: int) -> list[tuple[int, str, str, float]]:
        """The best ``limit`` ``(rowid, url, title, bm25)`` for ``match``, ties by URL (caller holds the lock)."""
        rows = self._conn.execute(_RANK, (match, limit + TIE_MARGIN)).fetchall()
        if len(rows) == limit + TIE_MARGIN and rows[limit - 1][3] == rows[-1][3]:
            # more equal scores at the cut than the margin holds: every tied row, by URL
            boundary = rows[-1][3]
            tied = self._conn.execute(_TIED, (match, boundary, limit)).fetchall()
            rows = [row for row in rows if row[3] != boundary] + tied
        return rows[:limit]

    def hosts(self) -> set[str]:
        """Hosts of the indexed ``https`` URLs (to allow them through the address policy)."""
        with self._lock:
            rows = self._conn.execute("SELECT DISTINCT host FROM documents WHERE url LIKE 'https://%'").fetchall()
        return {row[0] for row in rows if row[0]}

    def _with_the_rest(self, rowid: int, snippet: str, tokens: list[str]) -> str:
        """The snippet and, after "…", the passage holding the query words it lacks (caller holds the lock)."""
        words = set(_TOKEN.findall(snippet.lower()))
        missing = [t for t in tokens if not any(w.startswith(t[:5]) for w in words)]
        if not missing:
            return snippet
        rest = self._conn.execute(_SNIPPETS.format(marks="?"), (" OR ".join(f'"{t}"' for t in missing), rowid)
                                  ).fetchone()
        return snippet if rest is None or rest[1] == snippet else f"{snippet} … {rest[1]}"

    def search(self, query: str, limit: int = 10) -> list[SearchResult]:
        """Up to ``limit`` documents matching any word of ``query``, best BM25 first."""
        if limit < 1:
            raise BadRequest(f"limit must be at least 1, got {limit}")
        tokens = query_tokens(query)
        every = " AND ".join(f'"{token}"' for token in tokens)
        match = " OR ".join(f'"{token}"' for token in tokens)
        with self._lock:
            matches = self._conn.execute(_COUNT, (match, EXACT_MATCHES + 1)).fetchone()[0]
            top = self._rank(match if matches <= EXACT_MATCHES or len(tokens) == 1 else every, limit)
            if len(top) < limit and matches > EXACT_MATCHES and len(tokens) > 1:
                seen = {row[0] for row in top}
                top += [row for row in self._rank(match, limit) if row[0] not in seen][: limit - len(top)]
            snippets = dict(self._conn.execute(_SNIPPETS.format(marks=",".join("?" * len(top))),
                                               (match, *(rowid for rowid, *_ in top))).fetchall()) if top else {}
            snippets = {rowid: self._with_the_rest(rowid, text, tokens) for rowid, text in snippets.items()}
        rows = [(url, title, snippets.get(rowid, ""), score) for rowid, url, title, score in top]
        return [
            SearchResult(
                url=url,
                title=title,
                snippet=" ".join(snippet.split()),
                rank=rank,
                score=-float(score),
                source=LocalSearch.name,
            )
            for rank, (url, title, snippet, score) in enumerate(rows, start=1)
        ]


# Rank first (bm25 over every match, no snippet, no join), then URLs for the best rows only
# (joining every match to `documents` to break ties by URL was most of a search's cost),
# then snippets for the returned rows only (`snippet()` in the ranking ran for every match).
_RANK = f"""
    SELECT d.id, d.url, d.title, r.score FROM (
        SELECT rowid, bm25(documents_fts, {TITLE_WEIGHT}, {BODY_WEIGHT}) AS score
        FROM documents_fts WHERE documents_fts MATCH ? ORDER BY score LIMIT ?
    ) AS r JOIN documents AS d ON d.id = r.rowid
    ORDER BY r.score, d.url
"""
_COUNT = "SELECT count(*) FROM (SELECT rowid FROM documents_fts WHERE documents_fts MATCH ? LIMIT ?)"
_TIED = f"""
    SELECT d.id, d.url, d.title, r.score FROM (
        SELECT rowid, bm25(documents_fts, {TITLE_WEIGHT}, {BODY_WEIGHT}) AS score
        FROM documents_fts WHERE documents_fts MATCH ?
    ) AS r JOIN documents AS d ON d.id = r.rowid
    WHERE r.score = ?
    ORDER BY d.url
    LIMIT ?
"""
_SNIPPETS = f"""
    SELECT rowid, snippet(documents_fts, 1, '', '', '…', {SNIPPET_TOKENS})
    FROM documents_fts WHERE documents_fts MATCH ? AND rowid IN ({{marks}})
"""


class LocalSearch:
    """``SearchBackend`` over a ``LocalIndex``."""

    name = "local"

    def __init__(self, index: LocalIndex) -> None:
        self.index = index

    def search(self, query: str, limit: int = 10) -> list[SearchResult]:
        """See ``LocalIndex.search``."""
        return self.index.search(query, limit)
