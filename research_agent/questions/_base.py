"""Question reading's shared parts: the result, the errors, the word tables of ``question_words.toml``."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..errors import ContractError

UNREADABLE = (
    "could not read objects and dimensions from the question; phrase it as "
    "\"Compare A, B and C on X and Y\", pass --object/--dimension, or give --contract FILE.toml"
)


class MissingDimension(ContractError):
    """The question names objects but nothing that decides between them."""

    def __init__(self, message: str, objects: list[str]) -> None:
        super().__init__(message)
        self.objects = objects


class _NoMatch(Exception):
    """A shape's pattern matched but its parts do not read: the next shape is tried."""


@dataclass(frozen=True)
class QuestionReading:
    shape: str
    """Which shape read the question (for tests and traces)."""
    objects: list[str]
    dimensions: list[str]


@dataclass(frozen=True)
class _Words:
    comparatives: dict[str, str]
    comparatives_people: dict[str, str]
    event_verbs: dict[str, str]
    event_nouns: dict[str, str]
    how_adjectives: dict[str, str]
    order_as_founded: frozenset[str]
    agent_verbs: dict[str, str]
    type_words: tuple[str, ...]
    person_nouns: frozenset[str]
    occupation_nouns: frozenset[str]
    demonyms: frozenset[str]
    complements: dict[str, str]
    trailing_nouns: frozenset[str]


@cache
def words() -> _Words:
    """The word tables of ``question_words.toml`` (read once)."""
    raw = tomllib.loads(Path(__file__).parent.parent.joinpath("question_words.toml").read_text(encoding="utf-8"))
    return _Words(
        comparatives=raw["comparatives"],
        comparatives_people=raw["comparatives_people"],
        event_verbs=raw["event_verbs"],
        event_nouns=raw["event_nouns"],
        how_adjectives=raw["how_adjectives"],
        order_as_founded=frozenset(raw["order_as_founded"]["words"]),
        agent_verbs=raw["agent_verbs"],
        type_words=tuple(sorted(raw["type_words"]["words"], key=len, reverse=True)),
        person_nouns=frozenset(raw["person_nouns"]["words"]),
        occupation_nouns=frozenset(raw["occupation_nouns"]["words"]),
        demonyms=frozenset(raw["demonyms"]["words"]),
        complements=raw["complements"],
        trailing_nouns=frozenset(raw["trailing_nouns"]["words"]) | frozenset(raw["type_words"]["words"]),
    )


Handler = Callable[[re.Match[str]], QuestionReading]


def _reading(shape: str, objects: list[str], dimensions: list[str], at_least: int = 1) -> QuestionReading:
    if len(objects) < at_least or not dimensions:
        raise _NoMatch(shape)
    return QuestionReading(shape, objects, dimensions)

