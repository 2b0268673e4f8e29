"""Units: every spelling we recognise, its dimension and its factor to the dimension's base unit.

Decisions (documented here because canonical forms depend on them):
* Decimal prefixes are decimal and binary prefixes are binary: KB = 10^3 B, GB = 10^9 B,
  KiB = 2^10 B, GiB = 2^30 B (IEC 80000-13; what storage vendors mean by GB).
* Base units: information "B", time "ms", length "m", area "m2", mass "kg", ratio "%",
  rates are the base unit over seconds ("request/s", "B/s"). A month is 30 days and a year
  365 days (durations compare in days; calendar precision is not what sources mean).
* Currencies are each their own dimension: no exchange rates, so a contract in EUR never
  receives a USD price. So is a cup: a US, a metric and a rice cup differ, so cups never convert.

Why not pint: loading it costs 0.9 s and one conversion 0.3 ms (over the reader's whole
per-sentence budget), it treats bytes as dimensionless and knows no currencies, and we need
this table of surface forms for matching text anyway — the factor is one more column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Unit:
    symbol: str
    """Canonical spelling ("GB", "min", "km2")."""
    dimension: str
    """"information", "time", "length", "area", "mass", "ratio", "currency:USD", "rate:request", ..."""
    factor: float
    """How many base units one of this unit is."""


_DAY_MS = 86_400_000.0

# symbol, dimension, factor, other spellings (matched case-insensitively unless listed in _CASED)
_TABLE: list[tuple[str, str, float, tuple[str, ...]]] = [
    ("B", "information", 1.0, ("byte", "bytes")),
    ("KB", "information", 1e3, ("kB", "kilobyte", "kilobytes")),
    ("MB", "information", 1e6, ("megabyte", "megabytes")),
    ("GB", "information", 1e9, ("gigabyte", "gigabytes")),
    ("TB", "information", 1e12, ("terabyte", "terabytes")),
    ("PB", "information", 1e15, ("petabyte", "petabytes")),
    ("KiB", "information", 2.0**10, ("kibibyte", "kibibytes")),
    ("MiB", "information", 2.0**20, ("mebibyte", "mebibytes")),
    ("GiB", "information", 2.0**30, ("gibibyte", "gibibytes")),
    ("TiB", "information", 2.0**40, ("tebibyte", "tebibytes")),
    ("PiB", "information", 2.0**50, ("pebibyte", "pebibytes")),
    ("ns", "time", 1e-6, ("nanosecond", "nanoseconds")),
    ("µs", "time", 1e-3, ("us", "μs", "microsecond", "microseconds")),
    ("ms", "time", 1.0, ("msec", "millisecond", "milliseconds")),
    ("s", "time", 1e3, ("sec", "secs", "second", "seconds")),
    ("min", "time", 6e4, ("mins", "minute", "minutes")),
    ("h", "time", 3.6e6, ("hr", "hrs", "hour", "hours")),
    ("day", "time", _DAY_MS, ("days",)),
    ("week", "time", 7 * _DAY_MS, ("weeks", "wk", "wks")),
    ("month", "time", 30 * _DAY_MS, ("months",)),
    ("year", "time", 365 * _DAY_MS, ("years", "yr", "yrs")),
    ("%", "ratio", 1.0, ("percent", "per cent", "pct")),
    ("mm", "length", 1e-3, ("millimetre", "millimetres", "millimeter", "millimeters")),
    ("cm", "length", 1e-2, ("centimetre", "centimetres", "centimeter", "centimeters")),
    ("m", "length", 1.0, ("metre", "metres", "meter", "meters")),
    ("km", "length", 1e3, ("kilometre", "kilometres", "kilometer", "kilometers")),
    ("in", "length", 0.0254, ("inch", "inches")),
    ("ft", "length", 0.3048, ("foot", "feet")),
    ("yd", "length", 0.9144, ("yard", "yards", "yds")),
    ("mi", "length", 1609.344, ("mile", "miles")),
    ("m2", "area", 1.0, ("m²", "sq m", "square metre", "square metres", "square meter", "square meters")),
    ("km2", "area", 1e6, ("km²", "sq km", "square kilometre", "square kilometres", "square kilometer",
                          "square kilometers")),
    ("mi2", "area", 2_589_988.110336, ("sq mi", "mi²", "square mile", "square miles")),
    ("ft2", "area", 0.09290304, ("ft²", "sq ft", "sq. ft.", "sq. ft", "square foot", "square feet")),
    ("in2", "area", 0.00064516, ("in²", "sq in", "square inch", "square inches")),
    ("ha", "area", 1e4, ("hectare", "hectares")),
    ("acre", "area", 4046.8564224, ("acres",)),
    ("mg", "mass", 1e-6, ("milligram", "milligrams")),
    ("g", "mass", 1e-3, ("gram", "grams")),
    ("kg", "mass", 1.0, ("kilogram", "kilograms", "kilo", "kilos")),
    ("t", "mass", 1e3, ("tonne", "tonnes", "metric ton", "metric tons")),
    ("lb", "mass", 0.45359237, ("lbs", "pound", "pounds")),
    ("oz", "mass", 0.028349523125, ("ounce", "ounces")),
    ("mAh", "charge", 1.0, ("milliampere-hour", "milliampere-hours", "milliamp-hours")),
    ("Ah", "charge", 1e3, ("ampere-hour", "ampere-hours", "amp-hours")),
    ("Wh", "energy", 1.0, ("watt-hour", "watt-hours")),
    ("kWh", "energy", 1e3, ("kilowatt-hour", "kilowatt-hours")),
    ("W", "power", 1.0, ("watt", "watts")),
    ("kW", "power", 1e3, ("kilowatt", "kilowatts")),
    ("Hz", "frequency", 1.0, ("hertz",)),
    ("kHz", "frequency", 1e3, ("kilohertz",)),
    ("MHz", "frequency", 1e6, ("megahertz",)),
    ("GHz", "frequency", 1e9, ("gigahertz",)),
    ("mph", "rate:length", 0.44704, ("miles per hour", "miles an hour")),
    ("km/h", "rate:length", 1 / 3.6, ("kph", "km/hr", "kilometres per hour", "kilometers per hour")),
    ("mL", "volume", 1e-3, ("ml", "millilitre", "millilitres", "milliliter", "milliliters")),
    ("L", "volume", 1.0, ("l", "litre", "litres", "liter", "liters")),
    ("gal", "volume", 3.785411784, ("gallon", "gallons")),
    ("qt", "volume", 0.946352946, ("quart", "quarts")),
    ("fl oz", "volume", 0.0295735295625, ("fluid ounce", "fluid ounces")),
    ("cup", "volume:cup", 1.0, ("cups",)),
    ("m3", "volume", 1e3, ("m³", "cubic metre", "cubic metres", "cubic meter", "cubic meters")),
    ("ft3", "volume", 28.316846592, ("ft³", "cu ft", "cubic foot", "cubic feet")),
    ("cfm", "rate:volume", 28.316846592 / 60, ("cubic feet per minute", "cubic feet a minute")),
    ("V", "voltage", 1.0, ("volt", "volts")),
    ("dB", "loudness", 1.0, ("decibel", "decibels")),
    ("nit", "luminance", 1.0, ("nits", "cd/m²", "cd/m2")),
    ("MP", "resolution", 1.0, ("megapixel", "megapixels")),
    ("lm", "luminous flux", 1.0, ("lumen", "lumens")),
    ("Nm", "torque", 1.0, ("newton-metre", "newton-metres", "newton-meter", "newton-meters")),
    ("rpm", "rate:revolution", 1.0 / 60, ("revolutions per minute",)),
    ("fps", "rate:frame", 1.0, ("frames per second",)),
    ("Pa", "pressure", 1.0, ("pascal", "pascals")),
    ("kPa", "pressure", 1e3, ("kilopascal", "kilopascals")),
    ("MPa", "pressure", 1e6, ("megapascal", "megapascals")),
    ("bar", "pressure", 1e5, ("bars",)),
    ("psi", "pressure", 6894.757293168, ()),
    ("atm", "pressure", 101325.0, ("atmosphere", "atmospheres")),
    ("bit/s", "rate:information", 0.125, ("bps", "bits per second")),
    ("kbit/s", "rate:information", 125.0, ("kbps", "Kbps", "kilobits per second")),
    ("Mbit/s", "rate:information", 1.25e5, ("Mbps", "megabits per second")),
    ("Gbit/s", "rate:information", 1.25e8, ("Gbps", "gigabits per second")),
    ("N", "force", 1.0, ("newton", "newtons")),
    ("kN", "force", 1e3, ("kilonewton", "kilonewtons")),
    ("J", "energy", 1 / 3600, ("joule", "joules")),
    ("kJ", "energy", 1000 / 3600, ("kilojoule", "kilojoules")),
    ("kcal", "energy", 1.163, ("kilocalorie", "kilocalories")),
    ("A", "current", 1.0, ("amp", "amps", "ampere", "amperes")),
    ("mA", "current", 1e-3, ("milliamp", "milliamps", "milliampere", "milliamperes")),
    ("°C", "temperature:C", 1.0, ("ºC", "℃", "degrees Celsius", "degrees C")),
    ("°F", "temperature:F", 1.0, ("ºF", "℉", "degrees Fahrenheit", "degrees F")),
    ("Ω", "resistance", 1.0, ("ohm", "ohms")),
    ("lx", "illuminance", 1.0, ("lux",)),
    ("dpi", "resolution:dot", 1.0, ("dots per inch",)),
]
# spellings whose case carries meaning, and one-letter symbols we accept only as contract units
_CASED = {
    "W", "Wh", "kWh", "mAh", "Ah", "kW", "B", "KB", "kB", "MB", "GB", "TB", "PB", "KiB", "MiB", "GiB", "TiB", "PiB",
    "m", "g", "t", "h", "s", "Hz", "kHz", "MHz", "GHz", "L", "V", "dB", "MP", "lm", "Nm",
    "Pa", "kPa", "MPa", "N", "kN", "J", "kJ", "A", "mA", "Mbps", "Gbps", "Kbps",
}
CURRENCIES = ("USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF", "INR", "CNY", "SEK", "NOK", "DKK", "BRL")

# things counted per unit of time ("10,000 requests per second" → request/s)
RATE_NOUNS = {
    "request": "request", "requests": "request", "req": "request", "rps": "request",
    "query": "query", "queries": "query", "qps": "query",
    "operation": "operation", "operations": "operation", "ops": "operation",
    "transaction": "transaction", "transactions": "transaction", "tps": "transaction",
    "write": "write", "writes": "write", "read": "read", "reads": "read",
    "message": "message", "messages": "message", "event": "event", "events": "event",
    "insert": "insert", "inserts": "insert", "token": "token", "tokens": "token",
}
ABBREV_RATES = {"rps": "request", "qps": "query", "tps": "transaction"}

UNITS: dict[str, Unit] = {}
_LOWER: dict[str, Unit] = {}
for _sym, _dim, _factor, _others in _TABLE:
    _unit = Unit(_sym, _dim, _factor)
    for _spelling in (_sym, *_others):
        UNITS[_spelling] = _unit
        if _spelling not in _CASED:
            _LOWER[_spelling.lower()] = _unit
for _code in CURRENCIES:
    UNITS[_code] = Unit(_code, f"currency:{_code}", 1.0)
    _LOWER[_code.lower()] = UNITS[_code]


def lookup(spelling: str) -> Unit | None:
    """The unit a spelling in running text stands for ("GB", "gigabytes", "km²"), or None."""
    text = " ".join(spelling.split())
    return UNITS.get(text) or _LOWER.get(text.lower())


def unit_dimension(symbol: str | None) -> str | None:
    """The dimension of a value's unit symbol ("m" → "length", "mAh" → "charge"), None for rates and unknowns."""
    unit = lookup(symbol) if symbol else None
    return unit.dimension if unit is not None else None


def rate(unit: Unit, per: Unit) -> Unit:
    """`unit` per time unit `per` ("MB" per "s" → B/s in base units)."""
    return Unit(f"{unit.symbol}/{per.symbol}", f"rate:{unit.dimension}", unit.factor / (per.factor / 1e3))


@lru_cache(maxsize=None)
def _base_symbol(dimension: str) -> str:
    for symbol, unit in UNITS.items():
        if unit.dimension == dimension and unit.factor == 1.0:
            return symbol
    return dimension.split(":")[-1]


def base_symbol(dimension: str) -> str:
    """The canonical unit a dimension's numbers are given in ("information" → "B", "rate:information" → "B/s")."""
    if dimension.startswith("rate:"):
        return _base_symbol(dimension[5:]) + "/s"
    return _base_symbol(dimension)


def resolve(unit: str) -> Unit:
    """The unit a contract names ("GB", "gigabytes", "B/s", "request/s"); ValueError naming it if unknown."""
    text = " ".join(unit.split())
    if text.lower() in ABBREV_RATES:  # "rps"
        return Unit(f"{ABBREV_RATES[text.lower()]}/s", f"rate:{ABBREV_RATES[text.lower()]}", 1.0)
    text = re.sub(r"\s+per\s+", "/", text)
    if "/" in text:
        head, _, tail = text.partition("/")
        per = lookup(tail)
        if per is None or per.dimension != "time":
            raise ValueError(f"unknown unit {unit!r}: the part after '/' or 'per' must be a time unit")
        num = lookup(head)
        if num is None:
            noun = RATE_NOUNS.get(head.lower(), head.lower().rstrip("s"))
            return Unit(f"{noun}/{per.symbol}", f"rate:{noun}", 1.0 / (per.factor / 1e3))
        return rate(num, per)
    found = lookup(text)
    if found is None:
        raise ValueError(f"unknown unit {unit!r}: use a unit such as GB, GiB, ms, day, %, km, km2, kg or USD")
    return found


def check_unit(unit: str) -> str:
    """The canonical spelling of a contract's `unit` ("gigabytes" → "GB"); ValueError naming the unit if unknown."""
    return resolve(unit).symbol
