"""Typed value recognisers: find the values of one kind in a sentence, in canonical form.

Every recogniser takes one sentence and returns `Value`s in text order. A value's `canonical`
string is its comparison form (two sources agree iff the strings are equal) and never depends
on how it was written; `display` is exactly the substring the source wrote, at `start:end`.

Kinds (`KINDS`) and their canonical forms:
  date         "1737-12-01", "2012-01", "1885", "1940s" — the precision written (_dates.py)
  year-range   "1998/2003", "1964/2014-09-09" — a span as one value (_dates.py)
  quantity     "20000000000 B", "12 ms", "25 %", "10000 request/s" — base units (_units.py)
  money        "USD 12/user/month", "EUR 9/month", "0" for anything free (_money.py)
  duration     "30 day" — always days (_durations.py)
  count        "85", "1200000" — a number of things, never a year (_counts.py)
  license      SPDX ids, "proprietary", "source-available", "open-source" (_licenses.py)
  version      "2.4.1", "3" for "version 3.0" (_versions.py)
  boolean      "yes" / "no" (_booleans.py)
  nationality  the country name: "United States" for "American" (_nationalities.py)
  interval     "14 day" for "every fortnight" — a recurrence period in days (_intervals.py)
  list         "freebsd+linux+solaris" — coordinated names, sorted (_lists.py)

Canonical strings keep the precision written ("2012" vs "2012-01"); `agree` is the
precision-aware comparison (_compare.py) a reader applies before calling two sources in conflict.

Qualifiers say what the source hedged or scoped ("about", "up to", "early", "per file",
"from"/"until" for the ends of a range, "origin England" for "English-American").
All regexes compile at import; nothing heavy is imported (no dateparser, no pint: the
modules say why).
"""

from ._booleans import booleans
from ._choose import nearest
from ._compare import agree, converted_alike, same_measure, same_price, same_statement, within
from ._counts import counts
from ._dates import dates, year_ranges
from ._dispatch import KINDS, find_values, kinds_in, measured_canonical
from ._durations import durations
from ._intervals import intervals
from ._licenses import licenses
from ._lists import name_lists
from ._money import money
from ._nationalities import countries_named, nationalities
from ._quantities import quantities
from ._units import check_unit, unit_dimension
from ._value import Value
from ._versions import versions

__all__ = [
    "KINDS",
    "Value",
    "agree",
    "converted_alike",
    "same_measure",
    "same_price",
    "same_statement",
    "within",
    "booleans",
    "check_unit",
    "counts",
    "dates",
    "durations",
    "intervals",
    "find_values",
    "kinds_in",
    "licenses",
    "measured_canonical",
    "name_lists",
    "money",
    "nationalities",
    "countries_named",
    "nearest",
    "quantities",
    "unit_dimension",
    "versions",
    "year_ranges",
]
