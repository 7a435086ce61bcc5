"""File names for the graphs of a dump, derived from IRIs so that no name can leave the dump folder.

A name keeps only ASCII letters, digits, `.`, `_` and `-` from the IRI's path under the base IRI (other runs of
characters become one `-`), never starts with a dot, and is cut to `MAX_STEM` characters; a name already taken
(or cut) gets 8 hex digits of the IRI's SHA-256, so distinct IRIs always give distinct names.

>>> names = FileNames("https://lexrdf.example.org")
>>> names.stem("https://lexrdf.example.org/eli/xx/act/2001-03-14/12")
'eli-xx-act-2001-03-14-12'
>>> names.stem("https://lexrdf.example.org/../../etc/passwd")
'etc-passwd'
>>> names.stem("https://lexrdf.example.org/eli/xx/act/2001-03-14/12")
'eli-xx-act-2001-03-14-12-c099719f'
"""

from __future__ import annotations

import hashlib
import re

MAX_STEM = 120
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


class FileNames:
    """Hands out one distinct, safe file stem per IRI (call in a deterministic order for deterministic names)."""

    def __init__(self, base_iri: str) -> None:
        self.base_iri = base_iri.rstrip("/")
        self._taken: set[str] = set()

    def stem(self, iri: str) -> str:
        local = iri[len(self.base_iri) :] if iri.startswith(self.base_iri + "/") else re.sub(r"^\w+:/*", "", iri)
        stem = _UNSAFE.sub("-", local).replace("..", "-")
        stem = re.sub(r"-{2,}", "-", stem).strip("-.") or "graph"
        if stem in self._taken or len(stem) > MAX_STEM:
            stem = f"{stem[:MAX_STEM]}-{hashlib.sha256(iri.encode()).hexdigest()[:8]}"
        self._taken.add(stem)
        return stem
