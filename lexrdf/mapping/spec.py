"""Loading declarative mapping files (mappings/*.yaml) and routing a document to the one that accepts it.

A mapping declares the root element and namespace it accepts (``root``), the namespace prefixes its paths use
(``namespaces``) and its rules; ``extends`` names a mapping whose rules it refines (dictionaries merge key by key,
``units`` included; a key set to null is removed; anything else is replaced). docs/mappings.md has the rule
language.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from lexrdf import yamltext
from lexrdf.errors import MappingError
from lexrdf.resources import asset_dir

MAPPINGS_DIR = asset_dir("mappings")
_REQUIRED = ("name", "root", "namespaces", "units", "identification", "contexts", "identifier")


@dataclass(frozen=True)
class Mapping:
    """One mapping file, with `extends` already merged in."""

    name: str
    label: str
    root_element: str
    namespace: str  # the root element's namespace
    namespaces: dict[str, str]  # prefix -> namespace, for every path of the mapping
    rules: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        try:
            return self.rules[key]
        except KeyError as exc:
            raise MappingError(f"mapping {self.name!r} has no {key!r}") from exc

    def get(self, key: str, default: Any = None) -> Any:
        return self.rules.get(key, default)

    @property
    def id_attribute(self) -> str:
        """The attribute that identifies a unit (AKN: eId)."""
        return self.rules["identifier"]["attribute"]

    @property
    def separator(self) -> str:
        """What splits an identifier into the steps of a provision's path (AKN: ``__``)."""
        return self.rules["identifier"].get("separator", "__")

    def accepts(self, element: str, namespace: str) -> bool:
        """Whether a document whose root is `element` in `namespace` is this mapping's format."""
        return element == self.root_element and namespace == self.namespace

    def describe(self) -> str:
        """How the format is recognised: ``akn (<akomaNtoso> in http://...)``."""
        return f"{self.name} (<{self.root_element}> in {self.namespace})"


def merge(base: dict[str, Any], refinement: dict[str, Any]) -> dict[str, Any]:
    """`base` refined by `refinement`: dictionaries merge recursively, null removes a key, the rest replaces.

    >>> merge({"units": {"part": "part", "level": "level"}, "v": 1}, {"units": {"level": None, "book": "book"}})
    {'units': {'part': 'part', 'book': 'book'}, 'v': 1}
    """
    merged = dict(base)
    for key, value in refinement.items():
        if value is None:
            merged.pop(key, None)
        elif isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _read(path: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    if path in seen:
        raise MappingError(f"{path}: `extends` forms a cycle")
    try:
        data = yamltext.load(path.read_text(encoding="utf-8"))
    except (OSError, yamltext.YAMLError) as exc:
        raise MappingError(f"{path}: cannot read mapping ({exc})") from exc
    if not isinstance(data, dict):
        raise MappingError(f"{path}: a mapping must be a YAML mapping")
    parent = data.pop("extends", None)
    return merge(_read(path.parent / parent, (*seen, path)), data) if parent else data


def _texts(path: Path) -> list[str]:
    """The YAML of a mapping file and of the files it extends, nearest first (to find the line of a key)."""
    texts: list[str] = []
    current: Path | None = path
    while current is not None and current.is_file() and len(texts) < 10:
        text = current.read_text(encoding="utf-8")
        texts.append(text)
        parent = (yamltext.load(text) or {}).get("extends")
        current = current.parent / parent if isinstance(parent, str) else None
    return texts


@cache
def load_mapping(path: Path) -> Mapping:
    """Load one mapping file, checked against the rule language's schema (lexrdf/mapping/schema.py)."""
    # imported here, not at the top: building the schema's models takes about 0.1 s, and every process that only
    # answers queries (each SPARQL worker, restarted after a query over its memory limit) imports this module
    from lexrdf.mapping.schema_check import validate_rules

    rules = _read(path)
    missing = [key for key in _REQUIRED if key not in rules]
    if missing:
        raise MappingError(f"{path}: missing required key(s) {', '.join(map(repr, missing))}")
    if isinstance(rules["identifier"], str):  # `identifier: id` is short for `identifier: {attribute: id}`
        rules["identifier"] = {"attribute": rules["identifier"]}
    if not isinstance(rules["identifier"], dict) or "attribute" not in rules["identifier"]:
        raise MappingError(f"{path}: `identifier` must give the `attribute` that identifies a unit")
    root = rules["root"]
    if not isinstance(root, dict) or "element" not in root or "namespace" not in root:
        raise MappingError(f"{path}: `root` must give `element` and `namespace`")
    validate_rules(rules, path, _texts(path))
    return Mapping(
        name=rules["name"],
        label=rules.get("label", rules["name"]),
        root_element=root["element"],
        namespace=root["namespace"],
        namespaces=dict(rules["namespaces"]),
        rules=rules,
    )


def all_mappings(directory: Path = MAPPINGS_DIR) -> list[Mapping]:
    """Every mapping in the mappings directory, in file-name order."""
    return [load_mapping(p) for p in sorted(directory.glob("*.yaml"))]


def mapping_for_root(element: str, namespace: str, directory: Path = MAPPINGS_DIR) -> Mapping | None:
    """The mapping that accepts a document whose root is `element` in `namespace`, or None."""
    return next((m for m in all_mappings(directory) if m.accepts(element, namespace)), None)
