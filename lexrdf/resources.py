"""Where the declarative assets are: the mappings, the SHACL shapes and the ontology ship inside the package.

In an installed wheel they are directories of the package (``lexrdf/mappings``, ``lexrdf/shapes``,
``lexrdf/ontology``); in a checkout those are links to the top-level directories, where they are edited.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def asset_dir(name: str) -> Path:
    """The directory of one kind of asset (``mappings``, ``shapes``, ``ontology``) inside the package.

    >>> sorted(p.name for p in asset_dir("ontology").glob("*.ttl"))
    ['lexrdf.ttl']
    """
    return Path(str(files("lexrdf") / name))


MAPPINGS_DIR = asset_dir("mappings")
SHAPES_DIR = asset_dir("shapes")
ONTOLOGY_FILE = asset_dir("ontology") / "lexrdf.ttl"
