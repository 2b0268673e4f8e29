"""A hostile web through the real composition root: a page that redirects into a
denied network ends the run `risk_abort` with the hop named; a server that drips
its headers costs one deadline per attempt, not a hung run."""

from __future__ import annotations

from agentkit import DOCS, LICENSE_PAGES, NEWS
from research_agent.endings import EndKind
from research_agent.tools.faults import Fault
from research_agent.tools.localweb import PRIVATE_TARGET

Q = "What is the license of Quillstore?"


def test_redirect_to_a_private_address_ends_risk_abort_with_the_hop(runner):
    out = runner.run(LICENSE_PAGES, Q, faults=[Fault(url=NEWS, kind="redirect_private"), Fault(url=DOCS, kind="redirect_private")])
    assert out.end_kind == EndKind.RISK_ABORT
    assert out.exit_code == 5
    assert PRIVATE_TARGET in (out.stop_detail or "")
    event = out.state.risk[0]
    assert event.kind == "private_address" and event.url == PRIVATE_TARGET
    assert "169.254.169.254" in out.report_md


def test_a_page_dripping_its_headers_is_a_timeout_not_a_hung_run(runner):
    out = runner.run(LICENSE_PAGES, Q, faults=[Fault(url=NEWS, kind="drip_headers")], http_timeout=0.5)
    visits = [a for a in out.state.actions if a.tool == "visit" and NEWS in a.key]
    assert visits and all(a.error_type == "ToolTimeout" for a in visits)
    assert out.end_kind != EndKind.RISK_ABORT
