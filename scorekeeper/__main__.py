"""`python -m scorekeeper`: the same command as `scorekeeper`."""

from .cli import main

main()
