"""Lenient but safe reading of model replies — each case a reply a real small model or server sent."""

from __future__ import annotations

import pytest

from research_agent.llm.lenient_json import JSONReplyError, parse_reply_object


@pytest.mark.parametrize("reply, expected, repaired", [
    # llama-cpp-python's grammar lets raw newlines into strings (SmolLM2, 2026-12-01)
    ('{\n    "type": "json"\n}', {"type": "json"}, False),
    ('{"quote": "line one\nline two"}', {"quote": "line one\nline two"}, False),
    ('```json\n{"a": 1}\n```', {"a": 1}, False),
    ('```json\n{"a": 1}', {"a": 1}, False),                       # a fence never closed
    ('Sure! {"a": 1} Hope this helps.', {"a": 1}, False),         # chatter around the object
    # cut mid-string with finish_reason "stop" (issue 12)
    ('{"findings": [{"cell": "A/license", "value": "MIT", "quote": "A is MI',
     {"findings": [{"cell": "A/license", "value": "MIT", "quote": "A is MI"}]}, True),
    ('{"tool": "search", "query": "x", "cell"', {"tool": "search", "query": "x"}, True),   # dangling key
    ('{"tool": "search", "query": "x", "cell":', {"tool": "search", "query": "x"}, True),  # dangling colon
    ('{"a": [1, 2', {"a": [1, 2]}, True),
])
def test_readable_replies(reply, expected, repaired):
    assert parse_reply_object(reply) == (expected, repaired)


@pytest.mark.parametrize("reply, reason", [
    ("", "the reply was empty"),
    ("I will search for the license.", "contains no JSON object"),
    ("[1, 2]", "got a JSON list"),
    ('{"a": 1]', "not valid JSON"),                      # mismatched bracket: not a truncation
    ('{"tool": "search" "query": "x"}', "not valid JSON"),  # a missing comma is not guessed
    ("{'a': 1}", "not valid JSON"),                      # single quotes are not guessed
])
def test_unreadable_replies_say_why(reply, reason):
    with pytest.raises(JSONReplyError, match=reason):
        parse_reply_object(reply)
