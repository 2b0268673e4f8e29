"""The risk policy: what the risk screen denies, as one validated pydantic model.

The policy crosses a boundary (it is configuration a user edits), so it is a
pydantic model with ``extra="forbid"``: a misspelt key is an error, not a
silently ignored setting.  Its defaults live in ``default_risk_policy.toml``
beside this module (shipped as package data and read with
``importlib.resources``) so that the numbers and patterns a reviewer wants to
audit are in one readable file, not scattered through code.

Loading a user file merges it over those defaults, explicitly:

* a top-level key replaces the default value of that key;
* a pattern table (``[personal_data_patterns]``, ``[injection_patterns]``,
  ``[exfiltration_patterns]``) merges by rule name: a name that exists
  replaces that rule, a new name adds one, an empty string disables the rule;
* an ``[extend]`` table appends to list keys (``extend.denied_domains =
  ["corp.example"]``) without having to repeat the defaults.

Every regex is compiled and every CIDR parsed when the policy is built, so a
bad policy fails at load time with :class:`RiskPolicyError` naming the file and
the key, never halfway through a run.  Patterns are matched case-insensitively
(``re.IGNORECASE | re.MULTILINE``); a rule that needs case uses ``(?-i:...)``.

A domain list (this policy's ``denied_domains``; the contract's official, primary,
allowed and denied domains; the network policy's) is read one way everywhere,
:func:`domain_covering`: a listed domain covers itself and its subdomains.
"""

from __future__ import annotations

import ipaddress
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError, field_validator

__all__ = ["RiskPolicy", "RiskPolicyError", "DEFAULT_POLICY_RESOURCE", "PATTERN_FLAGS"]

DEFAULT_POLICY_RESOURCE = "default_risk_policy.toml"
"""File name of the shipped defaults inside the ``criteria`` package."""

PATTERN_FLAGS = re.IGNORECASE | re.MULTILINE
"""Flags every policy regex is compiled with."""

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

_PATTERN_TABLES = ("personal_data_patterns", "injection_patterns", "exfiltration_patterns")



def domain_covering(host: str, domains: Iterable[str]) -> str | None:
    """The first of `domains` that covers `host` — `host` is that domain or one of its subdomains
    ("docs.redis.io" is under "redis.io", "notredis.io" is not); None when none does.  Compared lowercase."""
    host = host.lower()
    for domain in domains:
        d = domain.lower()
        if host == d or host.endswith("." + d):
            return domain
    return None


class RiskPolicyError(ValueError):
    """A risk policy file could not be read or holds an invalid key or value."""


class RiskPolicy(BaseModel):
    """What the risk screen denies and how a run reacts to it."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)

    denied_domains: list[str] = []
    """Host names denied together with all their subdomains (``example.com`` denies ``a.example.com``)."""

    denied_networks: list[str] = []
    """CIDR ranges a URL's literal IP address may not fall in (private, loopback, link-local, metadata, ...)."""

    allowed_hosts: list[str] = []
    """Explicit exceptions (``host`` or ``host:port``) that pass every URL check, e.g. the local corpus server."""

    side_effect_tools: list[str] = []
    """Tool names that change the world (post, send_email, delete, ...): never run without a human."""

    read_only_tools: list[str] = ["search", "visit"]
    """The only tools the agent may run on its own; any other tool name is treated as a side effect."""

    personal_data_patterns: dict[str, str] = {}
    """Named regexes for requests for personal or unauthorized data (home address, SSN, someone's inbox, ...)."""

    injection_patterns: dict[str, str] = {}
    """Named regexes for instructions planted in fetched content ("ignore previous instructions", ...)."""

    exfiltration_patterns: dict[str, str] = {}
    """Named regexes for exfiltration links in fetched content (markdown images carrying data in the query)."""

    on_risk: Literal["abort", "handoff"] = "abort"
    """What a flag does to the run: end it as ``risk_abort``, or pause and hand it to a human."""

    max_page_flags: int = 1
    """A fetched page counts as carrying planted instructions once it has this many flags (>= 1)."""

    structural_screen: bool = True
    """Also flag sentences that address an automated reader with an order (``injection_structure.py``)."""

    abort_rules: list[str] = []
    """Page rules whose match ends the run even when the passage can be quarantined (exfiltration, money, secrets)."""

    max_quarantined_share: float = 0.5
    """A page whose flagged passages are at least this share of its text is mostly instructions: the run ends."""

    max_scan_chars: int = 400_000
    """The page screen reads at most this many characters; callers must not pass more to a model."""

    _networks: tuple[IPNetwork, ...] = PrivateAttr(default=())
    _personal: tuple[tuple[str, re.Pattern[str]], ...] = PrivateAttr(default=())
    _injection: tuple[tuple[str, re.Pattern[str]], ...] = PrivateAttr(default=())
    _exfiltration: tuple[tuple[str, re.Pattern[str]], ...] = PrivateAttr(default=())

    # -- validation ---------------------------------------------------------

    @field_validator("denied_networks")
    @classmethod
    def _check_networks(cls, value: list[str]) -> list[str]:
        for cidr in value:
            try:
                ipaddress.ip_network(cidr, strict=False)
            except ValueError as exc:
                raise ValueError(f"invalid CIDR {cidr!r}: {exc}") from exc
        return value

    @field_validator(*_PATTERN_TABLES)
    @classmethod
    def _check_patterns(cls, value: dict[str, str]) -> dict[str, str]:
        for name, pattern in value.items():
            if not pattern:
                continue
            try:
                re.compile(pattern, PATTERN_FLAGS)
            except re.error as exc:
                raise ValueError(f"rule {name!r}: invalid regex: {exc}") from exc
        return value

    @field_validator("denied_domains", "allowed_hosts")
    @classmethod
    def _normalise_hosts(cls, value: list[str]) -> list[str]:
        return [h.strip().lower().lstrip("*").strip(".") for h in value if h.strip()]

    @field_validator("max_page_flags", "max_scan_chars")
    @classmethod
    def _positive(cls, value: int) -> int:
        if value < 1:
            raise ValueError("must be >= 1")
        return value

    def model_post_init(self, context: Any, /) -> None:
        self._networks = tuple(ipaddress.ip_network(c, strict=False) for c in self.denied_networks)
        self._personal = _compile(self.personal_data_patterns)
        self._injection = _compile(self.injection_patterns)
        self._exfiltration = _compile(self.exfiltration_patterns)

    # -- compiled views (read by risk_screen) -------------------------------

    @property
    def networks(self) -> tuple[IPNetwork, ...]:
        """``denied_networks`` parsed."""
        return self._networks

    @property
    def personal_rules(self) -> tuple[tuple[str, re.Pattern[str]], ...]:
        """``personal_data_patterns`` compiled, empty rules dropped."""
        return self._personal

    @property
    def injection_rules(self) -> tuple[tuple[str, re.Pattern[str]], ...]:
        """``injection_patterns`` compiled, empty rules dropped."""
        return self._injection

    @property
    def exfiltration_rules(self) -> tuple[tuple[str, re.Pattern[str]], ...]:
        """``exfiltration_patterns`` compiled, empty rules dropped."""
        return self._exfiltration

    # -- loading ------------------------------------------------------------

    @classmethod
    def default(cls) -> RiskPolicy:
        """The shipped defaults (``criteria/default_risk_policy.toml``)."""
        return cls._build(_parse_toml(_default_text(), DEFAULT_POLICY_RESOURCE), DEFAULT_POLICY_RESOURCE)

    @classmethod
    def from_toml(cls, path: str | Path) -> RiskPolicy:
        """The defaults with the user file at ``path`` merged over them (see the module docstring)."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RiskPolicyError(f"{path}: cannot read risk policy: {exc}") from exc
        user = _parse_toml(text, str(path))
        base = cls.default().model_dump()
        return cls._build(_merge(base, user, str(path)), str(path))

    @classmethod
    def _build(cls, data: dict[str, Any], source: str) -> RiskPolicy:
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            problems = "; ".join(
                f"key {'.'.join(str(p) for p in err['loc']) or '<root>'!r}: {_clean_msg(err)}"
                for err in exc.errors()
            )
            raise RiskPolicyError(f"{source}: invalid risk policy: {problems}") from exc


def _default_text() -> str:
    resource = resources.files(__package__ or "criteria").joinpath(DEFAULT_POLICY_RESOURCE)
    if not resource.is_file():
        # The name "criteria" can resolve to a namespace package that is not
        # this one (a test runner may put tests/ on sys.path, and tests/criteria/ has no
        # __init__.py); the file shipped beside this module is the one meant.
        resource = Path(__file__).with_name(DEFAULT_POLICY_RESOURCE)
    return resource.read_text(encoding="utf-8")


def _compile(table: dict[str, str]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((name, re.compile(p, PATTERN_FLAGS)) for name, p in table.items() if p)


def _clean_msg(err: Any) -> str:
    if err["type"] == "extra_forbidden":
        return "unknown key"
    return str(err["msg"]).removeprefix("Value error, ")


def _parse_toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RiskPolicyError(f"{source}: not valid TOML: {exc}") from exc


def _merge(base: dict[str, Any], user: dict[str, Any], source: str) -> dict[str, Any]:
    merged = dict(base)
    extend = user.pop("extend", {})
    for key, value in user.items():
        if key in _PATTERN_TABLES and isinstance(value, dict):
            merged[key] = {**base[key], **value}
        else:
            # unknown keys pass through so that validation names them
            merged[key] = value
    if not isinstance(extend, dict):
        raise RiskPolicyError(f"{source}: key 'extend': must be a table of lists")
    for key, value in extend.items():
        if not isinstance(base.get(key), list):
            raise RiskPolicyError(f"{source}: key 'extend.{key}': unknown key or not a list setting")
        if not isinstance(value, list):
            raise RiskPolicyError(f"{source}: key 'extend.{key}': must be a list")
        merged[key] = [*merged[key], *value]
    return merged
