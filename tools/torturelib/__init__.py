"""The torture run (issue 11) in parts; tools/torture.py is its entry point."""
