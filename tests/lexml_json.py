"""LexML rendered as JSON (../shared/data/lexml/codigocivil.json) back to LexML XML.

The JSON is the usual XML-to-JSON rendering: a key ``@name`` is an attribute, ``#text`` the element's text, any
other key a child element (a list: that many children of that name, in order; a string: a child holding only
text). Children of different names come out in the order of their keys (the rendering keeps no other order).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lxml import etree

LEXML = "http://www.lexml.gov.br/1.0"
XSI = "http://www.w3.org/2001/XMLSchema-instance"


def _fill(element: etree._Element, value: Any) -> None:
    if not isinstance(value, dict):
        element.text = str(value)
        return
    for key, item in value.items():
        if key == "#text":
            element.text = str(item)
        elif key == "@schemaLocation":
            element.set(f"{{{XSI}}}schemaLocation", str(item))
        elif key.startswith("@"):
            element.set(key[1:], str(item))
        else:
            for child in item if isinstance(item, list) else [item]:
                _fill(etree.SubElement(element, f"{{{LEXML}}}{key}"), child)


def lexml_from_json(data: dict[str, Any]) -> etree._ElementTree:
    """The LexML document a JSON rendering holds (its root is <LexML>)."""
    root = etree.Element(f"{{{LEXML}}}LexML", nsmap={None: LEXML, "xsi": XSI})
    _fill(root, data)
    return etree.ElementTree(root)


def convert(source: Path, target: Path) -> Path:
    """Write the LexML XML of the JSON file `source` to `target`, one element a line (so lines are meaningful)."""
    tree = lexml_from_json(json.loads(source.read_text(encoding="utf-8")))
    etree.indent(tree, space=" ")
    tree.write(str(target), xml_declaration=True, encoding="UTF-8")
    return target
