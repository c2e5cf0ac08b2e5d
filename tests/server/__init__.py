"""Tests of play over SSH: the table authority, its socket and the SSH server."""
