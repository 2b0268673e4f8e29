"""Replay: a recorded task's stop decisions re-judged under other settings, with no tool or model call.

`Recording` reads a task's replay log back step by step (`recording.py`); `replay` runs the stop check in
the engine's order at every step under `ReplaySettings` (`replayer.py`), ruling the cells again with the
run's own function when `min_sources` differs (`resettle.py`); `replay_result` says what that stop
changes against the recording (`result.py`); `grid.py` does it for a recorded eval over a grid of settings.
"""

from .recording import NotReplayable, Recording
from .replayer import Replayed, StopAt, replay
from .settings import Figures, ReplaySettings

__all__ = ["Figures", "NotReplayable", "Recording", "ReplaySettings", "Replayed", "StopAt", "replay"]
