"""Prices: "$12 per user per month", "€9/month", "12 USD", "US$1.5 million", "free of charge".

Canonical is "<ISO currency> <amount>[/<per>...]": "USD 12/user/month"; the per-parts are
lemmatised and ordered (countable units first, then the time unit) so "per month per user" and
"/user/month" agree. Any amount of zero — "$0", "free", "for free", "free of charge", "at no
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
_PER_WORD = r"(?:user|seat|member|agent|editor|host|node|server|core|device|instance|license|licence|GB|TB|month|mo|year|yr|annum|week|day|hour|hr|minute|min|request)s?"
_PER = rf"(?P<per>(?:(?:\s*/\s*|\s+per\s+|\s+an?\s+|\s+(?:for\s+)?(?:each|every)\s+)(?:{_PER_WORD})\b)+)?(?P<adv>\s+(?:monthly|annually|yearly|per\s+annum))?"
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
_TIME_PER = {"month": "month", "mo": "month", "year": "year", "yr": "year", "annum": "year", "week": "week",
             "day": "day", "hour": "hour", "hr": "hour", "minute": "minute", "min": "minute"}
_ADVERB = {"monthly": "month", "annually": "year", "yearly": "year", "per annum": "year"}


_PER_USER = {"seat": "user", "member": "user", "agent": "user", "editor": "user", "license": "user", "licence": "user"}
"""Per-seat prices are per-user prices: "$9 a seat each month" = "$9 per user per month"."""


def _per_parts(per: str | None, adverb: str | None) -> list[str]:
    words = re.findall(r"[A-Za-z]+", per or "")
    lemmas = [w if w in ("GB", "TB") else w.lower() for w in words if w.lower() not in ("per", "a", "an", "each")]
    lemmas = [w[:-1] if w.endswith("s") and len(w) > 3 and w not in ("GB", "TB") else w for w in lemmas]
    lemmas = [_PER_USER.get(w, w) for w in lemmas if w not in ("for", "every")]
    if adverb:
        lemmas.append(_ADVERB[" ".join(adverb.split()).lower()])
    counted = sorted({w for w in lemmas if w not in _TIME_PER})
    times = sorted({_TIME_PER[w] for w in lemmas if w in _TIME_PER})
    return counted + times


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
        cur, per = _currency(m), _per_parts(m["per"], m["adv"])
        canonical = "0" if amount == 0 else f"{cur} {fmt_number(amount)}" + "".join(f"/{p}" for p in per)
        hedge, scope = qualifier_before(sentence, m.start()), " ".join(f"per {p}" for p in per)
        qualifier = ", ".join(q for q in (hedge, scope) if q) or None
        out.append(Value("money", canonical, m.group(0), m.start(), m.end(), amount, cur, qualifier))
    for m in _FREE.finditer(sentence):
        g = "free" if m["free"] else 0
        out.append(Value("money", "0", m.group(g), m.start(g), m.end(g), 0.0, None, None))
    return sorted(out, key=lambda v: v.start)
