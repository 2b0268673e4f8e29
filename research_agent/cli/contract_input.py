"""The task contract from what the user typed: a file, flags, the model's draft or the question."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._common import BadInput, resolve_model

if TYPE_CHECKING:
    from ..config import ResearchConfig
    from ..contract import TaskContract

__all__ = ["build_contract", "check_question", "contract_toml"]


def check_question(question: str | None) -> str | None:
    from ..contract import MAX_QUESTION_CHARS

    if question is None:
        return None
    q = question.strip()
    if not q:
        raise BadInput('the question is empty: ask something, e.g. research run "Compare A and B on license"')
    if len(q) > MAX_QUESTION_CHARS:
        raise BadInput(
            f"the question is {len(q)} characters; the limit is {MAX_QUESTION_CHARS}: shorten it, "
            "or put objects and dimensions in --contract FILE.toml"
        )
    return q


def model_contract(question: str, cfg: ResearchConfig) -> TaskContract:
    """With a model, the model reads the question (aliases, synonyms, official domains, constraints
    the rule parse cannot see).  If it cannot, the rule-based parse is used when it reads the
    question — said on stderr — and otherwise the input is refused with how to give a contract."""
    from engine import ModelError

    from ..construct import draft_contract
    from ..contract import ContractError, parse_question

    try:
        return draft_contract(question, cfg, resolve_model(cfg))
    except ModelError as exc:
        why = f"{type(exc).__name__}: {exc}"
        try:
            contract = parse_question(question)
        except ContractError:
            raise BadInput(
                f"the model could not draft a contract for the question ({why}); "
                "pass --object/--dimension or --contract FILE.toml"
            ) from exc
        print(f"warning: the model could not draft a contract ({why[:300]}); using the rule-based parse",
              file=sys.stderr)
        return contract


def build_contract(
    question: str | None,
    *,
    contract_file: Path | None,
    objects: list[str],
    dimensions: list[str],
    min_sources: int | None,
    cfg: ResearchConfig,
) -> TaskContract:
    """--contract file > --object/--dimension flags > the model's draft (with a model) > parse_question."""
    from ..contract import ContractError, contract_from_mapping, load_contract, parse_question
    from ..questions import MissingDimension

    question = check_question(question)
    if contract_file is not None:
        contract = load_contract(contract_file, question)
    elif objects or dimensions:
        if question is None:
            raise BadInput('give the question too: research run "<question>" --object A --dimension X')
        try:
            parsed = parse_question(question).model_dump(mode="json")
        except MissingDimension as exc:  # "Compare A and B" --dimension X: the question's objects still count
            parsed = {"objects": exc.objects}
        except ContractError:
            parsed = {}
        data = {
            "question": question,
            "objects": list(objects) or parsed.get("objects", []),
            "dimensions": list(dimensions) or parsed.get("dimensions", []),
        }
        if not data["objects"]:
            raise BadInput("no objects: the question names none; add --object NAME (repeatable)")
        if not data["dimensions"]:
            raise BadInput("no dimensions: the question names none; add --dimension NAME (repeatable)")
        contract = contract_from_mapping(data, origin="flags", source="flags")
    else:
        if question is None:
            raise BadInput('no question: research run "Compare A and B on X", or pass --contract FILE.toml')
        if not cfg.model.uses_model:
            contract = parse_question(question)
        else:
            contract = model_contract(question, cfg)
    if min_sources is not None and min_sources != contract.min_sources:
        data = {**contract.model_dump(mode="json"), "min_sources": min_sources}
        contract = contract_from_mapping(data, origin="--min-sources", source=contract.source)
    return contract


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def contract_toml(contract: TaskContract) -> str:
    """The contract as a TOML file `--contract` reads back (the origin tag is left out)."""
    data = contract.model_dump(mode="json", exclude={"source"})
    lines = [f"{k} = {toml_value(v)}" for k, v in data.items() if not isinstance(v, list) or (v and not isinstance(v[0], dict))]
    for table in ("objects", "dimensions", "constraints"):
        for row in data.get(table, []):
            lines += ["", f"[[{table}]]"]
            lines += [f"{k} = {toml_value(v)}" for k, v in row.items() if v is not None and v != []]
    return "\n".join(lines) + "\n"
