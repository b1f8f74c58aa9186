"""The torture run (docs/operations.md) in parts; tools/torture.py is its entry point."""
