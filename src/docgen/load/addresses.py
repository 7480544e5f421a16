"""Is an IP address public? (security.md 14: the playground proxy and remote spec fetching
connect only to public addresses; loopback and private networks only when the operator says so.)"""

from __future__ import annotations

import ipaddress

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


LOCAL = ("loopback", "private")  # permitted by allow_local
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")
_THIS_NETWORK = ipaddress.ip_network("0.0.0.0/8")
_SHARED = ipaddress.ip_network("100.64.0.0/10")
# Cloud metadata and platform services outside link-local: an instance's credentials and
# configuration, never an API (AWS's IMDS over IPv6, Azure's WireServer, a public address that
# answers only inside Azure, Alibaba Cloud's metadata, Oracle Cloud Classic's metadata).
# Refused whatever allow_local says, as 169.254.169.254 is.
_METADATA = (
    ipaddress.ip_network("fd00:ec2::254/128"),
    ipaddress.ip_network("168.63.129.16/32"),
    ipaddress.ip_network("100.100.100.200/32"),
    ipaddress.ip_network("192.0.0.192/32"),
)
METADATA = "cloud metadata"


def _metadata(address: IPAddress) -> bool:
    return any(address.version == net.version and address in net for net in _METADATA)


def classify(address: IPAddress) -> str | None:
    """``None`` for a public address, else what it is: loopback, private, link-local, ..."""
    if isinstance(address, ipaddress.IPv4Address):
        return _classify_v4(address)
    if _metadata(address):
        return METADATA
    embedded = _embedded_v4(address)
    if embedded is not None:
        kind = _classify_v4(embedded)
        if kind is not None:
            return f"{kind} (IPv4 {embedded} embedded in IPv6)"
        if address.ipv4_mapped is not None or address in _NAT64 or address.sixtofour:
            return None
        return "reserved (IPv4-compatible IPv6)"
    if address.teredo is not None:
        return "reserved (Teredo tunnel)"
    if address in _NAT64_LOCAL:
        return "private"
    if address.is_unspecified:
        return "unspecified"
    if address.is_loopback:
        return "loopback"
    if address.is_link_local:
        return "link-local"
    if address.is_multicast:
        return "multicast"
    if address.is_site_local or address in ipaddress.ip_network("fc00::/7"):
        return "private"
    if address.is_reserved:
        return "reserved"
    return None if address.is_global else "private"


def _classify_v4(address: ipaddress.IPv4Address) -> str | None:
    if _metadata(address):
        return METADATA
    if address in _THIS_NETWORK:
        return "unspecified"
    if address.is_loopback:
        return "loopback"
    if address.is_link_local:
        return "link-local"
    if address.is_multicast:
        return "multicast"
    if address.is_reserved:
        return "reserved"
    if address.is_private or address in _SHARED or not address.is_global:
        return "private"
    return None


def _embedded_v4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address inside an IPv4-mapped, IPv4-compatible, NAT64 or 6to4 address."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    value = int(address)
    if address in _NAT64 or (value >> 32 == 0 and value > 1):
        return ipaddress.IPv4Address(value & 0xFFFFFFFF)
    return None


def address_problem(address: IPAddress, allow_local: bool) -> str | None:
    """Why the proxy must not connect to ``address`` (``None``: it may)."""
    kind = classify(address)
    if kind is None:
        return None
    if allow_local and kind.split(" ", 1)[0] in LOCAL:
        return None
    return kind


def parse_address(text: str) -> IPAddress:
    """An address from ``getaddrinfo`` (an IPv6 scope suffix ``%eth0`` is dropped)."""
    return ipaddress.ip_address(text.split("%", 1)[0])
