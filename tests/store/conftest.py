"""The store tests run over SQLite and, where a test goes through the `Store` API only, PostgreSQL too."""

from tests.pg_fixtures import pg_cluster, pg_url  # noqa: F401 - fixtures
