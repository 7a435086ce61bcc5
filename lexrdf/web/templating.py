"""The Jinja2 environment of the HTML pages: templates ship in lexrdf/web/templates, autoescaped."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

TEMPLATES_DIR = Path(__file__).resolve().parent / "templates"
STATIC_DIR = Path(__file__).resolve().parent / "static"


@cache
def environment() -> Environment:
    """One environment per process; templates are compiled once."""
    return Environment(
        loader=FileSystemLoader(TEMPLATES_DIR),
        autoescape=select_autoescape(["html", "xml", "svg"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render(template: str, **context: Any) -> str:
    """Render one template with its context."""
    return environment().get_template(template).render(**context)
