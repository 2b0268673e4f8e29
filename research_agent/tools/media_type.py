"""The media type of a corpus file: by its name, else by its first bytes.

A web address needs no file extension ("/blog/going-open-source", "/help/faq"), and a corpus saved from the
web keeps such names.  Servers and browsers then tell a document's type from its content (the WHATWG MIME
Sniffing Standard's HTML signatures: a document that starts, after white space, with ``<!DOCTYPE html``,
``<html``, ``<head``, ``<body``, ``<title``, ``<p``, ``<div``, ``<!--`` and a few more tags is HTML).  A file
with a known extension keeps the type its name gives; a file with none is HTML when it starts like HTML,
plain text when its first bytes are text (no NUL byte, valid UTF-8), and ``application/octet-stream``
otherwise, so a local corpus reads the pages a real site would serve.
"""

from __future__ import annotations

import mimetypes
import re
from pathlib import Path

__all__ = ["SNIFF_BYTES", "file_media_type"]

SNIFF_BYTES = 512
_BY_SUFFIX = {".html": "text/html", ".htm": "text/html", ".md": "text/markdown", ".markdown": "text/markdown",
              ".txt": "text/plain"}
_HTML_START = re.compile(
    rb"^\s*(?:<!doctype\s+html|<!--|<(?:html|head|body|title|script|iframe|h1|div|font|table|a|style|b|br|p)[\s>/])",
    re.IGNORECASE,
)


def file_media_type(path: Path) -> str:
    """The media type to serve and read `path` as (see the module docstring)."""
    suffix = path.suffix.lower()
    if suffix in _BY_SUFFIX:
        return _BY_SUFFIX[suffix]
    guessed = mimetypes.guess_type(path.name)[0]
    if guessed is not None:
        return guessed
    try:
        with path.open("rb") as fh:
            head = fh.read(SNIFF_BYTES)
    except OSError:
        return "application/octet-stream"
    return sniff(head)


def sniff(head: bytes) -> str:
    """The media type of a document whose name says nothing, from its first bytes."""
    body = head.removeprefix(b"\xef\xbb\xbf")
    if _HTML_START.match(body):
        return "text/html"
    if b"\x00" in body:
        return "application/octet-stream"
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as err:
        if err.start < len(body) - 3:  # a character cut at the end of the sample is still text
            return "application/octet-stream"
    return "text/plain"
