"""The reader: segment → attribute → recognise values → choose → ground.

Each step is its own module; `values` holds the typed value recognisers.
"""
