"""Tables as pages lay them out: a side-by-side table with a column per product, a table cell under a
dimension the reader has no kind for, a label before a colon, a rate read as a quantity (issue 21, session 10).

Products and wording are this file's own; none comes from a dev or test case."""

from __future__ import annotations

from research_agent.contract import DimensionSpec, ObjectSpec
from research_agent.reading import Target, read_page

from _read_kit import read

SIDE_BY_SIDE = """Harbin Loom vs Teasel Frame: the spec sheet
We lined both looms up in the workshop for a month.
| Spec | Harbin Loom | Teasel Frame | Teasel Frame XL |
|---|---|---|---|
| Weaving width (cm) | 60 | 80 | 120 |
| Weight | 14 kg | 9.5 kg | 16 kg |
| Price | £640 | £480 | £790 |
Both ship flat-packed."""


def _read_all(text: str, objects: list[str], dims: list[str], title: str) -> dict[str, tuple[str, str]]:
    objs = [ObjectSpec(name=o) for o in objects]
    targets = [Target(f"{o.name}/{d}", o, DimensionSpec(name=d)) for o in objs for d in dims]
    return {r.cell: (r.display, r.quote) for r in read_page(objs, targets, title, text)}


def test_each_product_gets_the_value_in_its_own_column() -> None:
    got = _read_all(SIDE_BY_SIDE, ["Harbin Loom", "Teasel Frame"], ["weight", "price"], "Harbin Loom vs Teasel Frame")
    assert got["Harbin Loom/weight"][0] == "14 kg" and got["Teasel Frame/weight"][0] == "9.5 kg"
    assert got["Harbin Loom/price"][0] == "£640" and got["Teasel Frame/price"][0] == "£480"
    quote = got["Teasel Frame/weight"][1]
    assert quote.startswith("| Spec | Harbin Loom | Teasel Frame |") and quote.endswith("| Weight | 14 kg | 9.5 kg | 16 kg |"), \
        "the quote runs from the header that names the product down to the row"


def test_a_sibling_model_column_is_never_read_for_the_product() -> None:
    got = _read_all(SIDE_BY_SIDE, ["Teasel Frame XL"], ["weight"], "Looms compared")
    assert got["Teasel Frame XL/weight"][0] == "16 kg"
    only_frame = _read_all(SIDE_BY_SIDE, ["Teasel Frame"], ["weight"], "Looms compared")
    assert only_frame["Teasel Frame/weight"][0] == "9.5 kg", "the XL's column is another product's"


def test_a_unit_in_the_row_label_is_the_unit_of_its_bare_numbers() -> None:
    got = _read_all(SIDE_BY_SIDE, ["Harbin Loom", "Teasel Frame"], ["weaving width"], "Looms compared")
    assert got["Teasel Frame/weaving width"][0] == "80"
    objs = [ObjectSpec(name="Teasel Frame")]
    r = read_page(objs, [Target("Teasel Frame/weaving width", objs[0], DimensionSpec(name="weaving width"))],
                  "Looms compared", SIDE_BY_SIDE)[0]
    assert r.canonical == "0.8 m", "80 under 'Weaving width (cm)' is 80 cm"


def test_a_row_whose_label_is_another_dimension_is_not_read() -> None:
    got = _read_all(SIDE_BY_SIDE, ["Harbin Loom", "Teasel Frame"], ["warranty"], "Looms compared")
    assert got == {}


def test_a_cell_under_a_dimension_of_unknown_kind_is_read_as_written() -> None:
    text = """Cloud render farms compared
| Service | Queue priority | Render nodes |
|---|---|---|
| Pellucid Render | Tiered by plan | 400 |
| Gantry Frames | Strict arrival order | 120 |"""
    got = _read_all(text, ["Pellucid Render", "Gantry Frames"], ["queue priority"], "Cloud render farms compared")
    assert got["Gantry Frames/queue priority"][0] == "Strict arrival order"
    assert got["Pellucid Render/queue priority"][0] == "Tiered by plan"


def test_a_label_holding_the_dimensions_name_with_a_unit_or_a_qualifier_names_it() -> None:
    text = """Ferrule Bank: account at a glance
| Feature | Detail |
|---|---|
| Overdraft buffer (personal accounts) | shared across joint holders |
| Card issuance | within a week |"""
    got = _read_all(text, ["Ferrule Bank"], ["overdraft buffer"], "Ferrule Bank")
    assert got["Ferrule Bank/overdraft buffer"][0] == "shared across joint holders"
    qualified = text.replace("Overdraft buffer (personal accounts)", "Arranged overdraft buffer")
    assert _read_all(qualified, ["Ferrule Bank"], ["overdraft buffer"], "Ferrule Bank")["Ferrule Bank/overdraft buffer"][0] \
        == "shared across joint holders"
    other = text.replace("Overdraft buffer (personal accounts)", "Overdraft buffer fee for business accounts")
    assert _read_all(other, ["Ferrule Bank"], ["overdraft buffer"], "Ferrule Bank") == {}  # another thing than the dimension


def test_a_label_before_a_colon_states_a_dimension_of_unknown_kind() -> None:
    text = "Support hours: weekdays 8am to 6pm CET\nSupport channel: email and phone"
    assert read("Quarrel Desk", "support hours", text) == "weekdays 8am to 6pm CET"


def test_a_rate_is_a_quantity_in_its_unit() -> None:
    assert read("Lintel API", "rate limit",
                "Lintel API has a rate limit of 900 requests per minute per key; bursts are queued.") == "900 requests per minute"
    assert read("Moorhen Savings", "interest rate",
                "Moorhen Savings pays an interest rate of 4.2% on balances up to £10,000.") == "4.2%"


PRICE_GRID = """Object storage, side by side
Prices as each provider lists them for its standard tier.
| Provider | Storage | Requests (per million) | Minimum term |
|---|---|---|---|
| Pollack Bins | $0.007/GB-month | $3.90 | none |
| Wherry Store | $0.011/GB-month | free | 30 days |
Neither charges for deletes."""


def test_a_row_under_a_header_is_read_by_its_columns_only() -> None:
    got = _read_all(PRICE_GRID, ["Pollack Bins", "Wherry Store"], ["egress fee", "minimum term"], "Object storage compared")
    assert "Pollack Bins/egress fee" not in got and "Wherry Store/egress fee" not in got, \
        "no column is the egress fee: the row's other prices are not it"
    assert got["Wherry Store/minimum term"][0] == "30 days", "the cell under its own column"


SHEET = """Marlow Cell 7

| Specification | Value |
|---|---|
| Nominal capacity | 9.6 kWh |
| Continuous output | 3 kW |
| Surge output | 6 kW |
| Peak power | 7 kW |
"""


def test_the_one_row_with_the_dimensions_head_noun_names_it_on_the_products_own_sheet() -> None:
    assert read("Marlow Cell 7", "battery capacity", SHEET) == "9.6 kWh"


def test_a_head_noun_two_rows_share_or_another_selector_names_no_row() -> None:
    assert read("Marlow Cell 7", "rated output", SHEET) is None  # "Continuous output" or "Surge output": which?
    assert read("Marlow Cell 7", "continuous power", SHEET) is None  # the only "power" row is the peak


def test_a_spec_sheets_one_label_with_a_word_of_an_unknown_dimension_names_it() -> None:
    # "Filled" is "fill" in another form; a sheet lists each spec once
    sheet = "Quorra Ridge 0\nAt a glance\n- Shape: mummy\n- Filled with: 800-fill goose down\n- Packed size: 18 x 30 cm"
    got = _read_all(sheet, ["Quorra Ridge 0"], ["fill material"], "Quorra Ridge 0")
    assert got["Quorra Ridge 0/fill material"][0] == "800-fill goose down"
    # two labels with such a word: the sheet does not say which one is meant
    two = sheet.replace("- Shape: mummy", "- Fill weight: 620 g")
    assert _read_all(two, ["Quorra Ridge 0"], ["fill material"], "Quorra Ridge 0") == {}
    # only on the object's own page
    assert _read_all(sheet, ["Quorra Ridge 0"], ["fill material"], "Sleeping bags compared") == {}


def test_the_one_column_or_row_with_a_word_of_an_unknown_dimension_is_that_dimensions() -> None:
    by_row = """Sleeping bags compared
| Bag | Fill | Price |
|---|---|---|
| Quorra Ridge 0 | 800-fill goose down | $420 |
| Tamsin Cirrus | recycled synthetic fibre | $210 |"""
    got = _read_all(by_row, ["Quorra Ridge 0", "Tamsin Cirrus"], ["fill material"], "Sleeping bags compared")
    assert got["Tamsin Cirrus/fill material"][0] == "recycled synthetic fibre"
    two = by_row.replace("| Price |", "| Fill weight |").replace("$420", "620 g").replace("$210", "900 g")
    assert _read_all(two, ["Quorra Ridge 0", "Tamsin Cirrus"], ["fill material"], "Sleeping bags compared") == {}
    by_column = """Sleeping bags compared
|  | Quorra Ridge 0 | Tamsin Cirrus |
|---|---|---|
| Fill | 800-fill goose down | recycled synthetic fibre |
| Price | $420 | $210 |"""
    got = _read_all(by_column, ["Quorra Ridge 0", "Tamsin Cirrus"], ["fill material"], "Sleeping bags compared")
    assert got["Quorra Ridge 0/fill material"][0] == "800-fill goose down"


def test_the_label_holding_most_of_an_unknown_dimensions_words_is_that_dimensions() -> None:
    # "Strap lining" holds two of the name's words and "Strap width" one: the fuller label names the dimension
    table = """Day packs compared
| Pack | Strap width | Strap lining | Price |
|---|---|---|---|
| Orrin Pack 20 | 6 cm | open-cell mesh | $120 |
| Parrow Daypack | 5 cm | brushed polyester | $95 |"""
    got = _read_all(table, ["Orrin Pack 20", "Parrow Daypack"], ["strap lining material"], "Day packs compared")
    assert got["Parrow Daypack/strap lining material"][0] == "brushed polyester"
    # two labels holding as many of its words: the table does not say which one is meant
    tied = table.replace("Strap width", "Lining material")
    assert _read_all(tied, ["Orrin Pack 20", "Parrow Daypack"], ["strap lining material"], "Day packs compared") == {}


def test_the_one_row_whose_label_carries_a_cue_of_the_dimension_names_it() -> None:
    # a sheet labels a spec with the word that tells it apart ("Boil" for the boil time), as a column
    # header does; the row is read only when it is the sheet's one row with such a word
    sheet = "Pellam Kettle 2\n\n| Feature | Detail |\n|---|---|\n| Capacity | 1.5 L |\n| Boil | 3 minutes for a full jug |\n"
    got = _read_all(sheet, ["Pellam Kettle 2"], ["boil time"], "Pellam Kettle 2")
    assert got["Pellam Kettle 2/boil time"][0] == "3 minutes"
    two = sheet.replace("| Capacity | 1.5 L |", "| Boil-dry cut-off | 2 minutes after the jug is empty |")
    assert _read_all(two, ["Pellam Kettle 2"], ["boil time"], "Pellam Kettle 2") == {}, "two rows: which is meant?"
    assert _read_all(sheet, ["Pellam Kettle 2"], ["boil time"], "Kettles compared") == {}, "only on its own page"


ROUNDUP = """The best looms we tried this winter
| Loom | Beam | Throw | Price |
|---|---|---|---|
| Harbin Loom | 2 shafts | 1.2 m | £640 |
| Teasel Frame | 4 shafts | 95 cm | £480 |"""


def test_the_one_column_in_the_units_of_the_dimensions_head_is_that_dimensions() -> None:
    # a column holds one quantity: a reach is a length, and "Throw" is the only column of lengths
    got = _read_all(ROUNDUP, ["Harbin Loom", "Teasel Frame"], ["maximum reach"], "The best looms")
    assert got["Harbin Loom/maximum reach"][0] == "1.2 m" and got["Teasel Frame/maximum reach"][0] == "95 cm"
    # two columns of lengths name none
    two = ROUNDUP.replace("2 shafts", "2 m").replace("4 shafts", "3 m")
    assert _read_all(two, ["Harbin Loom", "Teasel Frame"], ["maximum reach"], "The best looms") == {}


KITE_SHEET = """Veslow Kite 3 specifications
| Weight | 1.4 kg |
| Max run time | 29 min (with Endurance Pack: 41 min) |
| Max standby time | 47 min |
Figures measured at room temperature."""


def test_the_row_labelled_with_the_dimensions_name_outranks_a_row_that_only_carries_its_cue() -> None:
    # the named row's note names an accessory, so read as a sentence it speaks of something else; as a label row
    # it is still the run time, and the standby row (a cue, "time", but another thing) must not take the cell
    got = _read_all(KITE_SHEET, ["Veslow Kite 3", "Parrow Vale"], ["run time"], "Veslow Kite 3 specifications")
    assert got["Veslow Kite 3/run time"][0] == "29 min"
