"""The evaluation-case format: shipped cases load; every error names file and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from research_agent.evals.case import CaseError, EvalCase, discover_cases, load_case

REPO = Path(__file__).resolve().parents[2]
EVALSETS = REPO / "evalsets"

GOOD = """\
id = "{id}"
category = "quick_complete"
question = "Compare Quillstore and Ferrodb on license and deployment"
description = "a tiny valid case"

[contract]
objects = ["Ferrodb", {{ name = "Quillstore", aliases = ["Quill Store"], official_domains = ["quillstore.example"] }}]
dimensions = ["license", {{ name = "deployment", kind = "enum", values = ["self-hosted", "managed"] }}]

[budget]
max_steps = 12

[expect]
end_kind = "completed"
max_tool_calls = 8

[expect.cells]
"Quillstore/license" = "confirmed"
"Ferrodb/deployment" = "partial"

[[faults]]
url = "https://quillstore.example/docs/license.html"
kind = "slow"
"""


def _write(tmp_path: Path, text: str, *, folder: str = "quick_complete", case_id: str = "case-01", pages: bool = True) -> Path:
    root = tmp_path / folder / case_id
    root.mkdir(parents=True)
    (root / "case.toml").write_text(text, encoding="utf-8")
    if pages:
        page = root / "pages" / "quillstore.example" / "docs" / "license.html"
        page.parent.mkdir(parents=True)
        page.write_text("<html><title>Quillstore license</title><body><p>Hi.</p></body></html>", encoding="utf-8")
    return root


def _error(root: Path) -> str:
    with pytest.raises(CaseError) as info:
        load_case(root)
    return str(info.value)


# ------------------------------------------------------------------ shipped cases


def _shipped_case_dirs() -> list[Path]:
    return sorted(p.parent for p in EVALSETS.rglob("case.toml") if "pages" not in p.relative_to(EVALSETS).parts)


def test_shipped_cases_exist():
    assert _shipped_case_dirs(), "no cases under evalsets/"


@pytest.mark.parametrize("root", _shipped_case_dirs(), ids=lambda p: str(p.relative_to(EVALSETS)))
def test_every_shipped_case_loads(root: Path):
    case = load_case(root)
    contract = case.contract_model()
    assert case.root == root
    assert case.description.strip(), "every case says what it tests and why its ending is right"
    assert case.pages_dir.is_dir() and any(case.pages_dir.rglob("*.html"))
    for key in case.expect.cells:
        assert key in contract.cell_keys()


def test_discover_cases_sorted_and_unique():
    cases = discover_cases([EVALSETS])
    order = ["quick_complete", "must_continue", "unavailable", "conflict", "loop", "risk", "budget"]
    keys = [(order.index(c.category), c.id) for c in cases]
    assert keys == sorted(keys)
    assert len({c.id for c in cases}) == len(cases)


def test_demo_question_parses_and_has_pages():
    from research_agent.config import DEMO_CORPUS
    from research_agent.contract import parse_question

    question = (DEMO_CORPUS / "question.txt").read_text(encoding="utf-8").strip()
    contract = parse_question(question)
    assert len(contract.objects) == 3
    assert len(list((DEMO_CORPUS / "pages").rglob("*.html"))) >= 10


# ------------------------------------------------------------------ a good case


def test_good_case_loads(tmp_path: Path):
    root = _write(tmp_path, GOOD.format(id="case-01"))
    case = load_case(root / "case.toml")
    assert isinstance(case, EvalCase)
    assert case.root == root
    assert case.budget.max_steps == 12 and case.budget.max_time is None
    assert case.expect.cells["Quillstore/license"] == "confirmed"
    assert case.faults[0].kind == "slow" and case.faults[0].times is None
    contract = case.contract_model()
    assert contract.object("Quillstore").aliases == ["Quill Store"]
    assert contract.dimension("deployment").kind == "enum"
    assert discover_cases([tmp_path]) == [case]


def test_question_is_parsed_without_contract(tmp_path: Path):
    text = GOOD.format(id="case-01").split("[contract]")[0] + '[expect]\nend_kind = "completed"\n'
    case = load_case(_write(tmp_path, text))
    assert case.contract is None
    assert [o.name for o in case.contract_model().objects] == ["Quillstore", "Ferrodb"]


# ------------------------------------------------------------------ errors


def test_toml_syntax_error_names_file(tmp_path: Path):
    root = _write(tmp_path, GOOD.format(id="case-01").replace('max_steps = 12', 'max_steps = = 12'))
    msg = _error(root)
    assert str(root / "case.toml") in msg and "not valid TOML" in msg and "line" in msg


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('description = "a tiny valid case"', 'descripton = "typo"', "descripton"),
        ("max_steps = 12", "max_step = 12", "budget.max_step"),
        ('end_kind = "completed"', 'end_kind = "completed"\nconfidence = 0.9', "expect.confidence"),
        ('kind = "slow"', 'kind = "slow"\nseverity = "high"', "faults[0].severity"),
    ],
)
def test_unknown_keys_are_named(tmp_path: Path, old: str, new: str, key: str):
    text = GOOD.format(id="case-01")
    assert old in text
    msg = _error(_write(tmp_path, text.replace(old, new, 1)))
    assert str(tmp_path / "quick_complete" / "case-01" / "case.toml") in msg
    assert f"`{key}`" in msg and "unknown key" in msg


def test_unknown_contract_key_is_named(tmp_path: Path):
    text = GOOD.format(id="case-01").replace("[budget]", 'min_source = 3\n\n[budget]')
    msg = _error(_write(tmp_path, text))
    assert "case.toml" in msg and "`contract.min_source`" in msg


def test_root_key_is_rejected(tmp_path: Path):
    msg = _error(_write(tmp_path, 'root = "/etc"\n' + GOOD.format(id="case-01")))
    assert "case.toml" in msg and "`root`" in msg


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('kind = "slow"', 'kind = "explode"', "faults[0].kind"),
        ('end_kind = "completed"', 'end_kind = "done"', "expect.end_kind"),
        ('category = "quick_complete"', 'category = "speedy"', "category"),
        ("max_steps = 12", "max_steps = 0", "budget.max_steps"),
        ("max_tool_calls = 8", 'max_tool_calls = "eight"', "expect.max_tool_calls"),
        ('"Ferrodb/deployment" = "partial"', '"Ferrodb/deployment" = "maybe"', "expect.cells.Ferrodb/deployment"),
        ('kind = "enum"', 'kind = "explode"', "contract.dimensions.1.kind"),
        ('question = "Compare Quillstore and Ferrodb on license and deployment"\n', "", "question"),
    ],
)
def test_bad_values_are_named(tmp_path: Path, old: str, new: str, key: str):
    text = GOOD.format(id="case-01")
    assert old in text
    msg = _error(_write(tmp_path, text.replace(old, new, 1)))
    assert "case.toml" in msg and f"`{key}`" in msg


@pytest.mark.parametrize(
    ("cell", "what"),
    [('"Nimbus KV/license"', "unknown object 'Nimbus KV'"), ('"Ferrodb/latency"', "unknown dimension 'latency'"), ('"Ferrodb"', "Object/dimension")],
)
def test_cell_key_must_name_contract_object_and_dimension(tmp_path: Path, cell: str, what: str):
    text = GOOD.format(id="case-01").replace('"Ferrodb/deployment"', cell)
    msg = _error(_write(tmp_path, text))
    assert "case.toml" in msg and "`expect.cells." in msg and what in msg


def test_cell_keys_checked_against_parsed_question(tmp_path: Path):
    text = GOOD.format(id="case-01").split("[contract]")[0] + '[expect]\nend_kind = "completed"\n[expect.cells]\n"Quillstore/price" = "confirmed"\n'
    msg = _error(_write(tmp_path, text))
    assert "`expect.cells.\"Quillstore/price\"`" in msg and "unknown dimension" in msg


def test_unparseable_question_without_contract(tmp_path: Path):
    text = 'id = "case-01"\ncategory = "quick_complete"\nquestion = "Tell me things"\n[expect]\nend_kind = "completed"\n'
    msg = _error(_write(tmp_path, text))
    assert "case.toml" in msg and "`question`" in msg


def test_missing_pages_folder(tmp_path: Path):
    root = _write(tmp_path, GOOD.format(id="case-01").split("[[faults]]")[0], pages=False)
    msg = _error(root)
    assert str(root / "case.toml") in msg and "`(pages)`" in msg and "pages/" in msg


def test_fault_host_without_pages_folder(tmp_path: Path):
    text = GOOD.format(id="case-01").replace("https://quillstore.example/", "https://mirror.example/")
    msg = _error(_write(tmp_path, text))
    assert "case.toml" in msg and "`faults[0].url`" in msg and "mirror.example" in msg


def test_recovering_fault_needs_the_page(tmp_path: Path):
    text = GOOD.format(id="case-01").replace('kind = "slow"', 'kind = "http_500"\ntimes = 1').replace(
        "license.html", "missing.html"
    )
    msg = _error(_write(tmp_path, text))
    assert "`faults[0].url`" in msg and "missing.html" in msg


def test_pageless_fault_needs_no_page(tmp_path: Path):
    text = GOOD.format(id="case-01").replace('kind = "slow"', 'kind = "timeout"').replace(
        "https://quillstore.example/", "https://mirror.example/"
    )
    case = load_case(_write(tmp_path, text))
    assert case.faults[0].kind == "timeout"


def test_fault_url_must_be_http(tmp_path: Path):
    text = GOOD.format(id="case-01").replace("https://quillstore.example/docs/license.html", "quillstore.example/x")
    msg = _error(_write(tmp_path, text))
    assert "`faults[0].url`" in msg


def test_id_must_match_folder(tmp_path: Path):
    msg = _error(_write(tmp_path, GOOD.format(id="other-id")))
    assert "case.toml" in msg and "`id`" in msg


def test_category_must_match_category_folder(tmp_path: Path):
    msg = _error(_write(tmp_path, GOOD.format(id="case-01"), folder="budget"))
    assert "`category`" in msg and "budget/" in msg


def test_missing_model_script(tmp_path: Path):
    text = 'model_script = "script.jsonl"\n' + GOOD.format(id="case-01")
    msg = _error(_write(tmp_path, text))
    assert "`model_script`" in msg and "script.jsonl" in msg


def test_duplicate_ids_across_folders(tmp_path: Path):
    _write(tmp_path / "a", GOOD.format(id="case-01"))
    _write(tmp_path / "b", GOOD.format(id="case-01"))
    with pytest.raises(CaseError) as info:
        discover_cases([tmp_path])
    assert "`id`" in str(info.value) and "case-01" in str(info.value)


def test_missing_case_file(tmp_path: Path):
    with pytest.raises(CaseError) as info:
        load_case(tmp_path)
    assert "case.toml" in str(info.value)
