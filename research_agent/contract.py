"""The task contract: what a research run must cover before it may stop.

A contract names the `objects` to compare (with aliases and optional official
domains, which make a source *primary*), the `dimensions` that decide the
answer (with keywords/synonyms, a value kind for normalisation and whether the
dimension is *key*: a gap on a key dimension can change the answer), hard
`constraints` that rule an object out, and how many independent sources a key
claim needs (`min_sources`).

It comes from a TOML file (`load_contract`), from CLI flags
(`contract_from_flags`), from the LLM policy, or from `parse_question`, a
rule-based parser for the common question shapes.  Everything crossing this
boundary is validated by pydantic; unknown keys are errors that name the key.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .errors import ContractError
from .user_files import read_user_text

ValueKind = Literal[
    "text", "number", "license", "version", "date", "boolean", "enum",
    # typed by the reader (research_agent.reading): see reading/lexicon.py for which names imply them
    "quantity", "money", "duration", "count", "nationality", "person", "place", "words", "phrase", "list", "interval",
]

MAX_QUESTION_CHARS = 2000


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _nonblank(value: str, what: str) -> str:
    """`value` stripped; a name that is empty or only whitespace is refused."""
    stripped = value.strip()
    if not stripped:
        raise ValueError(f"{what} is empty or only whitespace")
    return stripped


class ObjectSpec(_Strict):
    name: str
    """Display name of the object (a product, project, organisation…)."""
    aliases: list[str] = Field(default_factory=list)
    """Other names a page may use for the object."""
    official_domains: list[str] = Field(default_factory=list)
    """Domains whose pages count as primary sources for this object."""

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        return _nonblank(v, "an object name")

    @field_validator("aliases")
    @classmethod
    def _aliases(cls, v: list[str]) -> list[str]:
        # an alias is only a hint: a blank one carries nothing, so it is dropped rather than refused
        return [a.strip() for a in v if a.strip()]

    @property
    def names(self) -> list[str]:
        return [self.name, *self.aliases]


# Keywords a dimension name implies when the contract gives none.  Keeping this
# table small and explicit is deliberate: the offline policy is honest about
# being simple, and the LLM policy supplies synonyms of its own.
_DEFAULT_KEYWORDS: dict[str, list[str]] = {
    "license": ["license", "licence", "licensed"],
    "deployment": ["deploy", "deployment", "self-hosted", "hosted", "on-premises"],
    "latency": ["latency", "response time"],
    "price": ["price", "pricing", "cost", "costs", "per month"],
    "pricing": ["price", "pricing", "cost", "costs", "per month"],
    "version": ["version", "release", "released"],
    "release date": ["released", "release date", "launched"],
    "throughput": ["throughput", "requests per second", "per second"],
    "memory": ["memory", "ram", "footprint"],
    "language": ["written in", "language", "implemented in"],
}

_DEFAULT_VALUES: dict[str, list[str]] = {
    "deployment": ["self-hosted", "cloud", "on-premises", "saas", "hybrid"],
}

_KIND_BY_NAME: dict[str, ValueKind] = {
    "license": "license",
    "licence": "license",
    "version": "version",
    "latest version": "version",
    "release date": "date",
    "founded": "date",
    "latency": "number",
    "throughput": "number",
    "price": "number",
    "pricing": "number",
    "memory": "number",
    "size": "number",
    "population": "number",
}


class DimensionSpec(_Strict):
    name: str
    """Dimension name, e.g. "license"."""
    keywords: list[str] = Field(default_factory=list)
    """Words that signal the dimension in a sentence (synonyms included)."""
    kind: ValueKind | None = None
    """How values are normalised; guessed from the name when omitted."""
    values: list[str] = Field(default_factory=list)
    """For `enum` (and `boolean` phrasing): the values to look for."""
    unit: str | None = None
    """For `number`: the unit values are converted to, when known."""
    key: bool = True
    """A key dimension's gap can change the answer; non-key gaps cannot."""

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        return _nonblank(v, "a dimension name")

    @model_validator(mode="after")
    def _defaults(self) -> "DimensionSpec":
        lname = self.name.lower().strip()
        if not self.keywords:
            self.keywords = list(_DEFAULT_KEYWORDS.get(lname, [lname]))
        if lname not in [k.lower() for k in self.keywords]:
            self.keywords.insert(0, lname)
        if self.kind is None and not self.values and lname in _DEFAULT_VALUES:
            self.values = list(_DEFAULT_VALUES[lname])
        meaning = _meaning(lname)
        if lname not in _DEFAULT_KEYWORDS and meaning.family is not None:
            self.keywords += [w for w in meaning.family.query_words if w.lower() not in [k.lower() for k in self.keywords]]
        if self.kind is None:
            guess = _KIND_BY_NAME.get(lname) or meaning.kind
            self.kind = "enum" if self.values else ("text" if guess == "enum" else guess)  # type: ignore[assignment]
        return self


def _meaning(name: str):  # noqa: ANN202 - reading.dimensions.Meaning; imported late (reading imports contract)
    """What the name means, decided in one place: `reading.dimensions` (its head noun and modifiers)."""
    from .reading.dimensions import meaning

    return meaning(name)


class Constraint(_Strict):
    dimension: str
    """The dimension whose value decides the constraint."""
    allowed: list[str] = Field(default_factory=list)
    """Normalised values that satisfy it (e.g. SPDX ids)."""
    denied: list[str] = Field(default_factory=list)
    """Normalised values that rule the object out."""
    note: str | None = None
    """Why the constraint exists, shown in reports."""

    @model_validator(mode="after")
    def _one_side(self) -> "Constraint":
        if not self.allowed and not self.denied:
            raise ValueError("a constraint needs `allowed` or `denied` values")
        return self

    def admits(self, value: str) -> bool:
        v = value.lower()
        if self.denied and v in [d.lower() for d in self.denied]:
            return False
        if self.allowed:
            return v in [a.lower() for a in self.allowed]
        return True


class TaskContract(_Strict):
    question: str
    """The user's question, verbatim."""
    objects: list[ObjectSpec]
    """What must be covered (or ruled out by a constraint)."""
    dimensions: list[DimensionSpec]
    """What decides the answer for each object."""
    constraints: list[Constraint] = Field(default_factory=list)
    """Hard constraints; an object that fails one is ruled out."""
    min_sources: int = Field(default=2, ge=1, le=10)
    """Independent sources a key claim needs to be confirmed."""
    primary_domains: list[str] = Field(default_factory=list)
    """Domains that are primary for every object (e.g. a standards body)."""
    allowed_domains: list[str] = Field(default_factory=list)
    """When non-empty, only these domains may be visited."""
    denied_domains: list[str] = Field(default_factory=list)
    """Domains never to visit."""
    source: Literal["file", "flags", "parsed", "llm"] = "parsed"
    """Where the contract came from."""

    @field_validator("question")
    @classmethod
    def _question(cls, v: str) -> str:
        v = v.strip()
        if not v:
            raise ValueError("the question is empty")
        if len(v) > MAX_QUESTION_CHARS:
            raise ValueError(f"the question is {len(v)} characters; the limit is {MAX_QUESTION_CHARS}")
        return v

    @model_validator(mode="after")
    def _check(self) -> "TaskContract":
        if not self.objects:
            raise ValueError("the contract names no objects")
        if not self.dimensions:
            raise ValueError("the contract names no dimensions")
        names = [o.name.lower() for o in self.objects]
        if len(set(names)) != len(names):
            raise ValueError(f"object names repeat: {_first_repeat([o.name for o in self.objects])!r} is named twice")
        dims = [d.name.lower() for d in self.dimensions]
        if len(set(dims)) != len(dims):
            raise ValueError(f"dimension names repeat: {_first_repeat([d.name for d in self.dimensions])!r} is named twice")
        for c in self.constraints:
            if c.dimension.lower() not in dims:
                raise ValueError(f"constraint on unknown dimension {c.dimension!r}")
        return self

    def object(self, name: str) -> ObjectSpec:
        for o in self.objects:
            if o.name == name:
                return o
        raise KeyError(name)

    def dimension(self, name: str) -> DimensionSpec:
        for d in self.dimensions:
            if d.name == name:
                return d
        raise KeyError(name)

    def cell_keys(self) -> list[str]:
        return [cell_key(o.name, d.name) for o in self.objects for d in self.dimensions]

    def version(self) -> str:
        """A short hash of what the run depends on (not where it came from)."""
        data = self.model_dump(exclude={"source"})
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]


def _first_repeat(names: list[str]) -> str:
    seen: set[str] = set()
    for name in names:
        if name.lower() in seen:
            return name
        seen.add(name.lower())
    return ""


def cell_key(obj: str, dim: str) -> str:
    return f"{obj}/{dim}"


def split_cell_key(key: str) -> tuple[str, str]:
    obj, _, dim = key.rpartition("/")
    return obj, dim


# ---------------------------------------------------------------- loading


def load_contract(path: Path, question: str | None = None) -> TaskContract:
    """Read a TOML contract. `question` fills in a file that has none."""
    text = read_user_text(path, "contract file", ContractError)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContractError(f"{path}: not valid TOML ({exc})") from exc
    return contract_from_mapping(raw, question=question, origin=str(path), source="file")


def contract_from_mapping(
    raw: dict, *, question: str | None = None, origin: str = "contract", source: str = "file"
) -> TaskContract:
    data = dict(raw)
    if question and not data.get("question"):
        data["question"] = question
    for key, what in (("objects", "object"), ("dimensions", "dimension")):
        given = data.get(key, [])
        if not isinstance(given, list):
            raise ContractError(f"{origin}: key `{key}`: a list of {key} or {what} names is expected, "
                                f"not {_kind_of(given)}")
        data[key] = [item if isinstance(item, dict) else {"name": str(item)} for item in given]
    data.setdefault("source", source)
    try:
        return TaskContract.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise ContractError(f"{origin}: key `{where}`: {first['msg']}") from exc


def _kind_of(value: object) -> str:
    """What a TOML value is, as an error message names it."""
    kinds = {bool: "a boolean", int: "an integer", float: "a number", str: "a string", dict: "a table"}
    return next((name for t, name in kinds.items() if isinstance(value, t)), f"a {type(value).__name__}")


def contract_from_flags(question: str, objects: list[str], dimensions: list[str], min_sources: int = 2) -> TaskContract:
    return contract_from_mapping(
        {"question": question, "objects": objects, "dimensions": dimensions, "min_sources": min_sources},
        origin="flags",
        source="flags",
    )


# ---------------------------------------------------------- question parsing


def parse_question(question: str, min_sources: int = 2) -> TaskContract:
    """Rule-based parse of a question into a contract (the shapes: `research_agent.questions`).

    Raises `ContractError` (with how to give a contract) when no shape reads the question;
    `questions.MissingDimension` when it names objects but nothing to compare them on.
    """
    from .questions import object_entry, read_question  # loaded on first parse: a contract file needs no parser

    q = question.strip()
    if not q:
        raise ContractError("the question is empty: ask something, e.g. \"Compare A and B on license\"")
    if len(q) > MAX_QUESTION_CHARS:
        raise ContractError(f"the question is {len(q)} characters; the limit is {MAX_QUESTION_CHARS}")
    reading = read_question(q)
    return contract_from_mapping(
        {"question": q, "objects": [object_entry(o) for o in reading.objects], "dimensions": reading.dimensions,
         "min_sources": min_sources},
        origin="question",
        source="parsed",
    )
