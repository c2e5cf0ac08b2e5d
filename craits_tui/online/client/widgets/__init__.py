"""The widgets of an online session's own screens, one module each."""
