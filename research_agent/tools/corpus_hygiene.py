"""Which corpus files may be served or indexed, how their bytes become text, and a
flattening fallback for markup too deep to parse.

A corpus folder is input from a user, not a trusted tree: it may hold a
symlink to ``/etc/passwd``, a 50 MB log, a UTF-16 export or a zip.  One
predicate decides for the local web (``localweb.iter_corpus``) and the
indexer alike:

``corpus_file_ok(path, root)`` returns ``None`` when the file may be used, or
the reason it is skipped:

* ``outside the corpus root`` — the file's *resolved* path (symlinks followed,
  ``..`` collapsed) is not inside the resolved root;
* ``not a regular file`` — a device, socket, fifo or a broken link;
* ``larger than N bytes`` — over ``max_bytes`` (default ``MAX_FILE_BYTES``,
  the visitor's page cap), checked with ``stat`` before reading;
* ``binary`` — the first 8 KiB hold NUL bytes that no UTF-16/32 text
  explains, or control bytes no text encoding produces.

``decode_text(data, declared)`` turns bytes into text: a BOM (UTF-8, UTF-16,
UTF-32) wins, then the declared charset (HTTP header or ``<meta charset>``),
then strict UTF-8, then charset-normalizer's best guess, then Windows-1252
with replacement — so a UTF-16 file never leaks NUL bytes into a snippet or a
report.

``flatten_html(html)`` is the fallback when trafilatura/lxml return nothing
(libxml2 stops at 256 levels of nesting, so a fact inside 100 000 nested
``<div>`` is lost): the stdlib ``HTMLParser`` has no depth limit; script,
style and template content is dropped, block tags become line breaks.
"""

from __future__ import annotations

import codecs
import re
from html.parser import HTMLParser
from pathlib import Path

import charset_normalizer

__all__ = ["MAX_FILE_BYTES", "corpus_file_ok", "decode_text", "flatten_html", "looks_binary"]

MAX_FILE_BYTES = 2_000_000
"""Default size cap of one corpus file (the visitor's default ``max_bytes``)."""
SNIFF_BYTES = 8192
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"),
)
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.IGNORECASE)
_CONTROL = frozenset(range(0, 9)) | frozenset(range(14, 32)) - {27}
_CONTROL_BYTES = bytes(sorted(_CONTROL))


def corpus_file_ok(path: Path, root: Path, max_bytes: int = MAX_FILE_BYTES) -> str | None:
    """``None`` when ``path`` may be served and indexed, else the reason it is skipped (see the module docstring)."""
    try:
        resolved = Path(path).resolve(strict=True)
        base = Path(root).resolve(strict=True)
    except (OSError, RuntimeError):
        return "not a regular file"
    if not resolved.is_relative_to(base):
        return "outside the corpus root"
    if not resolved.is_file():
        return "not a regular file"
    size = resolved.stat().st_size
    if size > max_bytes:
        return f"larger than {max_bytes} bytes"
    with resolved.open("rb") as handle:
        head = handle.read(SNIFF_BYTES)
    return "binary" if looks_binary(head) else None


def _bom_encoding(data: bytes) -> str | None:
    for bom, name in _BOMS:
        if data.startswith(bom):
            return name
    return None


def looks_binary(head: bytes) -> bool:
    """True when ``head`` (the first bytes of a file) cannot be the start of a text document."""
    if not head or _bom_encoding(head):
        return False
    if b"\x00" in head:
        even, odd = head[0::2], head[1::2]
        # UTF-16 without a BOM: ASCII text has a NUL in every other byte
        if even.count(0) > 0.3 * len(even) or odd.count(0) > 0.3 * len(odd):
            return charset_normalizer.from_bytes(head).best() is None
        return True
    controls = len(head) - len(head.translate(None, _CONTROL_BYTES))  # counted in C: the web serves every page through this
    return controls > 0.02 * len(head)


def decode_text(data: bytes, declared: str | None = None) -> str:
    """Bytes of a text document as text (see the module docstring for the order of guesses)."""
    bom = _bom_encoding(data)
    if bom:
        return data.decode(bom, errors="replace")
    meta = _META_CHARSET.search(data[:4096])
    for candidate in (declared, meta.group(1).decode("ascii") if meta else None):
        if candidate:
            try:
                return data.decode(codecs.lookup(candidate).name, errors="replace")
            except LookupError:
                continue
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    # charset-normalizer needs some text to judge by: on a few bytes it guesses wildly ("été" as cp1250)
    guess = charset_normalizer.from_bytes(data[:200_000]).best() if len(data) >= 256 or b"\x00" in data else None
    if guess is not None and guess.encoding:
        return data.decode(guess.encoding, errors="replace")
    return data.decode("cp1252", errors="replace")


class _Flattener(HTMLParser):
    _SKIP = frozenset({"script", "style", "template", "noscript", "head", "svg"})
    _BLOCK = frozenset({"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "table", "ul", "ol", "pre", "blockquote"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._SKIP:
            self._skipping += 1
        elif tag in self._BLOCK:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP and self._skipping:
            self._skipping -= 1
        elif tag in self._BLOCK:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.parts.append(data)


def flatten_html(html: str) -> str:
    """The visible text of ``html`` without a tree (no depth limit): one paragraph per line."""
    parser = _Flattener()
    parser.feed(html)
    parser.close()
    lines = (re.sub(r"[^\S\n]+", " ", line).strip() for line in "".join(parser.parts).split("\n"))
    return "\n".join(line for line in lines if line)
