"""Reading a text file a user named: a contract, a config, a model script, a prices file.

`read_user_text(path, what, error)` returns the file's UTF-8 text or raises
`error` (the loader's own input error: `ContractError`, `ConfigError`, …) with
one line that says which file and why — missing, a folder, not readable, not
UTF-8 text — so the CLI shows it as one `error:` line (exit 2), never as the
`OSError` or `UnicodeDecodeError` traceback underneath.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["read_user_text"]


def read_user_text(path: str | Path, what: str, error: type[Exception]) -> str:
    """The text of `path` (a `what`: "contract file", "config file", …), or `error` saying why not."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise error(f"{p}: no such {what}") from exc
    except IsADirectoryError as exc:
        raise error(f"{p}: is a folder, not a {what}") from exc
    except PermissionError as exc:
        raise error(f"{p}: the {what} cannot be read (permission denied)") from exc
    except UnicodeDecodeError as exc:
        raise error(f"{p}: the {what} is not UTF-8 text (byte {exc.start})") from exc
    except OSError as exc:
        raise error(f"{p}: the {what} cannot be read ({exc.strerror or exc})") from exc
