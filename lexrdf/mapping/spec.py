"""Loading declarative mapping files (mappings/*.yaml) and choosing the one that fits a document."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from lexrdf.errors import MappingError

MAPPINGS_DIR = Path(__file__).resolve().parents[2] / "mappings"


@dataclass(frozen=True)
class Mapping:
    """One mapping file, with `extends` already merged in."""

    name: str
    namespace: str
    rules: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        try:
            return self.rules[key]
        except KeyError as exc:
            raise MappingError(f"mapping {self.name!r} has no {key!r}") from exc

    def get(self, key: str, default: Any = None) -> Any:
        return self.rules.get(key, default)


def _read(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise MappingError(f"{path}: cannot read mapping ({exc})") from exc
    if not isinstance(data, dict):
        raise MappingError(f"{path}: a mapping must be a YAML mapping")
    parent = data.pop("extends", None)
    if parent:
        base = _read(path.parent / parent)
        for key, value in data.items():
            if isinstance(value, dict) and isinstance(base.get(key), dict) and key != "units":
                base[key] = {**base[key], **value}
            else:
                base[key] = value
        data = base
    return data


@cache
def load_mapping(path: Path) -> Mapping:
    """Load one mapping file."""
    rules = _read(path)
    for key in ("name", "namespace", "units", "identification"):
        if key not in rules:
            raise MappingError(f"{path}: missing required key {key!r}")
    return Mapping(name=rules["name"], namespace=rules["namespace"], rules=rules)


def all_mappings(directory: Path = MAPPINGS_DIR) -> list[Mapping]:
    """Every mapping in the mappings directory, in file-name order."""
    return [load_mapping(p) for p in sorted(directory.glob("*.yaml"))]


def mapping_for_namespace(namespace: str, directory: Path = MAPPINGS_DIR) -> Mapping | None:
    """The mapping whose namespace is the document root's, or None."""
    for mapping in all_mappings(directory):
        if mapping.namespace == namespace:
            return mapping
    return None
