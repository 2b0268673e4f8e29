"""What the well-formedness checks of the synthetic sets share (`test_heldout_wellformed`, `test_blind_batches_wellformed`):
the cases' gold files, and every page as the loopback web serves it and the extractor reads it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from research_agent.tools.extract import extract_page
from research_agent.tools.localweb import LocalWeb, make_client

FORUM = re.compile(r"^(forum|forums|community|discuss)\.|/(forum|forums|community|discuss|t|s|thread|threads)/", re.I)
"""A host or path of a forum: a value written only there is no independent source."""
YES_NO = frozenset({"yes", "no"})


def squash(text: str) -> str:
    return " ".join(text.casefold().split())


def gold(case_dir: Path) -> dict:
    return json.loads((case_dir / "gold.json").read_text(encoding="utf-8"))


def served_texts(root: Path) -> dict[str, str]:
    """URL → extracted text (squashed) of every file the loopback web serves for `root`, each fetched over HTTP;
    every HTML page must extract with its date."""
    out = {}
    with LocalWeb(root) as web, make_client(web) as client:
        assert web.skipped == [], f"{root}: files not served: {web.skipped}"
        for url in web.urls:
            response = client.get(url)
            assert response.status_code == 200, f"{url}: HTTP {response.status_code}"
            media_type = response.headers.get("content-type", "").split(";")[0].strip() or None
            page = extract_page(response.text, url, content_type=media_type)
            if url.endswith((".html", "/")):
                assert page.date, f"{url}: no date found in the page"
            out[url] = squash(page.text)
    return out
