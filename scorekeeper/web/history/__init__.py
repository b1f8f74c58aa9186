"""History: every game of the account, filtered."""
