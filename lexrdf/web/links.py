"""Between IRIs under the base IRI and this server's paths: the server answers for the base IRI at its own origin.

>>> links = Links("https://lexrdf.example.org")
>>> links.href("https://lexrdf.example.org/eli/xx/act/2001-03-14/12/art_3")
'/eli/xx/act/2001-03-14/12/art_3'
>>> links.href("http://data.europa.eu/eli/ontology#LegalResource")
'http://data.europa.eu/eli/ontology#LegalResource'
>>> links.iri("/eli/xx/act/2001-03-14/12")
'https://lexrdf.example.org/eli/xx/act/2001-03-14/12'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Links:
    """Maps the base IRI to this server's origin and back."""

    base_iri: str

    def href(self, iri: str) -> str:
        """The local path of an IRI minted under the base IRI; any other IRI unchanged."""
        base = self.base_iri.rstrip("/")
        if iri == base:
            return "/"
        if iri.startswith(base + "/"):
            return iri[len(base) :]
        return iri

    def iri(self, path: str) -> str:
        """The IRI a local path stands for."""
        return self.base_iri.rstrip("/") + "/" + path.lstrip("/")

    def is_local(self, iri: str) -> bool:
        """Whether this server dereferences the IRI."""
        return iri.startswith(self.base_iri.rstrip("/") + "/")


def public_origin(scope: dict, public_url: str | None) -> str:
    """The origin of the absolute URLs the server writes: the configured public URL or, failing it, the address the
    server listens on (the ASGI scope's ``server``), never what a client's Host header claims (a proxy's cache would
    keep what one client named for everyone).

    >>> public_origin({"scheme": "http", "server": ("127.0.0.1", 8000)}, None)
    'http://127.0.0.1:8000'
    >>> public_origin({"scheme": "http", "server": ("127.0.0.1", 8000)}, "https://laws.example.org")
    'https://laws.example.org'
    """
    if public_url:
        return public_url.rstrip("/")
    scheme = scope.get("scheme", "http")
    host, port = scope.get("server") or ("127.0.0.1", None)
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    default = (scheme == "http" and port == 80) or (scheme == "https" and port == 443)
    return f"{scheme}://{host}" + ("" if port is None or default else f":{port}")
