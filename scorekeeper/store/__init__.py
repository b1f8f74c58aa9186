"""The database: tables, migrations, rows <-> rule facts, shared reads, derived state."""

# It reads and adds to the session but never commits: only services/ ends a transaction.
