"""The problems of one source file, collected as the mapping finds them: a problem that leaves the rest of the file
readable (a duplicate identifier, a period naming no window, an interval naming no event, a date that is no date) is
recorded with its line and element, and the mapping goes on as if the faulty part were absent; at the end they are
raised together as one SourceProblems, which reads as the first (what ingest refuses the act with) and lists them
all (what `lexrdf validate` reports). A problem after which nothing more can be read is raised at once, after those
already recorded.

>>> problems = Problems("a.xml")
>>> problems.add(3, "period '#tg9' names no window", "<paragraph eId=\\"p1\\">")
>>> problems.add(9, "duplicate eId 'p2'")
>>> try:
...     problems.check()
... except SourceProblems as exc:
...     str(exc), [(p.line, p.element) for p in exc.problems]
("a.xml:3: period '#tg9' names no window", [(3, '<paragraph eId="p1">'), (9, None)])
"""

from __future__ import annotations

from typing import NoReturn

from lxml import etree

from lexrdf.errors import LexrdfError, SourceError, SourceProblems


class Problems:
    """The problems recorded in one file, in the order found."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[SourceError] = []

    def add(self, line: int | None, problem: str, element: str | None = None) -> None:
        """Record one problem; the caller carries on without the part at fault."""
        self.found.append(SourceError(self.path, line, problem, element))

    def check(self) -> None:
        """Raise the problems recorded, if any, as one SourceProblems."""
        if self.found:
            raise SourceProblems(self.found)

    def stop(self, error: Exception) -> NoReturn:
        """A problem the mapping cannot go past: raised after those already recorded (alone when there are none).
        A wrong mapping (not the file's fault) is raised as it is; any other error after a recorded problem is taken
        as its consequence (the file read on without the part at fault): the recorded problems are raised."""
        if isinstance(error, SourceError) and self.found:
            raise SourceProblems([*self.found, *getattr(error, "problems", [error])]) from error
        if not self.found or isinstance(error, LexrdfError):
            raise error
        raise SourceProblems(self.found) from error


def element_name(element: etree._Element, id_attribute: str) -> str:
    """An element as the source writes it, with its identifier: ``<paragraph eId="art_3__para_2">``."""
    local = etree.QName(element).localname if isinstance(element.tag, str) else str(element.tag)
    identifier = element.get(id_attribute)
    return f'<{local} {id_attribute}="{identifier}">' if identifier else f"<{local}>"
