"""`python -m scorekeeper`: the same command as `scorekeeper`."""

from scorekeeper.cli import main

main()
