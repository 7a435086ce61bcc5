"""The formats a dump is written in: file extension, media type (an IANA IRI for DCAT) and pyoxigraph format.

>>> FORMATS["nq"].file_name("lexrdf", compressed=True)
'lexrdf.nq.gz'
>>> FORMATS["trig"].media_type
'application/trig'
"""

from __future__ import annotations

from dataclasses import dataclass

from pyoxigraph import RdfFormat

IANA = "https://www.iana.org/assignments/media-types/"
GZIP = "application/gzip"


@dataclass(frozen=True)
class DumpFormat:
    """One serialisation: `graphs` says whether it keeps named graphs (N-Quads, TriG) or not (Turtle)."""

    name: str
    rdf_format: RdfFormat
    media_type: str
    graphs: bool
    label: str

    def file_name(self, stem: str, compressed: bool) -> str:
        return f"{stem}.{self.name}" + (".gz" if compressed else "")


FORMATS: dict[str, DumpFormat] = {
    "nq": DumpFormat("nq", RdfFormat.N_QUADS, "application/n-quads", True, "N-Quads"),
    "trig": DumpFormat("trig", RdfFormat.TRIG, "application/trig", True, "TriG"),
    "ttl": DumpFormat("ttl", RdfFormat.TURTLE, "text/turtle", False, "Turtle"),
}

MEDIA_TYPES = {  # what the server sends for each file of a dump folder, by suffix
    ".nq": "application/n-quads",
    ".trig": "application/trig",
    ".ttl": "text/turtle",
    ".gz": GZIP,
    ".json": "application/json",
    ".rdfp": "application/rdf-patch",
}


def media_type(path: str) -> str:
    """The media type a dump file is served as (plain text when nothing more is known).

    >>> media_type("acts/eli-xx-act-2001-03-14-12.nq.gz"), media_type("SHA256SUMS")
    ('application/gzip', 'text/plain; charset=utf-8')
    """
    suffix = path[path.rfind(".") :] if "." in path.rsplit("/", 1)[-1] else ""
    return MEDIA_TYPES.get(suffix, "text/plain; charset=utf-8")
