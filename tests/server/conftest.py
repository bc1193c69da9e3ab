"""Fixtures of the server's tests."""

from postgres import postgres_server, postgres_url  # noqa: F401  (a real PostgreSQL)
