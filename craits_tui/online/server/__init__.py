"""Play together over SSH: `craits-tui serve` and the table authority behind it."""
