"""YAML read safely, by libyaml's parser where PyYAML was built with it (a few times as fast: every process of an
ingest reads the mappings and the query library's headers), else by PyYAML's own.

>>> load("a: [1, two]")
{'a': [1, 'two']}
"""

from __future__ import annotations

from typing import Any

import yaml

YAMLError = yaml.YAMLError
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(text: str) -> Any:
    """The data of one YAML document, built only from plain types (as `yaml.safe_load`)."""
    return yaml.load(text, Loader=_SAFE_LOADER)  # noqa: S506 (a safe loader)


__all__ = ["YAMLError", "load"]
