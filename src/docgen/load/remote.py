"""Remote specs (``openapi: "https://..."``): fetched at build time into docgen's cache.

Only ``https://`` URLs. The host is looked up once and every address it resolves to must be
public (loopback and private networks only when the operator allows local specs:
``--allow-local-specs`` / ``DOCGEN_ALLOW_LOCAL_SPECS=1``); the connection goes to the checked
address, TLS verifies the real host name. Redirects are followed (at most 5), each target checked
the same way. Limits: ``DOCGEN_REMOTE_MAX_BYTES`` (default 20 MiB, bodies with a larger
``Content-Length`` are refused before reading) and ``DOCGEN_REMOTE_TIMEOUT`` (default 30 s for
the whole exchange). A fetched copy is kept in ``<cache>/remote-specs/<sha256 of URL>/``;
offline (``--offline``), or when the URL cannot be reached, the cached copy is used.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import json
import os
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from docgen.exceptions import RemoteError
from docgen.load.addresses import address_problem, parse_address
from docgen.load.cache import cache_root

MAX_REDIRECTS = 5
DEFAULT_MAX_BYTES = 20 * 1024 * 1024
DEFAULT_TIMEOUT = 30.0


@dataclass(frozen=True, slots=True)
class RemotePolicy:
    """What the operator allows: fetching at all (``offline``) and local addresses."""

    offline: bool = False
    allow_local: bool = False


@dataclass(frozen=True, slots=True)
class Fetched:
    """A remote spec on disk: where, its SHA-256, and whether it came from the cache only."""

    url: str
    path: Path
    sha256: str
    from_cache: bool
    problem: str | None = None  # why the cached copy was used (fetch failed)


def _limits() -> tuple[int, float]:
    try:
        size = int(os.environ.get("DOCGEN_REMOTE_MAX_BYTES", DEFAULT_MAX_BYTES))
        timeout = float(os.environ.get("DOCGEN_REMOTE_TIMEOUT", DEFAULT_TIMEOUT))
    except ValueError:
        return DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT
    return max(size, 1), max(timeout, 0.1)


def _cache_folder(url: str) -> Path | None:
    root = cache_root()
    if root is None:
        return None
    return root / "remote-specs" / hashlib.sha256(url.encode()).hexdigest()


def _suffix(url: str, content_type: str) -> str:
    path = urlsplit(url).path.lower()
    for suffix in (".json", ".yaml", ".yml"):
        if path.endswith(suffix):
            return suffix
    return ".json" if "json" in content_type else ".yaml"


def cached(url: str) -> Fetched | None:
    """The cached copy of ``url``, if there is one."""
    folder = _cache_folder(url)
    if folder is None:
        return None
    try:
        meta = json.loads((folder / "meta.json").read_text("utf-8"))
        path = folder / str(meta["file"])
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if digest != meta.get("sha256"):
        return None
    return Fetched(url, path, digest, True)


def fetch(url: str, policy: RemotePolicy) -> Fetched:
    """``url`` fetched now (and cached), or its cached copy; raises :class:`RemoteError`."""
    if not url.startswith("https://"):
        raise RemoteError("only https:// specs are fetched")
    if policy.offline:
        copy = cached(url)
        if copy is None:
            raise RemoteError("offline (--offline) and no cached copy")
        return copy
    try:
        body, content_type = _download(url, policy)
    except RemoteError as exc:
        copy = cached(url)
        if copy is None:
            raise RemoteError(f"{exc}; no cached copy") from None
        return Fetched(url, copy.path, copy.sha256, True, str(exc))
    digest = hashlib.sha256(body).hexdigest()
    folder = _cache_folder(url)
    if folder is None:
        raise RemoteError("no cache folder to keep it in (set DOCGEN_CACHE_DIR)")
    name = "spec" + _suffix(url, content_type)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f".{name}.{os.getpid()}"
        temporary.write_bytes(body)
        temporary.replace(folder / name)
        meta = {"url": url, "file": name, "sha256": digest, "fetched": int(time.time())}
        (folder / "meta.json").write_text(json.dumps(meta), "utf-8")
    except OSError as exc:
        raise RemoteError(f"cannot write the cache: {exc.strerror or exc}") from None
    return Fetched(url, folder / name, digest, False)


class _PinnedConnection(http.client.HTTPSConnection):
    """HTTPS to one checked address; SNI and certificate checks use the URL's host name."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        context = ssl.create_default_context()
        super().__init__(host, port, timeout=timeout, context=context)
        self._address = address
        self._context = context
        self.expired = False  # set by :meth:`cut` (from the watchdog's thread)

    def connect(self) -> None:
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)
        if self.expired:  # the time ran out while connecting
            self.cut()

    def cut(self) -> None:
        """End the exchange now: a read waiting for the next byte fails (each read waits up to
        the timeout for each byte, so a server sending one now and then was never cut)."""
        self.expired = True
        if self.sock is not None:
            with contextlib.suppress(OSError):
                self.sock.shutdown(socket.SHUT_RDWR)


def _checked_address(host: str, port: int, policy: RemotePolicy) -> str:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise RemoteError(f"cannot resolve '{host}'") from None
    addresses = [str(info[4][0]) for info in infos]
    for text in addresses:
        problem = address_problem(parse_address(text), policy.allow_local)
        if problem is not None:
            raise RemoteError(
                f"'{host}' resolves to a {problem} address ({text}); docgen fetches specs "
                "only from public addresses"
            )
    if not addresses:
        raise RemoteError(f"cannot resolve '{host}'")
    return addresses[0]


def _download(url: str, policy: RemotePolicy) -> tuple[bytes, str]:
    max_bytes, timeout = _limits()
    deadline = time.monotonic() + timeout
    for _ in range(MAX_REDIRECTS + 1):
        parts = urlsplit(url)
        if parts.scheme != "https" or not parts.hostname:
            raise RemoteError(f"redirected to '{url}', which is not an https:// URL")
        port = parts.port or 443
        address = _checked_address(parts.hostname, port, policy)
        left = deadline - time.monotonic()
        if left <= 0:
            raise RemoteError(f"no answer within {timeout:g} s")
        connection = _PinnedConnection(parts.hostname, port, address, left)
        watchdog = threading.Timer(left, connection.cut)
        watchdog.daemon = True
        watchdog.start()
        target = parts.path or "/"
        if parts.query:
            target += "?" + parts.query
        try:
            connection.request("GET", target, headers={"Accept": "application/json, */*"})
            response = connection.getresponse()
            if response.status in (301, 302, 303, 307, 308):
                location = response.getheader("Location")
                connection.close()
                if not location:
                    raise RemoteError(f"HTTP {response.status} without a Location")
                url = urljoin(url, location)
                continue
            if response.status != 200:
                raise RemoteError(f"HTTP {response.status}")
            declared = response.getheader("Content-Length")
            if declared and declared.isdigit() and int(declared) > max_bytes:
                raise RemoteError(f"larger than the limit of {max_bytes:,} bytes")
            body = bytearray()
            while True:
                if time.monotonic() > deadline:
                    raise RemoteError(f"not complete within {timeout:g} s")
                chunk = response.read(65536)
                if not chunk:
                    break
                body += chunk
                if len(body) > max_bytes:
                    raise RemoteError(f"larger than the limit of {max_bytes:,} bytes")
            return bytes(body), response.getheader("Content-Type") or ""
        except ssl.SSLCertVerificationError as exc:
            raise RemoteError(f"TLS certificate not valid: {exc.verify_message}") from None
        except (OSError, http.client.HTTPException) as exc:
            if connection.expired:
                raise RemoteError(f"not complete within {timeout:g} s") from None
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise RemoteError(f"cannot fetch: {reason or type(exc).__name__}") from None
        finally:
            watchdog.cancel()
            connection.close()
    raise RemoteError(f"more than {MAX_REDIRECTS} redirects")
