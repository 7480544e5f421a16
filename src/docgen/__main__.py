"""Entry point for ``python -m docgen``."""

from docgen.cli import main

main()
