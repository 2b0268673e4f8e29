"""Realistic pages for the tools tests, written into a tmp ``pages/<host>/`` tree.

Three articles share a topic (heat pumps in a town's schools):

* ``ORIGINAL`` — a local newspaper's report (riverside-gazette.test);
* ``SYNDICATED`` — the same report republished by a wire site with its own
  header, navigation, sidebar, newsletter box, footer and an "Originally
  published by…" line (regional-wire.test);
* ``OTHER_SAME_TOPIC`` — a different article on the same topic, an explainer
  on how heat pumps cope with cold winters (energy-weekly.test).

Plus two unrelated pages so search has something to rank against.
"""

from __future__ import annotations

from pathlib import Path

ARTICLE_TITLE = "Harbour council votes to replace school gas boilers with heat pumps"

ARTICLE_PARAGRAPHS = [
    "Harbourside's town council voted seven to two on Tuesday night to replace the gas boilers in all "
    "five of the town's primary schools with air-source heat pumps, a project officials expect to take "
    "three summers and cost about 4.2 million pounds.",
    "The decision follows two years of rising heating bills. According to the council's own figures, "
    "the schools spent 310,000 pounds on gas in the last financial year, almost double what they paid "
    "before the energy crisis. Councillor Maria Okafor, who chairs the buildings committee, said the "
    "boilers at three of the schools were already past the end of their working life.",
    "\"We were going to have to replace them anyway,\" Okafor told the meeting. \"The question was "
    "whether we put in another generation of gas boilers that will run until the 2040s, or whether we "
    "do the harder work now.\"",
    "The plan starts with St Anne's and Quayside primary schools next summer, where surveys found the "
    "buildings already had cavity wall insulation and double glazing. The remaining three schools will "
    "need new radiators and roof insulation before the heat pumps can keep classrooms at twenty degrees "
    "on the coldest days, engineers told the committee.",
    "Two councillors voted against the plan. Councillor Derek Hollis argued that the running costs "
    "depend on electricity prices the council cannot control, and asked for a fixed-price supply "
    "contract to be agreed before work begins. Officials said a national grant will cover roughly a "
    "third of the installation cost, and that the rest will come from the council's capital budget "
    "over three years.",
    "Parents at Quayside primary have mostly welcomed the news. The head teacher, Sunita Rao, said the "
    "old boiler broke down twice last winter and the school had to send pupils home early on one "
    "occasion. Work will be scheduled during the summer holidays so that no teaching time is lost.",
]

OTHER_TITLE = "How well do heat pumps cope when winter turns bitterly cold?"

OTHER_PARAGRAPHS = [
    "Air-source heat pumps move warmth from outside air into a building, and the colder the air, the "
    "harder they have to work. That simple fact is behind most of the worries people raise when their "
    "school, office or home is about to swap a gas boiler for one.",
    "Field trials in Scandinavia, where winters are far harsher than in most of Britain, found that "
    "modern units still delivered around two and a half units of heat for every unit of electricity at "
    "minus ten degrees. Efficiency falls as the temperature drops, but it rarely falls below the point "
    "where a heat pump is cheaper to run than direct electric heating.",
    "The bigger factor is the building. Engineers size a heat pump for the coldest expected day, and a "
    "draughty hall with single glazing needs a much larger unit and bigger radiators than a well "
    "insulated classroom. Installers increasingly insist on a heat-loss survey before quoting.",
    "Noise and space matter too. The outdoor unit needs free air flow, and in dense streets planning "
    "rules limit where it can sit. Ground-source systems avoid some of these problems but cost far more "
    "to install because they need boreholes or long trenches.",
    "For schools the pattern of use helps. Buildings are empty at night and during holidays, so the "
    "system can run at lower flow temperatures for longer, which is exactly where heat pumps are most "
    "efficient.",
]


def _paragraphs(paragraphs: list[str]) -> str:
    return "\n".join(f"<p>{p}</p>" for p in paragraphs)


def original_html() -> str:
    return f"""<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8">
<title>{ARTICLE_TITLE} | Riverside Gazette</title>
<meta property="article:published_time" content="2024-03-12T18:30:00Z">
</head><body>
<header><a href="/">Riverside Gazette</a> — your town, every day</header>
<nav><ul><li><a href="/news/">News</a></li><li><a href="/sport/">Sport</a></li>
<li><a href="/whats-on/">What's on</a></li><li><a href="/contact/">Contact us</a></li></ul></nav>
<main><article>
<h1>{ARTICLE_TITLE}</h1>
<p class="byline">By Tom Hargreaves, local democracy reporter · 12 March 2024</p>
{_paragraphs(ARTICLE_PARAGRAPHS)}
</article></main>
<footer><p>© 2024 Riverside Gazette Ltd. All rights reserved.</p>
<p><a href="/privacy/">Privacy</a> · <a href="/terms/">Terms</a></p></footer>
</body></html>"""


def syndicated_html() -> str:
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Regional Wire: {ARTICLE_TITLE.upper()}</title>
<meta name="date" content="2024-03-13">
</head><body>
<div class="topbar">Regional Wire · News from across the coast · Subscribe for 1 pound a week</div>
<nav><a href="/">Home</a> | <a href="/politics/">Politics</a> | <a href="/business/">Business</a> |
<a href="/environment/">Environment</a> | <a href="/opinion/">Opinion</a> | <a href="/jobs/">Jobs</a></nav>
<div class="layout">
<article>
<h1>{ARTICLE_TITLE.upper()}</h1>
<p class="byline">Wire staff · 13 March 2024</p>
{_paragraphs(ARTICLE_PARAGRAPHS)}
<p><em>This article was originally published by the Riverside Gazette and is republished here
under a content-sharing agreement.</em></p>
</article>
<aside><h3>Most read</h3><ul>
<li><a href="/a">Ferry timetable changes announced for the spring season</a></li>
<li><a href="/b">New cycle lane opens along the seafront promenade</a></li>
<li><a href="/c">Lifeboat crew rescues two walkers cut off by the tide</a></li></ul>
<div class="newsletter">Get the morning briefing in your inbox. Enter your email address below and
press sign up. You can unsubscribe at any time.</div></aside>
</div>
<footer>Regional Wire is a trading name of Coastal Media Group. Registered office: 4 Dock Street.
Cookie settings · Accessibility · Complaints · Advertise with us</footer>
</body></html>"""


def other_html() -> str:
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{OTHER_TITLE}</title>
<meta name="date" content="2024-01-20"></head><body>
<nav><a href="/">Energy Weekly</a> <a href="/explainers/">Explainers</a></nav>
<article><h1>{OTHER_TITLE}</h1>
{_paragraphs(OTHER_PARAGRAPHS)}
</article>
<footer>Energy Weekly · independent energy journalism</footer>
</body></html>"""


BATTERY_MD = """# Community battery approved for the harbour estate

The harbour estate will get a shared battery next to the substation on Mill Lane. The battery stores
power from rooftop solar panels during the day and releases it in the evening, when demand from homes
peaks. Residents who join the scheme pay a small monthly fee and receive a credit on their bills.

The district network operator said the battery should also reduce the strain on the local cable, which
was installed in the 1960s. Two schools on the estate have asked to join the second phase.
"""

LIBRARY_TXT = """Library opening hours change in April

From the first of April the central library will open at nine in the morning on weekdays and close at
seven in the evening. Saturday hours stay the same. The reading room on the first floor will be closed
for repairs to the roof for six weeks, and the local history collection moves temporarily to the ground
floor study area.
"""


def write_corpus(root: Path) -> Path:
    """Write the pages under ``root/pages/<host>/…``; returns ``root``."""
    files = {
        "riverside-gazette.test/news/2024/heat-pumps-schools.html": original_html(),
        "regional-wire.test/environment/harbour-heat-pumps/index.html": syndicated_html(),
        "energy-weekly.test/explainers/heat-pumps-cold-weather.html": other_html(),
        "harbour-news.test/battery.md": BATTERY_MD,
        "harbour-news.test/library.txt": LIBRARY_TXT,
    }
    for rel, content in files.items():
        path = root / "pages" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    return root


ORIGINAL_URL = "https://riverside-gazette.test/news/2024/heat-pumps-schools.html"
SYNDICATED_URL = "https://regional-wire.test/environment/harbour-heat-pumps/"
OTHER_URL = "https://energy-weekly.test/explainers/heat-pumps-cold-weather.html"
BATTERY_URL = "https://harbour-news.test/battery.md"
LIBRARY_URL = "https://harbour-news.test/library.txt"
