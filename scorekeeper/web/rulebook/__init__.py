"""The rules pages of every preset and of a game, and the help pages."""
