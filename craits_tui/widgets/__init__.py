"""The widgets of the table, one module each."""
