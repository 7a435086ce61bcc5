"""The short text every tool answer carries beside its structured content: the status, the citation "as in force
on D", the date and how it was chosen, then the gist (a text shortened, a window, a count, a page).

>>> print(render({"status": "repealed", "citation": "X, s. 1, as in force on 2010-01-01", "as_of_said":
...     "as in force on 1 January 2010", "known_at_used": None, "page": None, "answer": {"message": "repealed by Y"}}))
repealed: X, s. 1, as in force on 2010-01-01
Date: as in force on 1 January 2010
repealed by Y
"""

from __future__ import annotations

from typing import Any

TEXT_SHOWN = 600  # characters of a provision's text in the short rendering (the structured answer has it whole)


def render(envelope: dict[str, Any]) -> str:
    """The envelope of a tool's answer (lexrdf.agents.tools.Tool.call) in a few lines."""
    dated = envelope.get("dated", True)
    recorded = f", as recorded at {envelope['known_at_used']}" if envelope.get("known_at_used") and dated else ""
    lines = [f"{envelope['status']}: {envelope['citation']}", f"Date: {envelope['as_of_said']}{recorded}"]
    lines += _gist(envelope["answer"])
    page = envelope.get("page")
    if page:
        first = (page["number"] - 1) * page["size"] + 1
        last = min(page["total"], page["number"] * page["size"])
        more = f"next: page={page['next']}" if page["next"] else "the last page"
        shown = f"items {first}-{last} of {page['total']}" if page["total"] else "no items"
        lines.append(f"{shown} (page {page['number']} of {page['pages']}; {more})")
    return "\n".join(lines)


def _gist(answer: Any) -> list[str]:
    if isinstance(answer, list):
        return [f"{len(answer)} item{'s' * (len(answer) != 1)} listed"]
    if not isinstance(answer, dict):
        return []
    lines = [str(answer["message"])] if answer.get("message") else []
    if answer.get("valid_from"):
        lines.append(_window(answer))
    text = answer.get("text") if "version" in answer else None  # a provision's text (search's `text` is the words)
    if isinstance(text, str) and text:
        shortened = text if len(text) <= TEXT_SHOWN else text[:TEXT_SHOWN].rstrip() + " [...] (shortened here)"
        lines.append(f"Text: {shortened}")
    if isinstance(answer.get("items"), list):
        count = answer.get("count", len(answer["items"]))
        lines.append(f"{count} item{'s' * (count != 1)}")
    return lines


def _window(answer: dict[str, Any]) -> str:
    window = f"In force from {answer['valid_from']}{_by(answer.get('opened_by'))}"
    if answer.get("valid_until"):
        window += f" until {answer['valid_until']}{_by(answer.get('closed_by'))}"
    return window


def _by(event: dict[str, Any] | None) -> str:
    if not event:
        return ""
    source = f" by {event['source']}" if event.get("source") else ""
    return f" ({event.get('type')}{source})"
