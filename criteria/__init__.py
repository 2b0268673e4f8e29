"""Research stop criteria and critics. They read the research-state table and
import only `engine` and the state models (never the CLI or the composition root)."""
