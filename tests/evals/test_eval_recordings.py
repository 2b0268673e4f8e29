"""Every `research eval` keeps its recording for replay; the newest `KEEP` are kept."""

from __future__ import annotations

import os
from pathlib import Path

from research_agent.evals import recorded


def test_an_eval_recording_replaces_the_oldest_beyond_the_newest_kept(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("RESEARCH_HOME", str(tmp_path))
    made, removed = [], 0
    for i in range(recorded.KEEP + 2):
        folder, manifest, gone = recorded.new_recording("offline")
        removed += gone
        if i != 3:  # an interrupted eval writes no manifest: its folder is kept and pruned like the others
            recorded.save(folder, manifest)
        os.utime(folder, (1_000_000 + i, 1_000_000 + i))
        made.append(folder)
    folder, manifest, gone = recorded.new_recording("offline")
    left = sorted(p for p in (tmp_path / "evals").iterdir())
    assert removed + gone == 3 and len(left) == recorded.KEEP
    assert not set(made[:3]) & set(left) and set(made[3:]) <= set(left) and folder in left
    recorded.save(folder, manifest)
    assert recorded.find_recording(manifest.id)[1].id == manifest.id
    assert recorded.find_recording(str(folder))[1].id == manifest.id
