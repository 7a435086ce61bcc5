"""Typed errors, raised where a problem is found and turned into exit codes or HTTP statuses at the edges."""

from __future__ import annotations


class LexrdfError(Exception):
    """Base class of every error lexrdf raises on purpose."""


class SourceError(LexrdfError):
    """A source file that cannot be mapped: names the file, the line and the problem.

    >>> str(SourceError("a.xml", 3, "not well-formed"))
    'a.xml:3: not well-formed'
    """

    def __init__(self, path: str, line: int | None, problem: str, element: str | None = None) -> None:
        self.path = path
        self.line = line
        self.problem = problem
        self.element = element  # the element at fault as the source writes it (``<paragraph eId="p1">``), if known
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {problem}")

    def __reduce__(self) -> tuple:
        """Pickle as it is (its class, message and attributes), so that one raised in a worker process
        (lexrdf.parallel) is the same error in the parent."""
        return (_restored, (type(self), self.args, self.__dict__))


def _restored(cls: type[SourceError], args: tuple, state: dict) -> SourceError:
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class SourceProblems(SourceError):
    """Every independent problem found in one file as it was mapped (lexrdf.mapping.problems), each a SourceError
    with its own line and element. It reads as the first of them, so that a refusal says what it said when the
    mapping stopped at the first; `lexrdf validate` reports them all.

    >>> error = SourceProblems([SourceError("a.xml", 3, "one"), SourceError("a.xml", 9, "two")])
    >>> str(error), [p.line for p in error.problems]
    ('a.xml:3: one', [3, 9])
    """

    def __init__(self, problems: list[SourceError]) -> None:
        first = problems[0]
        super().__init__(first.path, first.line, first.problem, first.element)
        self.problems = list(problems)


class MappingError(LexrdfError):
    """A mapping file (mappings/*.yaml) that is itself wrong."""


class QueryError(LexrdfError):
    """An unknown query or a bad parameter: names the parameter (also as `parameter`, when there is one)."""

    def __init__(self, message: str, parameter: str | None = None) -> None:
        self.parameter = parameter
        super().__init__(message)


class StoreError(LexrdfError):
    """The store could not be opened, read or written."""


class WrongAnswerError(StoreError):
    """A query the store's engine is known to answer wrongly (docs/remote.md, `WRONG_ANSWERS` of
    lexrdf.store.remote): refused, naming the engine and the fault, rather than answered."""


class SearchServiceError(LexrdfError):
    """The search service (lexrdf.search.service) did not answer, or refused the request."""
