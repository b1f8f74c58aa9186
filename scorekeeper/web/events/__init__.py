"""Events: the director's pages, the table links that score a table without an account."""
