"""Evaluation cases for the stopping system: the case format and its loader."""
