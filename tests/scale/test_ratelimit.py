"""The rate limit all workers share (issue 22, done-when 5): three workers under 10 requests / 2 s, and a
429's Retry-After pausing every worker on that endpoint."""

from __future__ import annotations

import threading

import httpx

from _scale_kit import query, research
from tests.fakes.openai_server import FakeOpenAIServer, Reply

# two dimensions each: enough model requests (> 20) that three free workers would go past the limit
QUESTIONS = ["Compare Quillstore and Ferrodb on license and pricing", "Compare Nimbus KV and Ferrodb on license and pricing",
             "Compare Quillstore and Nimbus KV on license and pricing"]


def _most_in_any_window(times: list[float], window: float) -> int:
    times = sorted(times)
    best, start = 0, 0
    for end, t in enumerate(times):
        while t - times[start] >= window:
            start += 1
        best = max(best, end - start + 1)
    return best


def test_three_workers_under_ten_requests_per_two_seconds(pg_url, workers, fake_llm, tmp_path):
    llm = fake_llm(0.0)
    batch = tmp_path / "q.txt"
    batch.write_text("\n".join(QUESTIONS) + "\n")
    done = research("batch", str(batch), "--db", pg_url, "--model", "openai:fake", env=llm.env())
    assert "3 created" in done.stdout, done.stderr
    started = [workers.start("--until-idle", "--model-rate", "10/2", env=llm.env(), name=f"w{i}") for i in range(3)]
    assert [w.wait(120) for w in started] == [0, 0, 0], workers.log(started[0])[-2000:]
    assert query(pg_url, "SELECT DISTINCT status FROM tasks") == [("completed",)]
    assert len(llm.arrivals) > 20  # enough requests that three free workers would have gone past the limit
    assert _most_in_any_window(llm.arrivals, 2.0) <= 10
    print(f"{len(llm.arrivals)} requests; at most {_most_in_any_window(llm.arrivals, 2.0)} in any 2 s")


def test_a_429_retry_after_pauses_every_worker_on_that_endpoint(pg_url):
    from research_agent.scale.ratelimit import Limit, SharedLimiter
    from research_agent.store.pg import PgDatabase

    answers = iter([Reply.error(429, retry_after="1")])
    server = FakeOpenAIServer(lambda request: next(answers, Reply.text("ok"))).start()
    arrivals: list[tuple[str, float]] = []
    first_answered = threading.Event()
    db = PgDatabase(pg_url)
    try:
        def worker(name: str, wait_for: threading.Event | None) -> None:
            limiter = SharedLimiter(db, {"model": Limit(requests=100, period=1.0)})
            client = httpx.Client(transport=limiter.wrap("model:fake", httpx.HTTPTransport()))
            if wait_for is not None:
                wait_for.wait(10)
            import time

            response = client.post(f"{server.base_url}/chat/completions",
                                   json={"model": "m", "messages": [{"role": "user", "content": name}]})
            arrivals.append((name, time.monotonic()))
            if wait_for is None:
                assert response.status_code == 429
                first_answered.set()

        one = threading.Thread(target=worker, args=("one", None))
        one.start()
        one.join(10)
        two = threading.Thread(target=worker, args=("two", first_answered))
        two.start()
        two.join(10)
    finally:
        db.close()
        server.stop()
    (_, t429), (_, t2) = arrivals
    assert t2 - t429 >= 0.9, f"the second worker went on {t2 - t429:.2f} s after the 429 (Retry-After: 1)"
