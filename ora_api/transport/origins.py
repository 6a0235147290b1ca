"""Which browser pages may talk to the server, and by which names it may be reached.

- **Host** (DNS rebinding): a page on ``evil.example`` whose name is made to resolve to
  127.0.0.1 reaches the server with ``Host: evil.example``. Only names the server is known by
  are accepted: ``localhost``, any IP address (an address cannot be rebound) and the names given
  with ``--allow-host``.
- **Origin** (cross-site requests): a browser names the page that makes a request in
  ``Origin``. Allowed are the page's own server (an Origin whose host and port are the request's
  accepted ``Host``, so a page served by ``ora serve`` itself works) and the origins given with
  ``--allow-origin``. A request without ``Origin`` is not from a browser page's script and is
  allowed; ``Origin: null`` (sandboxed frames, files) is not.

Pure functions of header values: the ASGI guard (``ora_api.transport.guard``) applies them.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from attrs import frozen


def normalize_origin(origin: str) -> str:
    """``HTTPS://Ora.Example.org:443/`` -> ``https://ora.example.org``; ValueError if it is not
    an origin (scheme://host[:port])."""
    scheme, sep, rest = origin.strip().partition("://")
    scheme = scheme.lower()
    if not sep or scheme not in ("http", "https") or not rest.rstrip("/"):
        raise ValueError(f"not an origin (http[s]://host[:port]): {origin!r}")
    netloc = rest.rstrip("/").lower()
    if "/" in netloc or "?" in netloc or "#" in netloc or "@" in netloc:
        raise ValueError(f"not an origin (http[s]://host[:port]): {origin!r}")
    default = {"http": ":80", "https": ":443"}[scheme]
    if netloc.endswith(default):
        netloc = netloc[: -len(default)]
    return f"{scheme}://{netloc}"


def host_name(host: str) -> str:
    """The name of a ``Host`` value without its port: ``Example.org:8765`` -> ``example.org``,
    ``[::1]:80`` -> ``::1``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    if host.count(":") == 1:
        return host.partition(":")[0]
    return host


def is_ip_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@frozen
class OriginPolicy:
    """The accepted ``Host`` names (beyond localhost and IP addresses) and cross origins."""

    hosts: frozenset[str] = frozenset()
    origins: frozenset[str] = frozenset()

    @classmethod
    def of(cls, hosts: Iterable[str] = (), origins: Iterable[str] = ()) -> OriginPolicy:
        return cls(frozenset(host_name(h) for h in hosts),
                   frozenset(normalize_origin(o) for o in origins))

    def host_allowed(self, host: str | None) -> bool:
        """Whether a request with this ``Host`` header is for this server (None: no header,
        HTTP/1.0, not a browser)."""
        if host is None:
            return True
        name = host_name(host)
        return name == "localhost" or name in self.hosts or is_ip_address(name)

    def same_origin(self, origin: str, host: str | None) -> bool:
        """Whether ``origin`` is the server's own (its host and port are the ``Host``)."""
        if host is None:
            return False
        try:
            netloc = normalize_origin(origin).partition("://")[2]
        except ValueError:
            return False
        wanted = host.strip().lower()
        return netloc in (wanted, wanted.removesuffix(":80"), wanted.removesuffix(":443"))

    def origin_allowed(self, origin: str | None, host: str | None) -> bool:
        """Whether a request from a page of ``origin`` may be answered (None: no ``Origin``)."""
        if origin is None:
            return True
        if self.same_origin(origin, host):
            return True
        try:
            return normalize_origin(origin) in self.origins
        except ValueError:
            return False

    def cross_origin(self, origin: str | None, host: str | None) -> bool:
        """Whether ``origin`` is an allowed origin other than the server's own (CORS)."""
        return origin is not None and not self.same_origin(origin, host) and \
            self.origin_allowed(origin, host)
