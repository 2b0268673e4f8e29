"""The fake OpenAI-compatible server of the tests: `research_agent.evals.openai_loopback`'s server.

`FakeOpenAIServer(script)` is `LoopbackOpenAIServer` (its docstring says what a
script and a `Reply` are); `replay_script` plays a recorded `scripted:` JSONL
file over HTTP.

    with FakeOpenAIServer(["hello"]) as server:
        client = OpenAI(base_url=server.base_url, api_key="test")
"""

from __future__ import annotations

from typing import Any

from research_agent.evals.openai_loopback import LoopbackOpenAIServer, Reply, ScriptFn, estimate_tokens, prompt_tokens

__all__ = ["FakeOpenAIServer", "Reply", "ScriptFn", "estimate_tokens", "prompt_tokens", "replay_script"]

FakeOpenAIServer = LoopbackOpenAIServer


def replay_script(path_or_text: str | Any) -> ScriptFn:
    """A server script that plays a `scripted:` JSONL file over HTTP.

    Lines are chosen exactly as `--model scripted:` chooses them (by the typed
    request, which the adapter sends to a loopback server in the body's
    `research_request` field, and by what the messages contain), so one
    recorded script drives both the in-process `ScriptedModel` and the real
    `openai` client path.
    `raise` lines become HTTP errors: unavailable → 503, rejected → 400,
    invalid → a refusal.
    """
    from pathlib import Path

    from research_agent.llm import ModelOutputInvalid, ModelRejected, ModelUnavailable
    from research_agent.llm.request import WIRE_FIELD, from_wire
    from research_agent.llm.scripted import ScriptSelector, parse_script

    p = Path(str(path_or_text))
    text = p.read_text(encoding="utf-8") if p.suffix == ".jsonl" and p.exists() else str(path_or_text)
    selector = ScriptSelector(parse_script(text, origin=str(p) if p.suffix == ".jsonl" else "script"))

    def play(request: dict[str, Any]) -> Reply | None:
        try:
            typed = from_wire(request[WIRE_FIELD]) if WIRE_FIELD in request else None
            out = selector(request.get("messages", []), typed)
        except ModelUnavailable as exc:
            return Reply.error(503, message=str(exc))
        except ModelRejected as exc:
            return Reply.error(400, message=str(exc))
        except ModelOutputInvalid as exc:
            return Reply.refusal(str(exc))
        if out is None:
            return None
        u = out.usage
        usage = None
        if u.total_tokens:
            usage = {"prompt_tokens": u.prompt_tokens, "completion_tokens": u.completion_tokens,
                     "total_tokens": u.total_tokens}
        return Reply.text(out.text, usage=usage)

    return play
