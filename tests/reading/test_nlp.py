"""The parser the reader stands on: the pinned pipeline, checked and loaded lazily."""

from __future__ import annotations

import subprocess
import sys

import pytest

from research_agent.reading import nlp


def test_the_parse_gives_clause_structure() -> None:
    doc = nlp.parse(["Pell is built by Morrow Labs, a firm founded in 2009."])[0]
    heads = {tok.text: (tok.dep_, tok.head.text) for tok in doc}
    assert heads["Pell"][0].startswith("nsubj")
    assert heads["firm"] == ("appos", "Labs")  # the apposition hangs on its own head, not on the subject


def test_a_changed_reupload_is_refused(tmp_path, monkeypatch) -> None:
    model_dir = tmp_path / f"{nlp.REUPLOAD}-{nlp.MODEL_VERSION}"
    model_dir.mkdir()
    (model_dir / "meta.json").write_text('{"version": "%s"}' % nlp.MODEL_VERSION)
    monkeypatch.setattr(nlp, "_model_dir", lambda package: model_dir if package == nlp.REUPLOAD else (_ for _ in ()).throw(ImportError()))
    with pytest.raises(nlp.ParserUnavailable, match="digest"):
        nlp._load()


def test_the_installed_reupload_matches_its_digest() -> None:
    try:
        model_dir = nlp._model_dir(nlp.REUPLOAD)
    except ImportError:
        pytest.skip(f"{nlp.REUPLOAD} is not installed (the official {nlp.OFFICIAL} is used instead)")
    assert nlp.model_digest(model_dir) == nlp.REUPLOAD_SHA256


def test_importing_the_reader_does_not_load_spacy() -> None:
    code = "import sys, research_agent.cli, research_agent.reading; print('spacy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
