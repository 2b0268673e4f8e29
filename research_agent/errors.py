"""The research domain's errors that more than one module raises, kept below all of them.

    ValueError
     └── ContractError            a question or a contract cannot become a valid task contract
          └── MissingDimension    (questions.py) the question names objects but nothing to compare them on

A module that raises one imports it from here, so the question parser
(`questions.py`) and the contract model (`contract.py`) need not import each
other for it, and the CLI can catch it without loading either (`cli/_common.py`:
bad input is one `error:` line, exit 2).  `contract.ContractError` is the same
class, re-exported where callers have always found it.
"""

from __future__ import annotations

__all__ = ["ContractError"]


class ContractError(ValueError):
    """The question or contract cannot be turned into a valid task contract."""
