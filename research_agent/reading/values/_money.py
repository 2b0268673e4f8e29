"""Prices: "$12 per user per month", "€9/month", "12 USD", "US$1.5 million", "free of charge".

Canonical is "<ISO currency> <amount>[/<per>...]": "USD 12/user/month"; the per-parts are
lemmatised and ordered (countable units first, then the time unit) so "per month per user" and
"/user/month" agree. A price is written with as many rates as it has, in any order and with or without a
comma between them ("£7 per editor, per month", "$18 monthly per seat", "$0.60 per 1,000 words"); after "per"
any lower-case noun or unit symbol is a rate ("per kWh", "per GB-month"), but not a source or a function word
("$900, per Reuters", "per the price list"). A billing period ("billed annually") is the price's period only
when no other is written. Any amount of zero — "$0", "free", "for free", "free of charge", "at no
cost" — is canonical "0" with no currency, so "free" and "$0/month" agree. "free trial",
"free tier" and "free software" are not prices, nor is the year of a price level ("(1957 USD)").
"""

from __future__ import annotations

import re

from ._numbers import DIGITS, SCALES, parse_number, qualifier_before
from ._units import CURRENCIES
from ._value import Value, fmt_number, per_sentence

_SYMBOLS = {
    "us$": "USD", "$": "USD", "c$": "CAD", "ca$": "CAD", "a$": "AUD", "au$": "AUD", "nz$": "NZD",
    "hk$": "HKD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR",
}
_WORDS = {"dollar": "USD", "dollars": "USD", "euro": "EUR", "euros": "EUR", "pounds sterling": "GBP",
          "pound sterling": "GBP", "yen": "JPY", "rupees": "INR"}
_CODES = "|".join(CURRENCIES + ("NZD", "HKD"))
_SYM = r"US\$|CA?\$|AU?\$|NZ\$|HK\$|\$|€|£|¥|₹"
_SCALE = r"(?:\s?(?P<scale>thousand|million|billion|trillion|bn|mn|k|m|b)\b)?"
_PER_WORD = (r"(?:user|seat|member|agent|editor|host|node|server|core|device|instance|license|licence|GB|TB|"
             r"month|mo|mth|year|yr|annum|week|wk|day|hour|hr|minute|min|request|person|head)s?")
_ADVERB = {"monthly": "month", "annually": "year", "yearly": "year", "weekly": "week", "daily": "day",
           "hourly": "hour", "quarterly": "quarter"}
_ADVERBS = "|".join(_ADVERB)
_RATE = (
    rf"\s*/\s*(?:{_PER_WORD})\b"
    rf"|,?\s+per\s+(?:\d[\d,.]*\s?(?:k|m|million|thousand)?\s+)?(?!(?:the|a|an|cent|se|our|its|their|this|that|which)\b)(?-i:[a-z][A-Za-z-]*|[A-Z]{{2,}}(?:-[a-z]+)?\b)"
    rf"|\s+(?:an?|for\s+each|each|every)\s+(?:{_PER_WORD})\b"
    rf"|\s+(?:{_ADVERBS}|pcm)\b|,?\s+billed\s+(?:{_ADVERBS})\b"
)
_PER = rf"(?P<per>(?:{_RATE})+)?"
_DEC_COMMA = r"\d+,\d{2}(?![\d,])"
"""A decimal comma ("€10,50"): a comma followed by exactly two digits is never a thousands separator."""
_MONEY = re.compile(
    rf"(?:(?:(?P<sym>{_SYM})\s?|\b(?P<code1>{_CODES})\s?)(?P<num>{_DEC_COMMA}|{DIGITS}){_SCALE}"
    rf"|(?<![\w.,])(?P<num2>{_DEC_COMMA}|{DIGITS})(?:\s(?P<scale2>thousand|million|billion|trillion))?\s?"
    rf"(?P<code2>{_CODES}|dollars?|euros?|pounds sterling|pound sterling|yen|rupees)\b){_PER}",
    re.I,
)
_FREE = re.compile(
    r"\b(?:free\s+of\s+charge|for\s+free|at\s+no\s+(?:cost|charge)|no\s+charge|costs?\s+nothing)\b"
    r"|\b(?:is|are|be|remains|stays|entirely|completely|totally|always)\s+(?P<free>free)\b(?![\s-]+(?:trial|tier|plan|"
    r"version|edition|software|and\s+open|account|of\b|to\s+try))",
    re.I,
)
_YEAR_MONEY = re.compile(r"(?:\(|\bin\s+(?:constant\s+)?|\bconstant\s+)(?:1[89]\d\d|20\d\d)\s?(?:[A-Z]{3}|dollars)$")
_TIME_PER = {"month": "month", "mo": "month", "mth": "month", "pcm": "month", "year": "year", "yr": "year",
             "annum": "year", "week": "week", "wk": "week", "day": "day", "hour": "hour",
             "hr": "hour", "minute": "minute", "min": "minute", "quarter": "quarter"}


_PER_USER = {"seat": "user", "member": "user", "agent": "user", "editor": "user", "license": "user", "licence": "user",
             "head": "user", "person": "user", "people": "user"}
"""Per-seat prices are per-user prices: "$9 a seat each month" = "$9 per user per month"."""


_PART = re.compile(r"(?P<n>\d[\d,.]*)\s?(?P<sc>k|m|million|thousand)?\s+(?P<w>[A-Za-z]+)|(?P<billed>billed\s+)?(?P<word>[A-Za-z]+)", re.I)
_NOT_UNIT = frozenset({"per", "a", "an", "each", "for", "every"})


def _per_parts(per: str | None) -> list[str]:
    """The units a price is stated per, lemmatised: countable units first, then one time unit. A billing period
    ("billed monthly") is the price's period only when no other is written ("$10/month, billed annually")."""
    counted: set[str] = set()
    times: list[str] = []
    billed: list[str] = []
    for m in _PART.finditer(per or ""):
        word = m["w"] or m["word"]
        if word.lower() in _NOT_UNIT:
            continue
        lemma = word if word in ("GB", "TB") else word.lower()
        lemma = lemma[:-1] if lemma.endswith("s") and len(lemma) > 3 and lemma not in ("GB", "TB") else lemma
        lemma = _PER_USER.get(lemma, lemma)
        if lemma in _TIME_PER or lemma in _ADVERB:
            (billed if m["billed"] else times).append(_TIME_PER.get(lemma) or _ADVERB[lemma])
        elif m["n"]:
            amount = parse_number(m["n"], (m["sc"] or "").lower() or None)
            counted.add(f"{fmt_number(amount)} {lemma}" if amount is not None else lemma)
        else:
            counted.add(lemma)
    times = times or billed
    return sorted(counted) + sorted(set(times))


def _currency(m: re.Match[str]) -> str:
    if m["sym"]:
        return _SYMBOLS[m["sym"].lower()]
    code = (m["code1"] or m["code2"]).upper()
    return _WORDS.get(code.lower(), code)


_HINT = re.compile(rf"[$€£¥₹]|\b(?:{_CODES})\b|dollar|euro|pound|yen|rupee|free|no c|nothing", re.I)


@per_sentence
def money(sentence: str) -> list[Value]:
    """Every price in the sentence, in text order."""
    if not _HINT.search(sentence):
        return []
    out: list[Value] = []
    for m in _MONEY.finditer(sentence):
        if m["num2"] and _YEAR_MONEY.search(sentence, max(0, m.start() - 10), m.end()):
            continue  # "(1957 USD)", "in constant 2010 dollars": a price level's year, not a price
        num = m["num"] or m["num2"]
        if re.fullmatch(_DEC_COMMA, num):
            num = num.replace(",", ".")
        scale = m["scale"] or m["scale2"]
        amount = parse_number(num, scale if scale and scale.lower() in SCALES else None)
        if amount is None:
            continue
        cur, per = _currency(m), _per_parts(m["per"])
        canonical = "0" if amount == 0 else f"{cur} {fmt_number(amount)}" + "".join(f"/{p}" for p in per)
        hedge, scope = qualifier_before(sentence, m.start()), " ".join(f"per {p}" for p in per)
        qualifier = ", ".join(q for q in (hedge, scope) if q) or None
        out.append(Value("money", canonical, m.group(0), m.start(), m.end(), amount, cur, qualifier))
    for m in _FREE.finditer(sentence):
        g = "free" if m["free"] else 0
        out.append(Value("money", "0", m.group(g), m.start(g), m.end(g), 0.0, None, None))
    return sorted(out, key=lambda v: v.start)
