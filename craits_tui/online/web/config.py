"""What the web door is told (``craits-tui serve --web PORT ...``)."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
DEFAULT_PORTS = {"http": 80, "https": 443}


def origin(scheme: str, host: str, port: int) -> str:
    """The origin a browser opens for ``host`` at ``port`` (an IPv6 address in
    brackets, an IPv4 one seen through IPv6 as itself, the scheme's own port left out)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        pass
    else:
        mapped = address.ipv4_mapped if isinstance(address, ipaddress.IPv6Address) else None
        host = str(mapped) if mapped else f"[{host}]" if address.version == 6 else host
    return (
        f"{scheme}://{host}" if DEFAULT_PORTS.get(scheme) == port else f"{scheme}://{host}:{port}"
    )


def networks(addresses: Iterable[str]) -> tuple[Network, ...]:
    """``--trust-proxy`` values (addresses or networks); ValueError names a wrong one."""
    found = []
    for text in addresses:
        try:
            found.append(ipaddress.ip_network(text.strip(), strict=False))
        except ValueError:
            raise ValueError(f"--trust-proxy: not an address: {text!r}") from None
    return tuple(found)


@dataclass(frozen=True)
class WebConfig:
    """The web door: its port (on the server's ``--host``), its TLS certificate
    and key (both or neither), and the proxies whose ``X-Forwarded-For`` says who
    a request is from."""

    port: int = 8080
    cert: Path | None = None
    key: Path | None = None
    trust_proxy: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if (self.cert is None) != (self.key is None):
            raise ValueError("--web-cert and --web-key go together")
        networks(self.trust_proxy)

    @property
    def proxies(self) -> tuple[Network, ...]:
        """The proxies trusted, as networks."""
        return networks(self.trust_proxy)

    @property
    def tls(self) -> bool:
        """Whether the page is served over TLS (https, wss)."""
        return self.cert is not None

    @property
    def scheme(self) -> str:
        """The page's scheme, as this server serves it."""
        return "https" if self.tls else "http"
