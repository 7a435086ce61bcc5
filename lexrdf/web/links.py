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
