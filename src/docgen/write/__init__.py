"""Writing: the only code that touches the output folder."""
