"""Players: their records, rename and merge."""
