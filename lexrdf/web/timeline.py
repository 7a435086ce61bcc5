"""A provision's versions on a time axis, laid out for a server-rendered SVG (templates/_timeline.html).

One bar per version window, one mark per event, the chosen date and today as lines; the part of an open window
after the date the sources are current to is drawn apart (hatched), since nothing vouches for it. Interpretations
(readings fixed by binding rulings) are a second lane below the versions, one bar each (readings operative at the
same time on rows of their own); a ruling's mark is a circle where an event's is a diamond.

>>> tl = layout([Span(date(2001, 4, 1), date(2004, 7, 1), "/v1", "v1"), Span(date(2004, 7, 1), None, "/v2", "v2")],
...             [Moment(date(2004, 7, 1), "/e", "substitution")], chosen=date(2003, 1, 1), today=date(2020, 1, 1),
...             current_to=date(2010, 1, 1))
>>> [bar.current for bar in tl.bars], tl.bars[0].x < tl.bars[1].x, tl.bars[1].beyond_width > 0
([True, False], True, True)
>>> tl = layout([], [], chosen=date(2003, 1, 1), today=date(2020, 1, 1),
...             readings=[Span(date(2002, 1, 1), None, "/i1", "i1"), Span(date(2002, 6, 1), None, "/i2", "i2")])
>>> [(bar.y, bar.current) for bar in tl.readings]
[(30, True), (54, True)]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

WIDTH = 960
LEFT, RIGHT = 16, 16
BAR_Y, BAR_HEIGHT = 30, 28
MARK_Y, MARK_STEP = 76, 14
AXIS_Y = 112
LANE_GAP, READING_HEIGHT, READING_STEP = 10, 20, 24  # the interpretations' lane, below the versions'
RULING_KINDS = frozenset({"judicial-decision", "administrative-decision", "binding-ruling"})


@dataclass(frozen=True)
class Span:
    """A version window `[start, end)` (end None while open), the page it links to and its description."""

    start: date
    end: date | None
    href: str
    title: str


@dataclass(frozen=True)
class Moment:
    """An event: its date, page and description."""

    day: date
    href: str
    title: str
    kind: str = "event"


@dataclass(frozen=True)
class Bar:
    x: float
    width: float
    href: str
    title: str
    label: str
    current: bool
    beyond_x: float = 0.0
    beyond_width: float = 0.0


@dataclass(frozen=True)
class ReadingBar:
    """An interpretation's window in the second lane, on its row `y` (readings operative at once are stacked)."""

    x: float
    y: int
    width: float
    href: str
    title: str
    label: str
    label_y: int
    current: bool


@dataclass(frozen=True)
class Mark:
    x: float
    y: float
    href: str
    title: str
    kind: str

    @property
    def ruling(self) -> bool:
        """A binding ruling (drawn as a circle, an event as a diamond)."""
        return self.kind in RULING_KINDS


@dataclass(frozen=True)
class Line:
    """A dated vertical line (the date shown, today, the sources' currency) and its label."""

    kind: str
    x: float
    top: int
    bottom: int
    label: str
    label_y: int
    anchor: str  # SVG text-anchor keeping the label inside the drawing


@dataclass(frozen=True)
class Tick:
    x: float
    label: str


@dataclass
class Timeline:
    """Everything the SVG draws, in its own coordinates (width x height)."""

    width: int
    height: int
    bars: list[Bar] = field(default_factory=list)
    readings: list[ReadingBar] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    ticks: list[Tick] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    bar_y: int = BAR_Y
    bar_height: int = BAR_HEIGHT
    bar_label_y: int = BAR_Y + 19
    axis_y: int = AXIS_Y
    axis_end: int = WIDTH - 8
    tick_top: int = AXIS_Y - 4
    tick_bottom: int = AXIS_Y + 4
    tick_label_y: int = AXIS_Y + 18
    reading_height: int = READING_HEIGHT
    lane_label_x: int = LEFT

    @property
    def beyond_currency(self) -> bool:
        """Whether a bar runs past the date the sources are current to."""
        return any(bar.beyond_width for bar in self.bars)

    @property
    def rulings(self) -> bool:
        """Whether a ruling is marked."""
        return any(mark.ruling for mark in self.marks)


def layout(
    spans: list[Span],
    moments: list[Moment],
    chosen: date,
    today: date,
    current_to: date | None = None,
    readings: list[Span] | None = None,
) -> Timeline:
    """Place the spans (versions), moments (events, rulings), readings (interpretations) and the chosen, today and
    currency dates on one axis."""
    readings = readings or []
    windows = [*spans, *readings]
    known = [s.start for s in windows] + [s.end for s in windows if s.end] + [m.day for m in moments] + [chosen, today]
    if current_to:
        known.append(current_to)
    first, last = min(known), max(known)
    pad = max(timedelta(days=180), (last - first) / 20)
    start, end = first - pad, last + pad
    scale = (WIDTH - LEFT - RIGHT) / max((end - start).days, 1)

    def x(day: date) -> float:
        return round(LEFT + (day - start).days * scale, 1)

    timeline = Timeline(WIDTH, AXIS_Y + 60)
    for span in spans:
        left, right = x(span.start), x(span.end or end)
        bar_width = max(right - left, 3.0)
        beyond_x = beyond_width = 0.0
        if span.end is None and current_to and current_to < end:
            beyond_x = max(x(current_to), left)
            beyond_width = max(left + bar_width - beyond_x, 0.0)
        label = span.start.isoformat() if bar_width >= 84 else ""
        current = span.start <= chosen and (span.end is None or chosen < span.end)
        timeline.bars.append(Bar(left, bar_width, span.href, span.title, label, current, beyond_x, beyond_width))
    lane_top = BAR_Y + BAR_HEIGHT + LANE_GAP if spans else BAR_Y
    rows_end: list[date] = []  # per row of the lane, the end of its last reading
    for span in sorted(readings, key=lambda s: s.start):
        row = next((i for i, ends in enumerate(rows_end) if ends <= span.start), len(rows_end))
        if row == len(rows_end):
            rows_end.append(span.end or date.max)
        rows_end[row] = span.end or date.max
        left, right = x(span.start), x(span.end or end)
        width = max(right - left, 3.0)
        current = span.start <= chosen and (span.end is None or chosen < span.end)
        label = span.start.isoformat() if width >= 84 else ""
        y = lane_top + row * READING_STEP
        timeline.readings.append(
            ReadingBar(left, y, width, span.href, span.title, label, y + READING_HEIGHT - 6, current)
        )
    lanes_bottom = lane_top + len(rows_end) * READING_STEP - (READING_STEP - READING_HEIGHT) if readings else BAR_Y
    lanes_bottom = max(lanes_bottom, BAR_Y + BAR_HEIGHT if spans else BAR_Y)
    mark_y = max(MARK_Y, lanes_bottom + 18)
    stacked: dict[date, int] = {}
    for moment in sorted(moments, key=lambda m: (m.day, m.kind)):
        level = stacked.get(moment.day, 0)
        stacked[moment.day] = level + 1
        timeline.marks.append(Mark(x(moment.day), mark_y + level * MARK_STEP, moment.href, moment.title, moment.kind))
    lowest_mark = mark_y + max(stacked.values(), default=1) * MARK_STEP
    timeline.axis_y = max(AXIS_Y, lowest_mark + 8)
    axis = timeline.axis_y
    timeline.tick_top, timeline.tick_bottom, timeline.tick_label_y = axis - 4, axis + 4, axis + 18
    timeline.height = axis + (60 if current_to else 42)
    timeline.ticks = [Tick(x(tick), str(tick.year)) for tick in _year_ticks(start, end)]
    below = axis + 36
    if current_to:
        currency = f"sources current to {current_to.isoformat()}"
        timeline.lines.append(_line("currency", x(current_to), currency, BAR_Y - 6, axis, below))
        below += 16
    timeline.lines.append(_line("today", x(today), f"today {today.isoformat()}", BAR_Y - 6, axis + 4, below))
    # the date shown: a pointer above the bars and a line below them, so no bar label is struck through
    timeline.lines.append(_line("chosen", x(chosen), f"shown: {chosen.isoformat()}", BAR_Y - 12, BAR_Y, 14))
    timeline.lines.append(_line("chosen", x(chosen), "", lanes_bottom, axis, 0))
    return timeline


def _line(kind: str, x: float, label: str, top: int, bottom: int, label_y: int) -> Line:
    anchor = "start" if x < WIDTH * 0.2 else ("end" if x > WIDTH * 0.8 else "middle")
    return Line(kind, x, top, bottom, label, label_y, anchor)


def _year_ticks(start: date, end: date, most: int = 12) -> list[date]:
    """1 January of every n-th year between start and end, n chosen so there are at most `most` ticks."""
    years = end.year - start.year + 1
    step = next(n for n in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000) if years / n <= most)
    first = start.year + (-start.year % step)
    return [date(year, 1, 1) for year in range(first, end.year + 1, step) if start <= date(year, 1, 1) <= end]
