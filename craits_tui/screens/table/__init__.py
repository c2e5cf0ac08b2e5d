"""The table screen, put together from its parts (see `screen`)."""

from .screen import TableScreen

__all__ = ["TableScreen"]
