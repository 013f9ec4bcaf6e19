"""`magie serve` says so when it listens beyond this computer (`--host 0.0.0.0`): the server
has no accounts, so anyone who can reach it can join a game."""

import pytest

from magie.cli.web_commands import _loopback


@pytest.mark.parametrize("host, only_here", [("127.0.0.1", True), ("127.1.2.3", True), ("::1", True),
                                             ("localhost", True), ("0.0.0.0", False), ("::", False),
                                             ("192.168.1.5", False), ("example.org", False)])
def test_only_loopback_addresses_count_as_this_computer(host, only_here):
    assert _loopback(host) is only_here
