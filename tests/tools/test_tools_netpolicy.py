"""The address policy refuses private, loopback, link-local and internal targets."""

from __future__ import annotations

import pytest

from research_agent.tools import AddressPolicy, BlockedByPolicy, Unreachable


def fake_resolver(table: dict[str, list[str]]):
    calls: list[str] = []

    def resolve(host: str) -> list[str]:
        calls.append(host)
        if host not in table:
            raise OSError(f"cannot resolve {host}")
        return table[host]

    resolve.calls = calls  # type: ignore[attr-defined]
    return resolve


PUBLIC = fake_resolver({"news.example.org": ["93.184.216.34", "2606:2800:220:1::1"]})


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/",
        "http://127.8.9.10:8080/admin",
        "http://10.0.0.5/",
        "http://172.16.3.4/",
        "http://192.168.1.1/router",
        "http://169.254.169.254/latest/meta-data/",
        "http://100.64.1.1/",
        "http://0.0.0.0/",
        "http://224.0.0.1/",
        "http://240.0.0.1/",
        "http://[::1]/",
        "http://[fe80::1]/",
        "http://[fc00::1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://[::ffff:10.1.2.3]/",
        "http://2130706433/",
        "http://127.1/",
        "http://0x7f.0.0.1/",
        "http://localhost/",
        "http://LOCALHOST./",
        "http://api.localhost/",
        "http://printer.local/",
        "http://db.internal/",
        "http://router/",
    ],
)
def test_private_loopback_link_local_and_internal_names_are_refused(url: str) -> None:
    resolver = fake_resolver({})
    with pytest.raises(BlockedByPolicy) as caught:
        AddressPolicy(resolver=resolver).check(url)
    assert caught.value.url == url
    assert caught.value.reason
    assert resolver.calls == []  # refused without asking DNS


@pytest.mark.parametrize("url", ["ftp://example.org/file", "file:///etc/passwd", "javascript:alert(1)", "gopher://x/"])
def test_non_http_schemes_are_refused(url: str) -> None:
    with pytest.raises(BlockedByPolicy):
        AddressPolicy(resolver=PUBLIC).check(url)


def test_public_literal_and_public_name_pass() -> None:
    policy = AddressPolicy(resolver=PUBLIC)
    assert policy.check("https://93.184.216.34/") is None
    assert policy.check("https://news.example.org/a?b=c") is None


def test_host_resolving_to_a_private_address_is_refused() -> None:
    resolver = fake_resolver({"intranet.example.com": ["93.184.216.34", "10.20.30.40"]})
    with pytest.raises(BlockedByPolicy) as caught:
        AddressPolicy(resolver=resolver).check("https://intranet.example.com/wiki")
    assert "10.20.30.40" in caught.value.reason
    assert resolver.calls == ["intranet.example.com"]


def test_host_resolving_to_mapped_loopback_is_refused() -> None:
    resolver = fake_resolver({"sneaky.example.com": ["::ffff:127.0.0.1"]})
    with pytest.raises(BlockedByPolicy):
        AddressPolicy(resolver=resolver).check("https://sneaky.example.com/")


def test_unresolvable_host_is_unreachable_not_allowed() -> None:
    with pytest.raises(Unreachable):
        AddressPolicy(resolver=fake_resolver({})).check("https://no-such-host.example.com/")


def test_allow_hosts_skip_checks_and_resolution() -> None:
    resolver = fake_resolver({})
    policy = AddressPolicy(allow_hosts=frozenset({"corpus.local", "Docs.Example.ORG", "127.0.0.1"}), resolver=resolver)
    policy.check("https://corpus.local/notes.md")
    policy.check("https://docs.example.org/guide")
    policy.check("http://127.0.0.1:8080/x")
    assert resolver.calls == []
    with pytest.raises(BlockedByPolicy):
        policy.check("http://127.0.0.2/")


def test_allow_private_lets_private_addresses_through() -> None:
    policy = AddressPolicy(allow_private=True, resolver=fake_resolver({}))
    policy.check("http://192.168.1.1/")
    policy.check("http://localhost:8000/")
    with pytest.raises(BlockedByPolicy):
        policy.check("file:///etc/passwd")


def test_denied_domains_and_subdomains_are_refused_even_if_allowed() -> None:
    policy = AddressPolicy(
        denied_domains=frozenset({"tracker.example"}),
        allow_hosts=frozenset({"cdn.tracker.example"}),
        resolver=PUBLIC,
    )
    for url in ("https://tracker.example/", "https://cdn.tracker.example/x", "https://a.b.tracker.example/"):
        with pytest.raises(BlockedByPolicy, match="denied"):
            policy.check(url)
    policy.check("https://news.example.org/")
    with pytest.raises(Unreachable):  # not a subdomain, just a similar name: goes on to resolution
        policy.check("https://nottracker.example/")
