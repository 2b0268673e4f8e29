"""Value recognisers on the sentences that once broke the reader (issue 11) and on real data.

Every quoted sentence is a real failure from the issue or from the shared corpora; each test
checks what a reader of the report would see: the canonical form two sources compare on, and
the display text exactly as the source wrote it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from research_agent.reading.values import (
    Value,
    measured_canonical,
    agree,
    booleans,
    countries_named,
    check_unit,
    counts,
    dates,
    durations,
    find_values,
    kinds_in,
    licenses,
    money,
    nationalities,
    nearest,
    quantities,
    versions,
    year_ranges,
)

REPO = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("RESEARCH_SHARED_DATA") or REPO.parent / "shared" / "data")


def canon(values: list[Value]) -> list[str]:
    return [v.canonical for v in values]


def shown(values: list[Value]) -> list[str]:
    return [v.display for v in values]


# ------------------------------------------------------------------ dates

@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("date of death 1 December 1737", "1737-12-01"),
        ("Added to NRHP November 26, 1973", "1973-11-26"),
        ("retrieved 2014-12-15", "2014-12-15"),
        ("born Dec. 5, 1827 in Ohio", "1827-12-05"),
        ("Corruption Watch was launched in January 2012 at the initiative of COSATU", "2012-01"),
        ("first flown in April 1958", "1958-04"),
        ("The house was constructed in 1885.", "1885"),
        ("Quill was founded in 2017", "2017"),
        ("popular in the 1940s", "1940s"),
        ("branch established on 1976/03/25", "1976-03-25"),
    ],
)
def test_dates_keep_the_precision_written(sentence: str, expected: str) -> None:
    assert canon(dates(sentence)) == [expected]


def test_decades_and_qualified_years_keep_their_qualifier() -> None:
    found = dates("The band was formed in early 2006, peaked in the mid-1990s and split in late 2010.")
    assert [(v.canonical, v.display, v.qualifier) for v in found] == [
        ("2006", "early 2006", "early"), ("1990s", "mid-1990s", "mid"), ("2010", "late 2010", "late"),
    ]
    assert canon(dates("a revival in the 1980s")) == ["1980s"]
    assert [(v.canonical, v.qualifier) for v in dates("built c. 1500")] == [("1500", "about")]


def test_life_spans_give_both_ends() -> None:
    young = dates("Robert Young (1964 – 9 September 2014) was an English guitarist.")
    assert [(v.canonical, v.qualifier) for v in young] == [("1964", "from"), ("2014-09-09", "until")]
    span = dates("Ahmed Mohammed (October 10, 1924 – December 10, 1978)")
    assert canon(span) == ["1924-10-10", "1978-12-10"]
    assert canon(year_ranges("He ruled 1998–2003.")) == ["1998/2003"]
    assert canon(year_ranges("The fraternity house was built in 1926-27.")) == ["1926/1927"]


@pytest.mark.parametrize(
    "sentence",
    ["The town has 1,234 people.", "It sold for $2014.", "The river runs 2014 km.", "Install version 2019.1 now.",
     "About 1500 people attended.", "born 31 February 1900"],
)
def test_numbers_that_are_not_years_are_not_dates(sentence: str) -> None:
    assert dates(sentence) == []


def test_numeric_bc_and_yearless_dates() -> None:
    assert canon(dates("he made his debut on the 15/8/2010 in a 4-1 victory")) == ["2010-08-15"]
    (opened,) = dates("Date opened : 1.8.1866")  # day and month could be either way round
    assert (opened.canonical, opened.qualifier) == ("1866", "day and month ambiguous")
    assert canon(dates("Gaius Marius was born in 157 BC; the abbey was founded AD 865.")) == ["157 BC", "865"]
    assert canon(dates("Her feast day is 16 January; his is October 30.")) == ["--01-16", "--10-30"]
    assert dates("They may 5 times refuse.") == []


def test_hyphenated_year_ranges_but_not_phone_numbers() -> None:
    assert canon(dates("Tuscany and Its Universities 1537-1609")) == ["1537", "1609"]
    assert dates("call 555-1234 today") == []
    assert canon(dates("in mid-2006")) == ["2006"]
    assert canon(dates("it will not host basketball at the 2028 Games")) == ["2028"]


def test_agree_allows_more_precision_but_not_another_value() -> None:
    year, month, day = dates("in 1858"), dates("in January 1858"), dates("occupied on 27 January 1858")
    assert agree(year[0], day[0]) and agree(month[0], day[0]) and agree(day[0], year[0])
    assert not agree(dates("in February 1858")[0], day[0])
    assert not agree(dates("in 1859")[0], day[0])
    assert agree(dates("in the 1880s")[0], dates("in 1885")[0])
    assert agree(licenses("the GPL licence")[0], licenses("GPLv3")[0])
    assert not agree(licenses("the GPL licence")[0], licenses("LGPL-2.1")[0])
    assert not agree(year[0], counts("1858 people")[0])


def test_display_is_the_exact_substring() -> None:
    sentence = "Added to NRHP November 26, 1973, it was constructed in 1885."
    for v in dates(sentence):
        assert sentence[v.start:v.end] == v.display


# ------------------------------------------------------------------ quantities

def test_sizes_agree_whatever_the_spelling() -> None:
    found = quantities("20 GB, 20,000 MB and 20 gigabytes")
    assert len(set(canon(found))) == 1 and len(found) == 3
    assert shown(found) == ["20 GB", "20,000 MB", "20 gigabytes"]


def test_binary_and_decimal_prefixes_differ() -> None:
    (tib,) = quantities("The maximum database size supported by Kestrel is 256 TiB, limited by its 48-bit page numbers")
    assert (tib.display, tib.number, tib.unit) == ("256 TiB", 256 * 2**40, "B")
    assert canon(quantities("1 TB")) != canon(quantities("1 TiB"))


def test_per_noun_is_a_qualifier_not_part_of_the_value() -> None:
    (wren,) = quantities("How large can a Wren database get? The maximum database size for Wren is 2 TiB per file")
    assert (wren.display, wren.qualifier) == ("2 TiB", "per file")
    assert wren.canonical == quantities("2 TiB")[0].canonical


def test_a_contract_unit_converts_and_filters() -> None:
    found = quantities("It comes with 50 GB of shared storage and answers in 12 ms.", "GB")
    assert [(v.display, v.number, v.unit) for v in found] == [("50 GB", 50.0, "GB")]
    (ms,) = find_values("answers in 1.5 seconds", "quantity", unit="ms")
    assert (ms.number, ms.unit, ms.display) == (1500.0, "ms", "1.5 seconds")
    (tib,) = find_values("up to 2048 GiB", "quantity", unit="TiB")
    assert (tib.number, tib.qualifier) == (2.0, "up to")
    (minutes,) = find_values("a restore took 90 seconds", "quantity", unit="minutes")
    assert (minutes.number, minutes.unit) == (1.5, "min")


def test_the_contract_kind_number() -> None:
    s = "Pro costs $12 per user per month, stores 50 GB and has 1,400 staff."
    assert shown(find_values(s, "number")) == ["$12 per user per month", "50 GB", "1,400"]
    assert shown(find_values(s, "number", unit="GB")) == ["50 GB"]
    assert shown(find_values(s, "number", unit="USD")) == ["$12 per user per month"]


def test_times_percentages_lengths_areas_rates() -> None:
    assert canon(quantities("p99 latency is 12 ms")) == ["12 ms"]
    assert canon(quantities("a 10-second timeout, 5 s later, in the 1990s, 5m rows")) == ["10000 ms", "5000 ms"]
    assert canon(quantities("grew 25% and then 30 percent")) == ["25 %", "30 %"]
    assert shown(quantities("a 6.8 inches screen over 1,200 km2")) == ["6.8 inches", "1,200 km2"]
    (rate,) = quantities("It serves 10,000 requests per second.")
    assert (rate.canonical, rate.display) == ("10000 request/s", "10,000 requests per second")


def test_a_symbol_that_abbreviates_no_number_word_names_its_unit_written_against_the_number() -> None:
    # grams, watts, volts, litres and hours have one-letter symbols that mean nothing else after a number
    assert shown(quantities("a 265g shoe, a 65W charger, a 12V pump, a 2L jug, 48h of standby")) \
        == ["265g", "65W", "12V", "2L", "48h"]
    # "m" may be a million, "s" a plural: only a space makes them units
    assert quantities("5m downloads in the 2010s") == []


def test_units_as_people_abbreviate_and_spell_them() -> None:
    # plural abbreviations, spelled-out imperial units, area and volume as shops write them
    assert canon(quantities("a throw of 700 yds, a 3.1 pounds frame")) == ["640.08 m", "1.406136347 kg"]
    assert canon(quantities("6.2 sq ft of shelf, a 1.5 l jug, 4 gallons, 8 cu ft")) \
        == ["0.575998848 m2", "1.5 L", "15.141647136 L", "226.534772736 L"]
    # a cup is a measure of its own (a US, a metric and a rice cup differ): never converted
    assert shown(quantities("an 8-cup cooker")) == ["8-cup"] and canon(quantities("8 cups")) == ["8 cup"]
    # "k" against the digits is a thousand; a unit's prefix never is
    assert canon(quantities("72k RPM, 3.6k lumens, 5 km, 95 kW")) \
        == ["1200 revolution/s", "3600 lm", "5000 m", "95000 W"]
    # the inch's "in" where its phrase ends, never the preposition
    assert shown(quantities("Width: 27.5 in (70 cm)")) == ["27.5 in", "70 cm"]
    assert quantities("It packs 5 in the box.") == []


def test_a_minus_sign_against_the_digits_makes_a_quantity_negative() -> None:
    assert canon(quantities("It cools down to -24 °C (−11 °F).")) == ["-24 °C", "-11 °F"]
    # a dash between figures is a range, between words a compound
    assert canon(quantities("between 10-20 °C")) == ["10 °C", "20 °C"]


def test_a_range_gives_both_ends_in_the_unit_written_once() -> None:
    found = quantities("the South receives 14 to 18 in (36 to 46 cm) per season")
    assert [(v.display, v.canonical, v.qualifier) for v in found] == [("14", "0.3556 m", "from"),
                                                                      ("18 in", "0.4572 m", "until"),
                                                                      ("36", "0.36 m", "from"),
                                                                      ("46 cm", "0.46 m", "until")]
    assert canon(quantities("2–4 GB of RAM")) == ["2000000000 B", "4000000000 B"]
    assert counts("36 to 46 cm") == []


def test_a_bare_number_is_no_quantity() -> None:
    assert quantities("It has 9,523 residents and 48 members.") == []


def test_check_unit() -> None:
    assert check_unit("GB") == "GB"
    assert check_unit("gigabytes") == "GB"
    assert check_unit("minutes") == "min"
    assert check_unit("EUR") == "EUR"
    assert check_unit("requests per second") == check_unit("req/s") == check_unit("rps") == "request/s"
    assert check_unit("MB/s") == "MB/s"
    (rate,) = find_values("It serves 10,000 requests per second.", "quantity", unit="requests per minute")
    assert (rate.number, rate.unit) == (600000.0, "request/min")
    with pytest.raises(ValueError, match="furlongs"):
        check_unit("furlongs")


# ------------------------------------------------------------------ money

def test_prices_keep_currency_and_per_unit() -> None:
    (pro,) = money("Pro costs $12 per user per month.")
    assert (pro.canonical, pro.display, pro.qualifier) == ("USD 12/user/month", "$12 per user per month",
                                                          "per user per month")
    assert canon(money("€9/month")) == ["EUR 9/month"]
    assert canon(money("It costs 12 USD.")) == ["USD 12"]
    assert canon(money("raised US$1.5 million")) == ["USD 1500000"]
    (debt,) = money("debt of about $1.18 trillion")
    assert (debt.canonical, debt.qualifier) == ("USD 1180000000000", "about")
    assert money("up to €9/month")[0].qualifier == "up to, per month"
    assert canon(money("$12/user/month")) == canon(money("$12 per month per user"))
    assert canon(money("damage reached as high as $4 million (1957 USD).")) == ["USD 4000000"]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Team is £7 per editor, per month.", "GBP 7/user/month"),  # a second rate after a comma
        ("Lessons run $40 per head per week.", "USD 40/user/week"),
        ("The flat lets for £1,150 pcm.", "GBP 1150/month"),
        ("Hosting is $30/mth.", "USD 30/month"),
        ("A locker costs €3 daily.", "EUR 3/day"),
        ("Basic is $18 monthly per seat.", "USD 18/user/month"),  # the adverb first, then the count
        ("Transcription is billed at $0.60 per 1,000 words.", "USD 0.6/1000 word"),
        ("Cold storage is $0.004 per GB-month.", "USD 0.004/GB/month"),
        ("Night rates are €0.19 per kWh.", "EUR 0.19/kwh"),
    ],
)
def test_a_price_keeps_every_rate_it_is_written_with(sentence: str, expected: str) -> None:
    assert canon(money(sentence)) == [expected]


def test_a_billing_period_is_the_period_only_when_none_is_written() -> None:
    assert canon(money("Studio is $240, billed annually.")) == ["USD 240/year"]
    assert canon(money("Studio is $20/seat/month, billed annually.")) == ["USD 20/user/month"]


def test_per_before_a_source_or_a_function_word_is_no_rate() -> None:
    assert canon(money("The fine was $900, per Reuters.")) == ["USD 900"]
    assert canon(money("It costs $45, per the price list.")) == ["USD 45"]
    assert canon(money("Fees rose $3 per cent.")) == ["USD 3"]


def test_free_is_zero_but_a_free_trial_is_no_price() -> None:
    assert canon(money("The community edition is free.")) == ["0"]
    assert canon(money("$0")) == ["0"]
    assert money("It starts with a 30-day free trial.") == []
    assert find_values("€20 or $25 a month", "money", unit="EUR")[0].canonical == "EUR 20"


# ------------------------------------------------------------------ durations and counts

@pytest.mark.parametrize(
    ("sentence", "expected", "display"),
    [
        ("It starts with a 30-day free trial.", "30 day", "30-day"),
        ("Delivery takes two weeks.", "14 day", "two weeks"),
        ("Daily backups are kept for seven days.", "7 day", "seven days"),
        ("Logs are kept 90 days.", "90 day", "90 days"),
        ("Sign up for a 14-day trial.", "14 day", "14-day"),
        ("The warranty lasts one year.", "365 day", "one year"),
    ],
)
def test_durations_in_days(sentence: str, expected: str, display: str) -> None:
    assert [(v.canonical, v.display) for v in durations(sentence)] == [(expected, display)]


def test_durations_in_a_contract_unit_and_not_once_a_day() -> None:
    (v,) = find_values("Delivery takes two weeks.", "duration", unit="week")
    assert (v.number, v.unit) == (2.0, "week")
    assert durations("Backups run once a day.") == []


def test_counts() -> None:
    (okapi,) = counts("Okapi employs about 85 people.")
    assert (okapi.canonical, okapi.display, okapi.qualifier) == ("85", "85", "about")
    assert canon(counts("The population was 9,523 at the 2010 census, up from 3,171 people.")) == ["9523", "3171"]
    assert canon(counts("about 1.2 million visitors")) == ["1200000"]
    assert canon(counts("The firm employs 1,400 staff.")) == ["1400"]
    assert canon(counts("The committee has seven members.")) == ["7"]
    assert canon(counts("two hundred soldiers and one thousand horses")) == ["200", "1000"]
    assert canon(counts("an estimated total population of 25,038 of whom 13,665 are men")) == ["25038", "13665"]


def test_digits_grouped_by_spaces_are_one_number() -> None:
    # SI and ISO style group thousands with a space (or a no-break or thin space)
    assert canon(counts("The district had 1 204 331 residents in 2011.")) == ["1204331"]
    assert canon(counts("a fleet of 12\u202f400 vans")) == ["12400"]
    (lake,) = find_values("The reservoir covers 4 350 square kilometres.", "quantity")
    assert (lake.canonical, lake.display) == ("4350000000 m2", "4 350 square kilometres")
    # a year and a number after it are two numbers, and so are a short number and a unit-bearing one
    assert canon(counts("In 1998 200 people came.")) == ["200"]
    assert canon(counts("She ran 5 100m races.")) == ["5"]


def test_years_dates_and_parts_of_names_are_no_counts() -> None:
    assert counts("In 1885, on November 26, 1973, with 48-bit pages, version 2.4.1, one of the 21st") == []
    assert counts("licensed under Apache 2.0, a 6'11\" center, a rate of 240.7") == []
    assert canon(counts("2011年の人口は9,523人だった")) == ["9523"]


# ------------------------------------------------------------------ licences

@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Brindle is released under the MIT License.", ["MIT"]),
        ("Licensed under the Apache License, Version 2.0.", ["Apache-2.0"]),
        ("licensed under ASL 2", ["Apache-2.0"]),
        ("GPL-2.0-only or GPLv3+", ["GPL-2.0", "GPL-3.0"]),
        ("under the GNU Lesser General Public License version 2.1", ["LGPL-2.1"]),
        ("Ferrodb moved to the AGPL", ["AGPL-3.0"]),
        ("BSD-3-Clause and the 2-clause BSD license", ["BSD-3-Clause", "BSD-2-Clause"]),
        ("MPL-2.0, SSPL, BUSL-1.1, Elastic License 2.0", ["MPL-2.0", "SSPL-1.0", "BUSL-1.1", "Elastic-2.0"]),
        ("released into the public domain under the Unlicense", ["public-domain", "Unlicense"]),
        ("ISC license, EPL-2.0", ["ISC", "EPL-2.0"]),
        ("Text is available under CC BY-SA 4.0", ["CC-BY-SA-4.0"]),
        ("Okapi Boards is proprietary software", ["proprietary"]),
        ("It is closed-source.", ["proprietary"]),
        ("Nimbus KV is source-available.", ["source-available"]),
    ],
)
def test_licences_as_spdx_ids(sentence: str, expected: list[str]) -> None:
    assert canon(licenses(sentence)) == expected


def test_or_later_is_a_qualifier() -> None:
    (gpl,) = licenses("GPLv3+")
    assert (gpl.canonical, gpl.qualifier, gpl.display) == ("GPL-3.0", "or-later", "GPLv3+")


def test_open_source_alone_is_a_class_not_an_id() -> None:
    (v,) = licenses("Brindle is open source.")
    assert (v.canonical, v.qualifier) == ("open-source", "class")
    assert canon(licenses("It is open source under the MIT license.")) == ["MIT"]


@pytest.mark.parametrize(
    "sentence",
    [
        "MITRE publishes the CVE list under a licence of its own.",
        "He studied at the Massachusetts Institute of Technology (MIT) under a licence from the state.",
        "The MIT Press published it.",
        "FreeBSD is an operating system.",
        "a stake in the Apache Point Observatory, licensed by the state",
        "Apache helicopters were licensed for export.",
    ],
)
def test_mit_the_institute_is_no_licence(sentence: str) -> None:
    assert licenses(sentence) == []


# ------------------------------------------------------------------ versions, booleans, nationalities

def test_versions() -> None:
    assert canon(versions("Upgrade to v2.4.1, version 3.0 or release 7.2")) == ["2.4.1", "3", "7.2"]
    assert shown(versions("See ver. 2.0 for details.")) == ["ver. 2.0"]
    assert versions("Python 3.11 answers in 1.5 seconds") == []
    assert versions("56 Vestas V90-3MW wind turbines; see Section 1.4.5") == []


def test_booleans_negation_wins() -> None:
    assert canon(booleans("Nimbus does not support transactions.")) == ["no"]
    assert canon(booleans("Quillstore supports transactions.")) == ["yes"]
    assert booleans("Quillstore is a database.") == []


def test_nationalities() -> None:
    (director,) = nationalities("Ed Wood was an English-American film director")
    assert (director.canonical, director.display, director.qualifier) == (
        "United States", "English-American", "origin England")
    assert canon(nationalities("He was an American writer.")) == [director.canonical]
    assert canon(nationalities("a British actor")) == ["United Kingdom"]
    assert canon(nationalities("a band from Canada")) == ["Canada"]
    (einstein,) = nationalities("a German-born American physicist")
    assert (einstein.canonical, einstein.qualifier) == ("United States", "born in Germany")
    assert nationalities("He speaks the English language and visited Canada.") == []
    assert nationalities("a French-language version of the film (Polish: Niezależna)") == []


# ------------------------------------------------------------------ choosing and dispatch

def test_nearest_takes_the_value_the_cue_governs() -> None:
    nrhp = "Added to NRHP November 26, 1973, the house was constructed in 1885."
    i = nrhp.index("constructed")
    assert nearest(dates(nrhp), (i, i + len("constructed")), nrhp).canonical == "1885"
    death = "retrieved 15 December 2014 date of death 1 December 1737"
    i = death.index("death")
    assert nearest(dates(death), (i, i + 5), death).canonical == "1737-12-01"
    born = "He died in 1950; he was born there in 1890"
    i = born.index("died")
    assert nearest(dates(born), (i, i + 4), born).canonical == "1950"
    i = born.index("there")  # no value after in this clause except 1890: it still wins
    assert nearest(dates(born), (i, i + 5), born).canonical == "1890"
    assert nearest([], (0, 1)) is None


def test_nearest_reads_through_colons_and_parentheses() -> None:
    box = "Princess Elisabeth ( 1860–1881 ) House of Thurn and Taxis Born : 28 May 1860 Died : 7 February 1881"
    i = box.index("Born")
    assert nearest(dates(box), (i, i + 4), box).canonical == "1860-05-28"
    porush = "Porush ( 1850–1898 ) was a founder. He was born in Babruysk ( now Belarus ) in 1850 to his father"
    i = porush.index("born")
    assert nearest(dates(porush), (i, i + 4), porush).canonical == "1850"


def test_nearest_takes_the_range_end_the_cue_asks_for() -> None:
    s = "George Grimes ( 17 December 1835 – 28 January 1910 ) was a member. Grimes was born in Ashby"
    i = s.index("born")
    assert nearest(dates(s), (i, i + 4), s).canonical == "1910-01-28"
    assert nearest(dates(s), (i, i + 4), s, range_end="from").canonical == "1835-12-17"


def test_a_yearless_range_start_takes_the_year_of_its_end() -> None:
    s = "an international multi-sport event that was held from July 30 to August 14, 1932, in Los Angeles"
    assert canon(dates(s)) == ["1932-07-30", "1932-08-14"]
    assert canon(dates("Released : May 28 , 2010 Labels : Epic")) == ["2010-05-28"]
    assert agree(dates("born 16 January")[0], dates("on 16 January 1900")[0])


def test_nearest_prefers_a_value_before_over_one_in_the_next_clause() -> None:
    s = "The company, founded 1998 (listed on NASDAQ in 2004)"
    i = s.index("founded")
    assert nearest(dates(s), (i, i + 7), s).canonical == "1998"
    s = "In 1998 it was founded; it went public in 2004"
    i = s.index("founded")
    assert nearest(dates(s), (i, i + 7), s).canonical == "1998"


def test_find_values_and_kinds_in() -> None:
    s = "Okapi Boards is proprietary software founded in 2017 that costs $12 per user per month."
    assert kinds_in(s) >= {"license", "date", "money"}
    assert "count" not in kinds_in(s)
    assert canon(find_values(s, "license")) == ["proprietary"]
    with pytest.raises(ValueError, match="colour"):
        find_values(s, "colour")
    with pytest.raises(ValueError, match="furlongs"):
        find_values(s, "quantity", unit="furlongs")


def test_kinds_in_on_the_sentences_the_issue_quotes() -> None:
    assert kinds_in("Quill was founded in 2017") == {"date"}
    assert kinds_in("Okapi employs about 85 people") == {"count"}
    assert kinds_in("Daily backups are kept for seven days") == {"duration", "quantity"}
    assert kinds_in("an English-American film director") == {"nationality"}
    assert kinds_in("Okapi Boards is proprietary software") == {"license"}


def test_importing_the_recognisers_loads_no_heavy_library() -> None:
    code = "import sys, research_agent.reading.values; print(sorted({'dateparser','pint','quantulum3'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert out.stdout.strip() == "[]"


# ------------------------------------------------------------------ real data

def _bench():
    name = "bench_values"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "bench" / "values.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture()
def shared_data() -> Path:
    if not (DATA / "ramdocs" / "RAMDocs_test.jsonl").is_file() or not (DATA / "multihop").is_dir():
        pytest.skip(f"shared data not found at {DATA} (set RESEARCH_SHARED_DATA to run the real-data tests)")
    return DATA


def test_gold_dates_and_populations_are_found_in_their_correct_ramdocs_documents(shared_data: Path) -> None:
    tallies = _bench().ramdocs_hits(shared_data)
    dates_found, populations = tallies["date"], tallies["count"]
    assert dates_found.total > 400 and populations.total > 150
    assert dates_found.found / dates_found.total >= 0.9, dates_found.misses[:5]
    assert populations.found / populations.total >= 0.85, populations.misses[:5]


def test_musique_value_answers_are_found_in_their_supporting_paragraphs(shared_data: Path) -> None:
    tally = _bench().musique_hits(shared_data)
    assert tally.total >= 20
    assert tally.agreeing / tally.total >= 0.9, tally.misses


def test_nearest_beats_the_first_date_on_real_sentences(shared_data: Path) -> None:
    choice = _bench().chooser_hits(shared_data)
    assert choice.total >= 50
    assert choice.nearest > choice.first
    assert choice.nearest / choice.total >= 0.85


def test_real_sentences_keep_displays_exact_and_years_out_of_counts(shared_data: Path) -> None:
    sentences = _bench().corpus_sentences(shared_data)[::4]
    for s in sentences:
        year_spans = {(v.start, v.end) for v in dates(s)}
        for kind in ("date", "quantity", "money", "duration", "count", "license", "version", "nationality"):
            for v in find_values(s, kind):
                assert s[v.start:v.end] == v.display, (kind, s)
                if kind == "count":
                    assert (v.start, v.end) not in year_spans, s


def test_a_century_is_a_date_at_the_precision_of_its_hundred_years() -> None:
    (late,) = find_values("The chapel was rebuilt in the late 18th century.", "date")
    assert (late.canonical, late.display, late.qualifier) == ("C18", "late 18th century", "late")
    (year,) = find_values("rebuilt in 1785", "date")
    (decade,) = find_values("rebuilt in the 1780s", "date")
    (later,) = find_values("rebuilt in 1885", "date")
    assert agree(late, year) and agree(late, decade) and not agree(late, later)


def test_a_country_named_as_a_place_is_a_places_country_not_a_persons_nationality() -> None:
    assert [v.canonical for v in countries_named("Lake Orma is a lake in Oregon, United States.")] == ["United States"]
    assert find_values("Ines Gale moved to Canada.", "nationality") == []


@pytest.mark.parametrize("sentence, expected", [
    ("a 144 Hz panel", "144 Hz"), ("a 2.4 GHz radio", "2400000000 Hz"), ("tops out at 20 mph", "8.9408 m/s"),
    ("a 1.7-litre jug", "1.7 L"), ("250 ml of water", "0.25 L"), ("runs on 36 V", "36 V"), ("at just 58 dB", "58 dB"),
    ("500 nits of brightness", "500 nit"), ("a 24.2-megapixel sensor", "24.2 MP"), ("throws 1,000 lumens", "1000 lm"),
])
def test_everyday_units_of_product_specs_are_quantities(sentence: str, expected: str) -> None:
    assert [v.canonical for v in find_values(sentence, "quantity")] == [expected]


@pytest.mark.parametrize("sentence, expected", [
    ("pulls 7,500 Pa of suction", "7500 Pa"), ("inflate to 2.2 bar", "220000 Pa"), ("a 600 Mbps link", "75000000 B/s"),
    ("up to 2.5 Gbit/s", "312500000 B/s"), ("a 3 A charger", "3 A"), ("clamps with 90 N of force", "90 N"),
    ("accurate to 0.3 °C", "0.3 °C"), ("a 16 Ω driver", "16 Ω"), ("a 3,200 dpi sensor", "3200 dpi"),
])
def test_units_of_pressure_data_rate_current_force_and_temperature_are_quantities(sentence: str, expected: str) -> None:
    # a spec sheet's other SI units: without them a value is no quantity at all and its row is never read
    assert [v.canonical for v in find_values(sentence, "quantity")] == [expected]


@pytest.mark.parametrize("sentence, expected", [
    ("a flight time of 27 min", "27 min"), ("lasts 9 hrs on a charge", "9 hrs"), ("up to 16 h of playback", "16 h"),
    ("renders in 45 sec", "45 sec"), ("ships in 3 wks", "3 wks"),
])
def test_a_units_abbreviation_after_a_number_is_a_duration(sentence: str, expected: str) -> None:
    assert [v.display for v in find_values(sentence, "duration")] == [expected]


def test_an_abbreviated_unit_needs_a_number_written_in_digits() -> None:
    assert find_values("ten min later, and a h or two", "duration") == []


def test_a_unit_letter_needs_its_number() -> None:
    assert find_values("Model V and the L series", "quantity") == []


def test_a_country_is_named_as_the_whole_a_part_belongs_to_or_by_its_possessive() -> None:
    from research_agent.reading.values import countries_named

    assert [c.display for c in countries_named("Skarvik is a town on the west coast of Norway.")] == ["Norway"]
    assert [c.display for c in countries_named("Calheta is the seat of Portugal's smallest district.")] == ["Portugal"]
    assert countries_named("Norway is a country.") == []  # a country as the subject locates nothing


@pytest.mark.parametrize("sentence, display, equal_to", [
    ("A full charge takes 2 hours 40 minutes.", "2 hours 40 minutes", "2.6666666666666667 hours"),
    ("Brews a pot in 4 min 30 s.", "4 min 30 s", "4.5 minutes"),
    ("It needs 1 h and 20 min to fill.", "1 h and 20 min", "80 minutes"),
])
def test_a_span_written_in_several_units_is_one_duration(sentence: str, display: str, equal_to: str) -> None:
    (v,) = durations(sentence)
    assert v.display == display
    assert v.canonical == durations(equal_to)[0].canonical


def test_durations_in_separate_clauses_stay_apart() -> None:
    assert [v.display for v in durations("It runs 9 hours, 40 minutes of them on eco.")] == ["9 hours", "40 minutes"]
    assert [v.display for v in durations("2 hours 90 minutes")] == ["2 hours", "90 minutes"]


@pytest.mark.parametrize("sentence, display, canonical", [
    ("The cargo bed is 120 x 65 cm.", "120 x 65 cm", "1.2×0.65 m"),
    ("Packed, it measures 30 × 22 × 9 in.", "30 × 22 × 9 in", "0.762×0.5588×0.2286 m"),
    ("a 90 cm by 2 m rug", "90 cm by 2 m", "0.9×2 m"),
])
def test_lengths_crossed_are_one_size(sentence: str, display: str, canonical: str) -> None:
    # a size is the extent in every direction at once: no one of its lengths is the size
    (size,) = find_values(sentence, "quantity")
    assert (size.display, size.canonical, size.number) == (display, canonical, None)


def test_a_factor_or_lengths_without_a_unit_are_no_size() -> None:
    assert find_values("It charges 3 x faster on a 10 × 20 grid.", "quantity") == []


@pytest.mark.parametrize("phrase, canonical", [
    ("2.4 watts in standby", "2.4 W"), ("±0.5 °C", "0.5 °C"), ("$12 a month", "USD 12/month"), ("two years", "730 day"),
])
def test_a_free_text_answer_that_opens_with_a_measured_value_compares_as_that_value(phrase: str, canonical: str) -> None:
    # "2.4 watts in standby" under a label and "draws 2.4 W" in a review state the same value
    assert measured_canonical(phrase) == canonical


def test_a_free_text_answer_without_a_measured_value_has_no_measured_form() -> None:
    assert measured_canonical("Wi-Fi 6E, backward compatible") is None
    assert measured_canonical("about 6 mm") is None  # a hedge before the value: the phrase is not the value alone
