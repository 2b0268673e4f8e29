"""The reader: segment → attribute → recognise values → choose → ground."""
