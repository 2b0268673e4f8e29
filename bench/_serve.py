"""The local web served from a child process, as a web server would be: its request handling then
spends its own CPU and interpreter lock, not the measured client's. Shared by the benches that time
visits (`concurrent_visits.py`, `extraction.py`)."""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import SimpleNamespace

from research_agent.tools import Fault, LocalWeb


@contextlib.contextmanager
def served_apart(root: Path, faults: Iterable[Fault] = ()) -> Iterator[SimpleNamespace]:
    """The local web in a child process: what a client needs of it (hosts, port)."""
    faults = list(faults)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        web = LocalWeb(root, faults).start()
        os.write(write, f"{web.port}\n".encode())
        signal.pause()  # until the parent's SIGTERM
        os._exit(0)
    os.close(write)
    port = int(os.read(read, 64).decode().strip())
    os.close(read)
    try:
        yield SimpleNamespace(hosts=LocalWeb(root).hosts, port=port)
    finally:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
