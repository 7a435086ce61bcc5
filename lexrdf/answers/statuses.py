"""The statuses an answer has: in force, and each typed non-answer saying why there is no text (valid time),
and where an interpretation stands (interpretive time)."""

from __future__ import annotations

from datetime import date

IN_FORCE = "in-force"
NOT_YET_IN_FORCE = "not-yet-in-force"
# in force for some purposes only: after a commencement in part, before the provision came into force as a whole
PARTLY_IN_FORCE = "partly-in-force"
OUTSIDE_EXTENT = "outside-extent"  # no text of the provision extends to the territories asked for
REPEALED = "repealed"
ENDED = "ended"  # a window that closed with no act repealing it: a temporary provision's expiry, or unrecorded
AS_LAST_KNOWN = "as-last-known"  # in force as far as the sources go, but the date is after they are current to
OUTSIDE_COVERAGE = "outside-coverage"
UNKNOWN_REFERENCE = "unknown-reference"
AMBIGUOUS_REFERENCE = "ambiguous-reference"
RESOLVED = "resolved"
STRUCK_DOWN = "struck-down"  # a window a binding ruling closed (declared the text void)
# interpretive time (lexrdf/queries/interpretations.rq)
OPERATIVE = "operative"
NO_INTERPRETATION_YET = "no-interpretation-yet"
NO_LONGER_OPERATIVE = "no-longer-operative"
NOT_INTERPRETED = "not-interpreted"
INTERPRETIVE_ONLY = "interpretive-only"  # text-at of an item with no statutory text (a doctrine, a precedent)
EARLIER, LATER = "earlier", "later"  # an interpretation's place relative to the asked date
RULING_TYPES = {"judicial-decision", "administrative-decision", "binding-ruling"}


def past_currency(day: date, current_to: str | None) -> bool:
    """Whether `day` is after the date the sources are current to (None: they name none): what is in force then is
    the text as last known (AS_LAST_KNOWN), what is not yet in force may have come into force since."""
    return bool(current_to) and day.isoformat() > str(current_to)
