"""Lines of a game: log, preview, adjust, edit, delete, undo and restore."""
