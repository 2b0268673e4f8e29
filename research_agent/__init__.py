"""The research domain: task contract, research-state table, tools, policies,
reducer, store, reports and evals. The composition root (`compose.py`) wires
them onto the generic `engine` kernel and the `criteria` stop rules."""

__version__ = "0.1.0"
