"""Export and import: game files, CSV, the printable sheet, archives."""
