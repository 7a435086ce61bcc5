"""The path language of the mappings: XPath 1.0 over one document, from named starting points (contexts).

A *spec* is ``context:xpath``, optionally followed by ``" ~ regex"`` whose group 1 is kept (``value:text`` is a
literal). Contexts are declared by each mapping (``contexts: {meta: {path: a:meta}}``) relative to its document
element; namespace prefixes are the mapping's ``namespaces``. It knows XML, not the document model.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from lxml import etree

from lexrdf.errors import SourceError


class _LocalNames(dict):
    """Local names by lxml tag, worked out once per tag: a reader asks for one for every element it meets, several
    times over. A source's vocabulary is small; one that names more tags than `MOST` is not cached past them."""

    MOST = 4096

    def __missing__(self, tag: object) -> str:
        name = tag.rpartition("}")[2] if isinstance(tag, str) else ""
        if len(self) < self.MOST:
            self[tag] = name
        return name


#: the local name of an lxml tag ("" for a comment's or a processing instruction's): ``LOCAL_NAMES[element.tag]``
LOCAL_NAMES = _LocalNames()


def local_name(element: Any) -> str:
    """The local name of an element ("" for a comment or a processing instruction): its tag after the namespace
    in braces, as lxml writes it ("{namespace}name", or "name" in no namespace).

    >>> from lxml import etree
    >>> local_name(etree.fromstring('<a:act xmlns:a="urn:x"/>')), local_name(etree.Comment("c")), local_name("x")
    ('act', '', '')
    """
    return LOCAL_NAMES[getattr(element, "tag", None)]


@lru_cache(maxsize=512)
def _compiled(expression: str, namespaces: tuple[tuple[str, str], ...]) -> etree.XPath:
    return etree.XPath(expression, namespaces=dict(namespaces), smart_strings=True)


class Paths:
    """Evaluates a mapping's paths over one document: contexts, values with their lines, first values."""

    def __init__(self, path: str, namespaces: dict[str, str], normalise: Any, text_of: Any) -> None:
        self.path = path
        self.namespaces = namespaces
        self._ns = tuple(sorted(namespaces.items()))
        self.contexts: dict[str, etree._Element | None] = {}
        self._normalise = normalise
        self._text_of = text_of

    def xpath(self, context: etree._Element, expression: str) -> list[Any]:
        """The results of one XPath expression (a number or a string is one result)."""
        try:
            result = _compiled(expression, self._ns)(context)
        except etree.XPathError as exc:
            raise SourceError(self.path, context.sourceline, f"mapping path {expression!r} is wrong: {exc}") from exc
        return result if isinstance(result, list) else [result]

    def first(self, context: etree._Element, expression: str | None) -> Any:
        """The first result of `expression` (an element, or its value as a string), or None."""
        if not expression:
            return None
        for result in self.xpath(context, expression):
            return result if isinstance(result, etree._Element) else str(result)
        return None

    def bind(self, root: etree._Element, contexts: dict[str, Any]) -> None:
        """Find every declared context under `root` (the document element); a missing required one is an error
        on the line of the deepest element of its path that the document has."""
        for name, rule in contexts.items():
            rule = rule if isinstance(rule, dict) else {"path": rule}
            found = self.first(root, rule["path"])
            self.contexts[name] = found if isinstance(found, etree._Element) else None
            if self.contexts[name] is None and rule.get("missing"):
                raise SourceError(self.path, self.deepest(root, rule["path"]).sourceline, rule["missing"])

    def deepest(self, root: etree._Element, path: str) -> etree._Element:
        """The deepest element along a path of steps the document has (where a missing element would be)."""
        element, steps = root, path.split("/")
        for end in range(1, len(steps)):
            found = self.first(root, "/".join(steps[:end]))
            if not isinstance(found, etree._Element):
                break
            element = found
        return element

    def split(self, spec: str) -> tuple[etree._Element | None, str]:
        """A ``context:xpath`` spec as the context element (None when the document has none) and the XPath."""
        name, _, xpath = spec.partition(":")
        if name not in self.contexts:
            raise SourceError(self.path, None, f"mapping path {spec!r} names no context ({', '.join(self.contexts)})")
        return self.contexts[name], xpath

    def select(self, spec: str) -> list[Any]:
        """Every result of a ``context:xpath`` spec (nothing when the document has no such context)."""
        context, xpath = self.split(spec)
        return [] if context is None else self.xpath(context, xpath)

    def values(self, specs: Iterable[str]) -> list[tuple[str, int | None, str]]:
        """All non-empty values of the first spec that yields any, each with its source line and where it was read
        (``<FRBRdate date>``: the element and the attribute)."""
        for spec in specs:
            selector, _, pattern = spec.partition(" ~ ")
            if selector.startswith("value:"):
                return [(selector[len("value:") :], None, "the mapping")]
            context, xpath = self.split(selector)
            if context is None:
                continue
            found: list[tuple[str, int | None, str]] = []
            for result in self.xpath(context, xpath):
                if isinstance(result, etree._Element):
                    text, line = self._normalise(self._text_of(result)), result.sourceline
                    origin = f"<{local_name(result)}>"
                else:
                    parent = result.getparent() if hasattr(result, "getparent") else None
                    text, line = str(result).strip(), parent.sourceline if parent is not None else None
                    attribute = getattr(result, "attrname", None) if getattr(result, "is_attribute", False) else None
                    element = local_name(parent) if parent is not None else "?"
                    origin = f"<{element}{' ' + attribute if attribute else ''}>"
                if pattern and text:
                    match = re.search(pattern, text)
                    text = _matched(match) if match else ""
                if text:
                    found.append((text, line, origin))
            if found:
                return found
        return []


def _matched(match: re.Match[str]) -> str:
    """What a rule's pattern takes from a value: its first group, or a date when it names the groups `day`, `month`
    and `year` (a date written as the source writes it, "27/03/2024", read as 2024-03-27).

    >>> _matched(re.search(r"(?P<day>\\d+)/(?P<month>\\d+)/(?P<year>\\d{4})", "in vigore: 6/5/2007"))
    '2007-05-06'
    """
    parts = match.groupdict()
    if parts.keys() >= {"day", "month", "year"} and all(parts[name] for name in ("day", "month", "year")):
        return f"{parts['year']:0>4}-{parts['month']:0>2}-{parts['day']:0>2}"
    return match.group(1)
