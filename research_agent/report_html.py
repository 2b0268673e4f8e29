"""The HTML report: one self-contained file (inline CSS, no script, no network asset).

`render_html(facts, timeline)` reads the same typed facts as the Markdown report
(`report_facts.ReportFacts`, or the report JSON stored by any version) and the step timeline (`research trace --json`'s
shape).  Sections: the object × dimension grid coloured by status, each
cell's evidence with its quotes and sources, open questions, the step
timeline with each stop check's verdict, how to resume, and the sources.
Every value from a page is escaped: fetched content is data, never markup.
Each grid cell carries `data-cell="object/dimension"` and
`data-status="…"`, so a test (or a script) can find it in the DOM.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from .tools.canonical import display_url
from .report_facts import AnswerRow, Candidate, ReportFacts, SourceRef, source_kind

__all__ = ["render_html"]

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;max-width:1100px;color:#1d232a;line-height:1.45;padding:0 1rem}
h1{font-size:1.5rem;margin-bottom:.3rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #d8dee4;padding-bottom:.2rem}
.meta{color:#57606a;margin:.1rem 0}.badge{display:inline-block;padding:.1rem .5rem;border-radius:.6rem;font-weight:600;color:#fff}
.Complete{background:#1a7f37}.Partial{background:#9a6700}.Aborted{background:#cf222e}.Failed{background:#6e7781}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #d8dee4;padding:.4rem .55rem;vertical-align:top;text-align:left}
th{background:#f6f8fa}td.cell{min-width:9rem}.status{font-size:.8rem;text-transform:uppercase;letter-spacing:.03em;font-weight:700}
.confirmed{background:#dafbe1}.partial{background:#fff8c5}.pending{background:#f6f8fa;color:#57606a}
.unavailable{background:#ffebe9}.irrelevant{background:#eaeef2;color:#6e7781;text-decoration:line-through}
.value{font-size:1.05rem;font-weight:600}.refs{color:#57606a;font-size:.85rem}
blockquote{margin:.3rem 0 .3rem 0;padding:.2rem .7rem;border-left:3px solid #8c959f;color:#24292f;background:#f6f8fa}
.src{font-size:.85rem;color:#57606a}code,pre{background:#f6f8fa;padding:.1rem .3rem;border-radius:.3rem}pre{padding:.6rem;white-space:pre-wrap}
.timeline td{font-size:.85rem}.stop{font-weight:700;color:#cf222e}.ok{color:#1a7f37}.no{color:#6e7781}
"""


def _e(value: Any) -> str:
    return escape("" if value is None else str(value), quote=True)


def _axes(facts: ReportFacts) -> tuple[list[str], list[str]]:
    objects = list(dict.fromkeys(a.object for a in facts.answer))
    dimensions = list(dict.fromkeys(a.dimension for a in facts.answer))
    return objects, dimensions


def _cell_text(a: AnswerRow) -> str:
    if a.status == "confirmed":
        return a.conclusion or ""
    if a.status == "irrelevant":
        return "ruled out: " + (a.irrelevant_reason or "a hard constraint")
    if a.status == "unavailable":
        return "not publicly available"
    return "open"


def _grid(facts: ReportFacts) -> str:
    objects, dimensions = _axes(facts)
    by = {(a.object, a.dimension): a for a in facts.answer}
    head = "".join(f"<th>{_e(d)}</th>" for d in dimensions)
    rows = []
    for o in objects:
        tds = []
        for d in dimensions:
            a = by.get((o, d))
            if a is None:
                tds.append("<td>—</td>")
                continue
            refs = " ".join(f"[{_e(s)}]" for s in a.source_ids)
            conflict = " · conflict" if a.conflict else ""
            tds.append(
                f'<td class="cell {_e(a.status)}" data-cell="{_e(a.cell)}" data-status="{_e(a.status)}">'
                f'<div class="status">{_e(a.status)}{conflict}</div><div class="value">{_e(_cell_text(a))}</div>'
                f'<div class="refs">{refs}</div></td>'
            )
        rows.append(f"<tr><th>{_e(o)}</th>{''.join(tds)}</tr>")
    return f'<table class="grid"><tr><th></th>{head}</tr>{"".join(rows)}</table>'


def _source_line(ref: SourceRef | Candidate) -> str:
    url = ref.url
    link = f'<a href="{_e(url)}">{_e(display_url(url))}</a>' if url else "no url"
    meta = ", ".join(x for x in (source_kind(ref.source_type, ref.why_primary), ref.date_label) if x)
    quote = f"<blockquote>{_e(ref.quote)}</blockquote>" if ref.quote else ""
    return f'<li><span class="src">[{_e(ref.id)}] {_e(ref.title or "untitled")} — {link}' \
           f'{" (" + _e(meta) + ")" if meta else ""}</span>{quote}</li>'


def _evidence(facts: ReportFacts) -> str:
    if not facts.verified_claims:
        return "<p>No claim is verified yet.</p>"
    parts = []
    for c in facts.verified_claims:
        n = c.independent_sources
        parts.append(
            f'<div class="claim" data-claim="{_e(c.cell)}"><h3>{_e(c.object)} / {_e(c.dimension)}: '
            f'{_e(c.value)} <span class="refs">— {n} independent source{"s" if n != 1 else ""}</span></h3>'
            f'<ul>{"".join(_source_line(r) for r in c.sources)}</ul></div>'
        )
    return "".join(parts)


def _questions(facts: ReportFacts) -> str:
    if not facts.open_questions:
        return "<p>None: every cell is confirmed or ruled out.</p>"
    items = []
    for q in facts.open_questions:
        bits = [f"<strong>{_e(q.object)} / {_e(q.dimension)}</strong> ({_e(q.status)})"]
        if q.needed:
            bits.append(f": still needed: {_e(q.needed)}")
        sub = [f"<li>{_e(q.refused)}</li>"] if q.refused else []
        sub += [f"<li>candidate (not cross-checked): {_e(c.value)} {_source_line(c)}</li>" for c in q.candidates]
        if q.conflict:
            sub.append(f"<li>conflict: {_e(q.conflict)}</li>")
        sub.append(f"<li>scope: {_e(q.scope)}</li>")
        items.append(f'<li data-open="{_e(q.cell)}">{"".join(bits)}<ul>{"".join(sub)}</ul></li>')
    return f"<ul>{''.join(items)}</ul>"


def _step_row(e: dict[str, Any]) -> str:
    added = "".join(f"<div>+ {_e(f['cell'])} = <strong>{_e(f['value'])}</strong><blockquote>{_e(f['quote'])}</blockquote></div>"
                    for f in e["added"])
    evidence = '<span class="ok">yes</span>' if e["added"] or e["new_evidence"] else '<span class="no">no</span>'
    if not e["added"] and e["led_to_evidence_at"]:
        evidence += " (led to evidence at step " + ", ".join(map(str, e["led_to_evidence_at"])) + ")"
    notes = [f"refused: {_e(r)}" for r in e["refused"]] + [f"{_e(f['tool'])} {_e(f['status'])}: {_e(f['error'])}" for f in e["failures"]]
    verdict = _e(e.get("sufficiency") or "")
    if e.get("stop_reason"):
        verdict = f'<span class="stop">STOP {_e(e["stop_reason"])}</span>: {_e(e.get("stop_detail") or "")}<br>{verdict}'
    return (f"<tr><td>{e['step']}</td><td>{_e(e['action'])}</td><td>{evidence}{added}</td>"
            f"<td>{_e(', '.join(e['cells_moved']))}</td><td>{'<br>'.join(notes)}</td><td>{verdict}</td></tr>")


def _timeline(timeline: dict[str, Any] | None) -> str:
    runs = (timeline or {}).get("runs") or []
    if not any(r["steps"] for r in runs):
        return "<p>No step trace was found for this task.</p>"
    parts = []
    for r in runs:
        ended = f"{r['end_kind']} ({r['stop_reason']})" if r["end_kind"] else "did not finish (interrupted)"
        rows = "".join(_step_row(e) for e in r["steps"])
        parts.append(
            f"<h3>run {_e(r['run_id'])} ({_e(r['kind'])}) — {_e(ended)}</h3><table class=\"timeline\"><tr><th>step</th>"
            f"<th>action</th><th>new evidence</th><th>cells moved</th><th>refused / failed</th>"
            f"<th>stop checks (evidence sufficiency; stop)</th></tr>{rows}</table>"
        )
    return "".join(parts)


def _resume(facts: ReportFacts) -> str:
    if facts.resume_options:
        items = "".join(f"<li>{_e(o.change)}: <code>{_e(o.command)}</code></li>" for o in facts.resume_options)
        return ("<p>Not resumable: a resume cannot change this ending: no open cell has an untried path left. "
                f"What could change it, as a new task:</p><ul>{items}</ul>")
    if facts.resumable:
        return f"<pre>{_e(facts.resume_command)}</pre>"
    return f"<p>Not resumable: {_e(facts.not_resumable_reason)}</p>"


def _sources(facts: ReportFacts) -> str:
    rows = []
    for s in facts.sources:
        read = "opened" if s.opened else "snippet only"
        if s.failure:
            read += f" (visit failed: {s.failure})"
        url = s.canonical_url or s.url
        rows.append(f"<tr><td>{_e(s.id)}</td><td>{_e(s.title or s.domain)}</td>"
                    f'<td><a href="{_e(url)}">{_e(display_url(url))}</a></td><td>{_e(source_kind(s.source_type, s.why_primary))}</td>'
                    f"<td>{_e(s.date_label if s.opened else '')}</td><td>{_e(read)}</td><td>{_e(s.cluster_id or '')}</td></tr>")
    head = "<tr><th>id</th><th>title</th><th>url</th><th>type</th><th>date</th><th>read</th><th>cluster</th></tr>"
    return f"<table>{head}{''.join(rows)}</table>" if rows else "<p>No source was seen.</p>"


def render_html(report: ReportFacts | Mapping[str, Any], timeline: dict[str, Any] | None = None) -> str:
    """The report as one HTML document (a string); a stored report JSON (any version) is read as facts."""
    facts = report if isinstance(report, ReportFacts) else ReportFacts.model_validate(report)
    why = facts.stop_reason or "unknown"
    if facts.stop_detail:
        why += f": {facts.stop_detail}"
    open_cells = [q.cell for q in facts.open_questions]
    synthesis = ""
    if facts.answer_text:
        synthesis = f"<h2>Synthesis</h2><p class=\"meta\">by {_e(facts.answer_by or 'the policy')}; not separately verified</p><p>{_e(facts.answer_text)}</p>"
    body = (
        f"<h1>{_e(facts.question)}</h1>"
        f'<p class="meta"><span class="badge {_e(facts.status)}">{_e(facts.status)}</span> {_e(facts.end_kind)} · task <code>{_e(facts.task_id)}</code></p>'
        f'<p class="meta">Why it stopped: {_e(why)}</p>'
        + (f'<p class="meta">Open cells ({len(open_cells)}): {_e(", ".join(open_cells))}</p>' if open_cells else "")
        + f"<h2>Answer</h2>{_grid(facts)}{synthesis}<h2>Evidence</h2>{_evidence(facts)}"
        f"<h2>Open questions</h2>{_questions(facts)}<h2>Timeline</h2>{_timeline(timeline)}"
        f"<h2>How to resume</h2>{_resume(facts)}<h2>Sources</h2>{_sources(facts)}"
    )
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
            f"<title>Research report: {_e(facts.question)}</title><style>{_CSS}</style></head><body>{body}</body></html>\n")
