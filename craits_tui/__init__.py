"""Craits in the terminal: the Textual app over the `craits_core` engine."""
