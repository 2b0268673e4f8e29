"""Test doubles shared by test suites: loopback servers and fakes."""
