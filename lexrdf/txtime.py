"""Transaction time is the commit: a changeset's time is taken when its write is committed.

Planning an act's additions, validating them and writing them take time, and the ingest writes on a background
thread while it plans the next act, so a time taken when a document is planned could precede its commit by
seconds, and two changesets' times need not follow the order of their commits. Records are therefore planned
with provisional times (handed out by the store's `Clock`, so already later than anything stored and in the order
of planning, which is what validation compares), and the store replaces them, right before its atomic write and
under its write lock, by the commit's own times: strictly increasing across the changesets of one store, never
equal to or earlier than the latest stored (`Pending`).

>>> clock = Clock(datetime(2999, 1, 1, tzinfo=UTC))
>>> [t.isoformat() for t in clock.take(2)]
['2999-01-01T00:00:00.000001+00:00', '2999-01-01T00:00:00.000002+00:00']
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from pyoxigraph import Literal, NamedNode, Quad

from lexrdf.uris import restamped_changeset
from lexrdf.vocab import XSD

TICK = timedelta(microseconds=1)  # xsd:dateTime as written here keeps microseconds


def stamp(moment: datetime) -> Literal:
    """The xsd:dateTime literal of a transaction time (as every record and changeset carries it), in the canonical
    form Oxigraph stores and writes back (UTC as "Z", no trailing zero in the fraction): the transaction log, the
    store and its dumps then write one form of each time.

    >>> stamp(datetime(2026, 11, 30, 9, 42, 41, 274190, tzinfo=UTC)).value
    '2026-11-30T09:42:41.27419Z'
    >>> stamp(datetime(2026, 11, 30, 9, 42, 41, tzinfo=UTC)).value
    '2026-11-30T09:42:41Z'
    """
    utc = moment.astimezone(UTC)
    fraction = f".{utc.microsecond:06d}".rstrip("0") if utc.microsecond else ""
    return Literal(f"{utc:%Y-%m-%dT%H:%M:%S}{fraction}Z", datatype=XSD.dateTime)


def wall_clock() -> datetime:
    """The wall clock transaction times follow: the one place lexrdf reads it for them (tests put a clock of their
    own here, tests/clock.py, rather than sleep between writes)."""
    return datetime.now(UTC)


class Clock:
    """Strictly increasing transaction times of one store, each later than the latest already handed out or
    stored. Thread-safe: the ingest plans on one thread and writes on another."""

    def __init__(self, latest: datetime | None = None) -> None:
        self.latest = latest
        self._lock = threading.Lock()

    def take(self, count: int = 1) -> list[datetime]:
        """`count` consecutive times from now (or from just after the latest, if the wall clock has not passed it)."""
        with self._lock:
            now = wall_clock()
            first = now if self.latest is None or now > self.latest else self.latest + TICK
            times = [first + TICK * index for index in range(count)]
            self.latest = times[-1]
            return times

    def next(self) -> datetime:
        return self.take(1)[0]


class ReservedTimes:
    """Provisional times taken from a store's `Clock` in advance, handed out in order by a planner in another
    process (lexrdf.planning): the same interface as `Clock`, over a fixed supply.

    >>> times = ReservedTimes(Clock(datetime(2999, 1, 1, tzinfo=UTC)).take(2))
    >>> times.next().microsecond, times.take(1)[0].microsecond
    (1, 2)
    """

    def __init__(self, times: Iterable[datetime]) -> None:
        self._times = list(times)

    def take(self, count: int = 1) -> list[datetime]:
        if count > len(self._times):
            raise RuntimeError(f"{count} provisional times asked for, {len(self._times)} reserved")
        taken, self._times = self._times[:count], self._times[count:]
        return taken

    def next(self) -> datetime:
        return self.take(1)[0]


@dataclass
class Pending:
    """The changesets one write records, in order, each with the provisional time it was planned with (in its
    `lex:recordedAt`, `lex:supersededAt` and `prov:startedAtTime` literals and in its IRI)."""

    changesets: list[tuple[datetime, str]] = field(default_factory=list)
    times: list[datetime] | None = None  # the time each changeset took, once the store stamped the write (`commit`)

    def add(self, provisional: datetime, changeset: str) -> None:
        self.changesets.append((provisional, changeset))

    def commit(self, times: list[datetime]) -> None:
        """Record the times the changesets take (the store, when it stamps the write), one a changeset."""
        if len(times) != len(self.changesets):
            raise ValueError(f"{len(self.changesets)} changesets cannot take {len(times)} times")
        self.times = list(times)

    def _finals(self) -> list[tuple[datetime, str, datetime]]:
        """Each changeset's provisional time, IRI and committed time."""
        if self.times is None:
            raise ValueError("the write is not stamped yet: Pending.commit first")
        pairs = zip(self.changesets, self.times, strict=True)
        return [(provisional, changeset, final) for (provisional, changeset), final in pairs]

    def restamper(self) -> Callable[[str | None], str | None]:
        """A function giving an xsd:dateTime value as read back from the write before it committed with the commit's
        time in place of a provisional one (compared as instants, whatever the lexical form; written as `stamp`
        writes it), anything else unchanged (as `stamper` does to N-Quads: the times are looked up once, not for
        every value); a write with no changesets stamped changes nothing.

        >>> pending = Pending([(datetime(2999, 1, 1, tzinfo=UTC), "https://e.org/changeset/x")])
        >>> pending.commit([datetime(2999, 1, 2, tzinfo=UTC)])
        >>> restamp = pending.restamper()
        >>> restamp("2999-01-01T00:00:00Z"), restamp("2000-01-01T00:00:00Z"), restamp(None)
        ('2999-01-02T00:00:00Z', '2000-01-01T00:00:00Z', None)
        """
        finals = {provisional: stamp(final).value for provisional, _, final in self._finals()} if self.times else {}

        def restamp(value: str | None) -> str | None:
            return finals.get(datetime.fromisoformat(value), value) if value is not None and finals else value

        return restamp

    def __len__(self) -> int:
        return len(self.changesets)

    def terms(self) -> dict[Literal | NamedNode, Literal | NamedNode]:
        """Each provisional term and the term it became when the changesets committed (times as `stamp` writes them,
        as everything that writes a transaction time does)."""
        mapping: dict[Literal | NamedNode, Literal | NamedNode] = {}
        for provisional, changeset, final in self._finals():
            mapping[stamp(provisional)] = stamp(final)
            mapping[NamedNode(changeset)] = NamedNode(restamped_changeset(changeset, final))
        return mapping

    def stamped(self, quads: Iterable[Quad]) -> list[Quad]:
        """The quads with the commit's times in place of the provisional ones."""
        mapping = self.terms()
        return [
            Quad(mapping.get(q.subject, q.subject), q.predicate, mapping.get(q.object, q.object), q.graph_name)
            if q.subject in mapping or q.object in mapping
            else q
            for q in quads
        ]

    def stamper(self) -> Callable[[bytes], bytes]:
        """A function putting the commit's times in serialised N-Quads (whole lines: a literal or IRI term
        serialises to one exact string, and no other term contains it, since a quote inside a literal is escaped)."""
        replacements = [(str(old).encode("utf-8"), str(new).encode("utf-8")) for old, new in self.terms().items()]

        def stamp_nquads(data: bytes) -> bytes:
            for old, new in replacements:
                data = data.replace(old, new)
            return data

        return stamp_nquads

    def stamped_nquads(self, data: bytes) -> bytes:
        """`stamper` applied to one block of N-Quads."""
        return self.stamper()(data)

    def final_iris(self) -> list[str]:
        """The changesets' IRIs as they are once committed."""
        return [restamped_changeset(changeset, final) for _, changeset, final in self._finals()]


__all__ = ["TICK", "Clock", "Pending", "ReservedTimes", "stamp"]
