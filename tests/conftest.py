"""Fixtures shared by every test.

* `_research_env` (autouse): every test gets its own `RESEARCH_HOME` (so the
  default database, index cache and traces land in a tmp folder, never in
  `~/.research`), `RESEARCH_OFFLINE_GUARD=1` (the config's `offline_guard`:
  the model and search adapters refuse non-loopback hosts) and
  `RESEARCH_TESTING=1` (kept for the CLI helpers that check it).  Provider
  credentials and URLs from the developer's shell are removed so no test can
  pick them up.
* `_loopback_only` (autouse): a socket-level guard — any connect to a host that
  is not loopback (127.0.0.0/8, ::1, localhost) is refused with
  `NonLoopbackConnect` and fails the test at teardown, whatever the code under
  test did with the error.  Production code has no test switch: the config
  setting `offline_guard` (env `RESEARCH_OFFLINE_GUARD=1`, set here) makes the
  model and search adapters refuse remote endpoints themselves.
* `mini_corpus`: a small, realistic corpus (`pages/<host>/<path>.html`) about
  three fictional job queues, Larkspur, Tidewell and Brightline, and their
  license and pricing.  Every fact is stated on two independent pages (the
  vendor's own page and a review), plus a comparison guide that covers the
  licenses once more and two distractor pages that name the products without
  the facts.  The offline policy needs well over 8 steps to confirm all six
  cells, which the kill-and-resume tests rely on.  The corpus root also holds
  `question.txt` and `expected.json` (cell → expected value).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

MINI_QUESTION = "Compare Larkspur, Tidewell and Brightline on license and pricing"

MINI_SHOWN = {
    # what reports show: the value as the source wrote it (the table compares canonical forms)
    "Larkspur/license": "Apache License 2.0",
    "Larkspur/pricing": "$25 per month",
    "Tidewell/license": "MIT License",
    "Tidewell/pricing": "$12 per month",
    "Brightline/license": "AGPL",
    "Brightline/pricing": "$40 per month",
}

MINI_EXPECTED = {
    "Larkspur/license": "Apache-2.0",
    "Larkspur/pricing": "USD 25/month",
    "Tidewell/license": "MIT",
    "Tidewell/pricing": "USD 12/month",
    "Brightline/license": "AGPL-3.0",
    "Brightline/pricing": "USD 40/month",
}

_PROVIDER_ENV = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "TAVILY_API_KEY", "BRAVE_API_KEY", "SEARXNG_URL")


@pytest.fixture(autouse=True)
def _research_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("research-home")
    monkeypatch.setenv("RESEARCH_HOME", str(home))
    monkeypatch.setenv("RESEARCH_TESTING", "1")
    monkeypatch.setenv("RESEARCH_OFFLINE_GUARD", "1")
    for var in _PROVIDER_ENV:
        monkeypatch.delenv(var, raising=False)
    return home


class NonLoopbackConnect(ConnectionRefusedError):
    """A test tried to open a connection to a host that is not loopback."""


def _is_loopback_host(host: object) -> bool:
    import ipaddress

    if not isinstance(host, str):
        return False
    if host.lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


@pytest.fixture(autouse=True)
def _loopback_only(monkeypatch: pytest.MonkeyPatch):
    """Refuse every non-loopback connect (see the module docstring); self-contained."""
    import socket

    attempts: list[str] = []
    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex
    real_create = socket.create_connection

    def allowed(sock: socket.socket | None, address: object) -> bool:
        if sock is not None and sock.family not in (socket.AF_INET, socket.AF_INET6):
            return True  # unix sockets and the like never leave the machine
        return isinstance(address, tuple) and _is_loopback_host(address[0])

    def refuse(address: object) -> NonLoopbackConnect:
        attempts.append(repr(address))
        return NonLoopbackConnect(f"tests may only connect to loopback, not {address!r}")

    def connect(self: socket.socket, address: object) -> None:
        if not allowed(self, address):
            raise refuse(address)
        return real_connect(self, address)

    def connect_ex(self: socket.socket, address: object) -> int:
        if not allowed(self, address):
            raise refuse(address)
        return real_connect_ex(self, address)

    def create_connection(address: object, *args: object, **kwargs: object) -> socket.socket:
        if not allowed(None, address):
            raise refuse(address)
        return real_create(address, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    monkeypatch.setattr(socket, "create_connection", create_connection)
    yield attempts  # a test that provokes a refusal on purpose clears this list
    if attempts:
        pytest.fail(f"the test tried to reach non-loopback hosts: {', '.join(attempts[:5])}")


def _page(site: str, title: str, date: str, author: str, paragraphs: list[str], *, nav: list[str] | None = None) -> str:
    nav_items = "".join(f'<li><a href="/{n.lower()}/">{n}</a></li>' for n in (nav or ["Docs", "Blog", "Pricing", "Contact"]))
    body = "\n".join(p if p.startswith("<h2>") else f"<p>{p}</p>" for p in paragraphs)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{title} | {site}</title>
  <meta name="date" content="{date}">
  <meta property="article:published_time" content="{date}T09:00:00Z">
  <meta name="author" content="{author}">
  <meta property="og:site_name" content="{site}">
</head>
<body>
<header class="site-header">
  <a class="logo" href="/">{site}</a>
  <nav class="main-nav"><ul>{nav_items}</ul></nav>
</header>
<main>
<article>
<h1>{title}</h1>
<p class="byline">By {author} · Published <time datetime="{date}">{date}</time></p>
{body}
</article>
</main>
<footer class="site-footer">
  <p>&copy; 2024 {site}. All rights reserved.</p>
  <ul><li><a href="/privacy/">Privacy</a></li><li><a href="/terms/">Terms</a></li></ul>
</footer>
</body>
</html>
"""


MINI_PAGES: dict[str, str] = {
    # ---- Larkspur: Apache-2.0, $25 per month
    "larkspur.example/docs/license.html": _page(
        "Larkspur", "Larkspur licensing", "2024-02-12", "The Larkspur maintainers",
        [
            "Larkspur is a durable job queue for teams that already run PostgreSQL and do not want another broker.",
            "Larkspur is licensed under the Apache License 2.0. You may use, modify and redistribute it, including in "
            "commercial products, as long as you keep the notices that come with the source.",
            "Contributions are accepted under the same terms; we do not ask contributors to sign a CLA.",
        ],
    ),
    "larkspur.example/pricing.html": _page(
        "Larkspur", "Larkspur Cloud plans", "2024-03-04", "Larkspur Cloud",
        [
            "Larkspur Cloud runs the queue and its dashboard for you, with backups and upgrades handled by our team.",
            "Larkspur Cloud pricing starts at $25 per month for the Team plan, which includes five million jobs and "
            "seven days of job history.",
            "The Business plan adds single sign-on, audit logs and a support agreement; talk to us for a quote.",
        ],
    ),
    "queuereview.example/reviews/larkspur.html": _page(
        "Queue Review", "Larkspur review: a queue that lives in your database", "2024-04-18", "Amara Osei",
        [
            "We ran Larkspur for a month behind a busy image-processing service, and it never lost a job.",
            "<h2>License and cost</h2>",
            "Larkspur is released under the Apache License 2.0, so legal review is quick. The hosted Larkspur Cloud "
            "costs $25 per month on the Team plan, which is fair for what it includes.",
            "The retry policies are flexible, though the web dashboard feels slow with more than a million queued jobs.",
        ],
        nav=["Reviews", "Guides", "Newsletter"],
    ),
    # ---- Tidewell: MIT, $12 per month
    "tidewell.example/legal/license.html": _page(
        "Tidewell", "Tidewell license", "2024-01-22", "Tidewell Labs",
        [
            "Tidewell is a lightweight task queue written in Go, with client libraries for Python, Ruby and TypeScript.",
            "Tidewell is licensed under the MIT License. The full license text ships in the LICENSE file of every "
            "release archive.",
        ],
    ),
    "tidewell.example/pricing.html": _page(
        "Tidewell", "Tidewell Hosted pricing", "2024-02-29", "Tidewell Labs",
        [
            "Tidewell Hosted gives you a managed cluster in the region closest to your workers.",
            "Tidewell Hosted pricing starts at $12 per month for the Starter tier with one worker pool and daily "
            "snapshots.",
            "Larger tiers are billed by throughput and shown in the console before you upgrade.",
        ],
    ),
    "devweekly.example/2024/tidewell-hands-on.html": _page(
        "Dev Weekly", "Hands-on with Tidewell", "2024-03-27", "Jonas Berg",
        [
            "Tidewell installs as a single binary and was processing jobs within five minutes of download.",
            "<h2>Licensing and cost</h2>",
            "Tidewell is released under the MIT License, the most permissive option in this group. Tidewell Hosted "
            "costs $12 per month on the Starter tier, a low entry point for side projects.",
            "Its scheduling features are thinner than its rivals', with no built-in support for cron-style jobs.",
        ],
        nav=["News", "Tutorials", "Podcast"],
    ),
    # ---- Brightline: AGPL-3.0, $40 per month
    "brightline.example/docs/licensing.html": _page(
        "Brightline", "Licensing Brightline", "2024-02-05", "Brightline Systems",
        [
            "Brightline is a workflow and job queue engine with exactly-once delivery for idempotent handlers.",
            "Brightline is licensed under the GNU Affero General Public License, version 3. If you modify the "
            "server and let others use it over a network, you must offer them your changes.",
        ],
    ),
    "brightline.example/pricing.html": _page(
        "Brightline", "Brightline Cloud pricing", "2024-03-11", "Brightline Systems",
        [
            "Brightline Cloud is the fastest way to run Brightline in production.",
            "Brightline Cloud pricing begins at $40 per month for a Standard workspace with three workers and "
            "thirty days of workflow history.",
        ],
    ),
    "queuereview.example/reviews/brightline.html": _page(
        "Queue Review", "Brightline review: powerful, with strings attached", "2024-04-25", "Amara Osei",
        [
            "Brightline's workflow engine is the most capable we have tested, with durable timers and sagas.",
            "<h2>License and cost</h2>",
            "Brightline is licensed under the AGPL version 3, which matters if you plan to offer a modified server "
            "to customers. Brightline Cloud costs $40 per month for the Standard workspace.",
        ],
        nav=["Reviews", "Guides", "Newsletter"],
    ),
    # ---- a comparison guide (licenses only) and distractors
    "stackguide.example/guides/job-queues-2024.html": _page(
        "Stack Guide", "Larkspur, Tidewell and Brightline: choosing a job queue", "2024-05-09", "Priya Raman",
        [
            "Job queues are easy to start with and hard to migrate away from, so the fine print matters.",
            "Larkspur is licensed under the Apache License 2.0. Tidewell is licensed under the MIT License. "
            "Brightline is licensed under the AGPL version 3.",
            "If you already run PostgreSQL, Larkspur is the least new infrastructure; if you want workflows, "
            "Brightline is ahead.",
        ],
        nav=["Guides", "Comparisons"],
    ),
    "devweekly.example/2024/queue-meetup-recap.html": _page(
        "Dev Weekly", "Queue meetup recap: retries, poison messages and pagers", "2024-05-30", "Jonas Berg",
        [
            "Speakers from three companies shared how they run Larkspur, Tidewell and Brightline in production.",
            "The common thread was observability: every team had been paged by a queue that silently stopped "
            "consuming, and every team now alerts on the age of the oldest job.",
        ],
        nav=["News", "Tutorials", "Podcast"],
    ),
    "tidewell.example/blog/release-1-8.html": _page(
        "Tidewell", "Tidewell 1.8: priorities and a new dashboard", "2024-04-02", "Tidewell Labs",
        [
            "Tidewell 1.8 adds job priorities, a rewritten dashboard and faster startup on large queues.",
            "Upgrading from 1.7 needs no migration; stop the workers, replace the binary and start them again.",
        ],
    ),
}


def write_mini_corpus(root: Path) -> Path:
    """Write `MINI_PAGES` under `root/pages/`, plus `question.txt` and
    `expected.json` (cell → value) beside them (outside `pages/`, so they are
    neither served nor indexed); return `root`."""
    for rel, html in MINI_PAGES.items():
        path = root / "pages" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8")
    (root / "question.txt").write_text(MINI_QUESTION + "\n", encoding="utf-8")
    (root / "expected.json").write_text(json.dumps(MINI_EXPECTED, indent=2) + "\n", encoding="utf-8")
    (root / "shown.json").write_text(json.dumps(MINI_SHOWN, indent=2) + "\n", encoding="utf-8")
    return root


@pytest.fixture
def mini_corpus(tmp_path: Path) -> Path:
    """A tmp corpus folder (with `pages/<host>/…`) for `MINI_QUESTION`."""
    return write_mini_corpus(tmp_path / "mini-corpus")
