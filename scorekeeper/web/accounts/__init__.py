"""Accounts: sign up, sign in and out (views), and the account page (account)."""
