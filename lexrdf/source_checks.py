"""Identity and authority of sources: what a file may do to an act already held, and who submitted it.

A source names the act it expresses by its FRBR identifiers, and the ingest believes it: a new expression of an
act closes the windows of every provision it no longer shows and replaces the texts it shows otherwise. So a file
that claims another act's identity, or a truncated consolidation, would silently end or rewrite that act. Before
anything is written (the ingest plans every expression of an act already held first), each new expression of an
act is checked against what is held:

- **identity**: its title, act number and structure must be those of the act it claims (`identity_problems`; not
  its work date: a consolidation may give the date of its last amendment there, as LegalDocML.de does);
- **authority to end**: it may not end more than a small share or count of the act's provisions in force without
  naming the act that repeals them (`check_mass_end`).

Either is refused with one line naming the file, the line and what it would do, unless confirmed
(`SourcePolicy.allow_identity_mismatch`, `SourcePolicy.allow_mass_end`: `lexrdf ingest --allow-identity-mismatch`,
`--allow-mass-end`). Every changeset also records what submitted it: the file, its SHA-256 and who (`submitter`).

>>> policy = SourcePolicy()
>>> policy.refuses_mass_end(3, 3), policy.refuses_mass_end(1, 3), policy.refuses_mass_end(60, 1000)
(True, False, True)
"""

from __future__ import annotations

import getpass
import os
import re
from dataclasses import dataclass, field, replace

from lexrdf.errors import SourceError
from lexrdf.model import SourceDocument
from lexrdf.queries import load_library
from lexrdf.store.base import Store
from lexrdf.versioning import Plan, StoredAct

_ENV = {
    "mass_end_max_share": ("LEXRDF_MASS_END_MAX_SHARE", float),
    "mass_end_max_count": ("LEXRDF_MASS_END_MAX_COUNT", int),
    "min_title_similarity": ("LEXRDF_MIN_TITLE_SIMILARITY", float),
    "min_shared_paths": ("LEXRDF_MIN_SHARED_PATHS", float),
}


@dataclass(frozen=True)
class SourcePolicy:
    """What an ingest lets a source do to an act already held, and whom its changesets name as submitter.

    Thresholds (settings; `from_env` reads LEXRDF_MASS_END_MAX_SHARE, LEXRDF_MASS_END_MAX_COUNT,
    LEXRDF_MIN_TITLE_SIMILARITY, LEXRDF_MIN_SHARED_PATHS):

    - an expression that ends, without naming a repealing act, more than `mass_end_max_share` of the act's
      provisions in force, or more than `mass_end_max_count` of them, is refused unless `allow_mass_end`;
    - an expression whose title is less similar than `min_title_similarity` (0-1, `title_similarity`: the share of
      words in common, best of title and short title) to the held act's, whose act number differs, or fewer than
      `min_shared_paths` of whose provisions are provisions of the held act, is refused unless
      `allow_identity_mismatch`.
    """

    allow_mass_end: bool = False
    allow_identity_mismatch: bool = False
    submitted_by: str | None = None  # who submits (default: the OS user running the ingest)
    mass_end_max_share: float = 0.5
    mass_end_max_count: int = 50
    min_title_similarity: float = 0.5
    min_shared_paths: float = 0.5

    @classmethod
    def from_env(cls, **options: object) -> SourcePolicy:
        """The thresholds from the environment (when set), then `options` (flags, submitter, thresholds)."""
        values: dict[str, object] = {}
        for name, (variable, kind) in _ENV.items():
            if os.environ.get(variable):
                try:
                    values[name] = kind(os.environ[variable])
                except ValueError:
                    raise ValueError(f"{variable}={os.environ[variable]!r} is not a {kind.__name__}") from None
        values.update({name: value for name, value in options.items() if value is not None})
        return replace(cls(), **values)

    def refuses_mass_end(self, ended: int, in_force: int) -> bool:
        """Whether ending `ended` of `in_force` provisions without a named repealing act needs confirmation."""
        if self.allow_mass_end or ended == 0:
            return False
        return ended > self.mass_end_max_count or ended > self.mass_end_max_share * max(in_force, 1)

    def submitter(self) -> str:
        """Who submits: `submitted_by`, else the OS user (else the numeric user id)."""
        if self.submitted_by:
            return self.submitted_by
        try:
            return getpass.getuser()
        except (KeyError, OSError):
            return f"uid:{os.getuid()}" if hasattr(os, "getuid") else "unknown"


@dataclass
class ActIdentity:
    """What identifies an act held (or expressed by an earlier source of the same ingest): its titles, number and
    the paths of its provisions."""

    act: str
    titles: set[str] = field(default_factory=set)
    numbers: set[str] = field(default_factory=set)
    paths: set[str] = field(default_factory=set)

    @classmethod
    def of_document(cls, act: str, document: SourceDocument) -> ActIdentity:
        return cls(
            act,
            {t for t in (document.title, document.short_title) if t},
            {document.act_number},
            {unit.path for unit in document.units},
        )


def stored_identity(store: Store, act: str, stored: StoredAct) -> ActIdentity | None:
    """The identity of an act as held (None when the store holds no text of it)."""
    if not stored.provisions and not stored.has_versions:
        return None
    identity = ActIdentity(act, paths={path for path in stored.provisions if path})
    for row in store.select(load_library()["_act-identity"].bound({"act": act})):
        for name in ("title", "short_title"):
            if row[name] is not None:
                identity.titles.add(row[name].value)
        if row["number"] is not None:
            identity.numbers.add(row["number"].value)
    return identity


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.casefold()))


def title_similarity(titles: set[str], others: set[str]) -> float:
    """The best similarity (0-1) between any title of one set and any of the other: the share of words they have
    in common (Dice's coefficient on their sets of words); 1 when one contains the other.

    >>> title_similarity({"Data Protection Act 1998"}, {"1998 c. 29", "Data Protection Act 1998"})
    1.0
    >>> round(title_similarity({"Harbour Act 1995"}, {"Data Protection Act 1998"}), 2)
    0.29
    """
    best = 0.0
    for one in titles:
        for other in others:
            if _plain(one) and _plain(other) and (_plain(one) in _plain(other) or _plain(other) in _plain(one)):
                return 1.0
            words, other_words = _words(one), _words(other)
            if words and other_words:
                best = max(best, 2 * len(words & other_words) / (len(words) + len(other_words)))
    return best


def identity_problems(
    document: SourceDocument, identity: ActIdentity, policy: SourcePolicy, portions_only: bool = False
) -> list[str]:
    """How a document's content differs from the act it claims to express (empty when it does not). When the act
    is held only by portions (`portions_only`: its provisions held are some of the act's), a whole text's provisions
    are not expected to be theirs: theirs are expected among its own."""
    problems: list[str] = []
    if identity.titles and document.title:
        ours = {t for t in (document.title, document.short_title) if t}
        if title_similarity(ours, identity.titles) < policy.min_title_similarity:
            problems.append(f"its title {document.title!r} is not the act's ({sorted(identity.titles)[0]!r})")
    numbers = {_plain(n) for n in identity.numbers}
    if numbers and _plain(document.act_number) not in numbers:
        problems.append(f"its act number {document.act_number!r} is not the act's ({sorted(identity.numbers)[0]!r})")
    paths = {unit.path for unit in document.units}
    # a portion holds other provisions than those held (another section of the act) and ends none of them: its
    # title and number say whose it is
    if identity.paths and paths and not document.portion:
        shared = len(paths & identity.paths)
        if shared < policy.min_shared_paths * (min(len(paths), len(identity.paths)) if portions_only else len(paths)):
            problems.append(f"only {shared} of its {len(paths)} provisions are provisions of the act")
    return problems


def check_identity(
    document: SourceDocument, identity: ActIdentity | None, policy: SourcePolicy, portions_only: bool = False
) -> None:
    """Refuse a document whose content is unrelated to the act it claims, unless confirmed (`identity_problems`)."""
    if identity is None or policy.allow_identity_mismatch:
        return
    problems = identity_problems(document, identity, policy, portions_only)
    if problems:
        raise SourceError(
            document.path,
            document.lines.get("work_uri"),
            f"claims to be {identity.act} ({document.frbr_work}) but {'; '.join(problems)}: refused, it would write "
            "into that act's graph; pass --allow-identity-mismatch to confirm",
        )


def provisions_ended(plan: Plan, stored: StoredAct) -> tuple[list[str], int]:
    """The provisions in force (an open window) that a plan ends without naming a repealing act (no new text of
    theirs follows on, and the event that closes them names no act and is no expiry by the provision's own
    terms), and how many were in force."""
    versions = {version.iri: version for history in stored.versions.values() for version in history}
    in_force = sum(
        1 for path, history in stored.versions.items() if path and any(v.valid_until is None for v in history)
    )
    continued = {(version.path, version.valid_from) for version in plan.new_versions}  # a new text follows on
    ended: set[str] = set()
    for record in plan.new_records:
        version = versions.get(record.version)
        if version is None or not version.path or record.valid_until is None or version.valid_until is not None:
            continue
        event = plan.events.get(record.closed_by or "")
        if (version.path, record.valid_until) in continued or (
            event is not None and (event.source_acts or event.kind == "expiry")
        ):
            continue
        ended.add(version.path)
    return sorted(ended), in_force


def check_mass_end(document: SourceDocument, plan: Plan, stored: StoredAct, policy: SourcePolicy) -> None:
    """Refuse a document that would end many provisions of the act without naming a repealing act, unless
    confirmed."""
    ended, in_force = provisions_ended(plan, stored)
    if policy.refuses_mass_end(len(ended), in_force):
        named = ", ".join(ended[:3]) + (", ..." if len(ended) > 3 else "")
        raise SourceError(
            document.path,
            document.lines.get("expression_date") or document.lines.get("work_uri"),
            f"would end {len(ended)} of {in_force} provisions of {plan.act} in force ({named}) on "
            f"{document.expression_date} without naming a repealing act; pass --allow-mass-end to confirm",
        )


__all__ = [
    "ActIdentity",
    "SourcePolicy",
    "check_identity",
    "check_mass_end",
    "identity_problems",
    "provisions_ended",
    "stored_identity",
    "title_similarity",
]
