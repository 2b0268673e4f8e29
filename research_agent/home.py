"""Where a user's research files live, without loading the config model: `$RESEARCH_HOME`, else
`~/.research`.  `research list` resolves its database from here when no config file is involved."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["config_file_path", "default_db", "research_home"]


def research_home() -> Path:
    return Path(os.environ.get("RESEARCH_HOME") or Path.home() / ".research")


def config_file_path() -> Path:
    """The config file read when `--config` is not given (it may not exist)."""
    return research_home() / "config.toml"


def default_db() -> Path:
    return research_home() / "research.db"
