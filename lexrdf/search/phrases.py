"""Whole-word matching as the index matches, for what both search paths show and rank by: a phrase is its words in
order, split on anything not a letter or a digit, case-insensitive, never inside a longer word; with `words`, each
word also matches its other forms (the stems of the text's language, when a stemmer is given).

>>> count_phrase("Metadata is data; DATA-sets and data.", "data")
3
>>> count_phrase("machine readable, machine-readable", "Machine-Readable")
2
>>> words_of("  'personal'   data! ")
['personal', 'data']
>>> Needles.of('processed "personal data"', words=True)
Needles(phrases=['personal data'], words=['processed'])
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

_SEPARATORS = re.compile(r"[\W_]+")
_WORD = re.compile(r"[^\W_]+")
_QUOTED = re.compile(r'"([^"]*)"')

#: a word's stems in a text's language (tantivy's analyzer of that language); None: the word itself, lowercased
Stemmer = Callable[[str], list[str]]


def words_of(text: str) -> list[str]:
    """The lowercased words of `text` (letters and digits; everything else separates them)."""
    return [word for word in _SEPARATORS.split(text.lower()) if word]


@lru_cache(maxsize=256)
def _pattern(phrase: str) -> re.Pattern[str] | None:
    words = words_of(phrase)
    if not words:
        return None
    joined = r"[\W_]+".join(re.escape(word) for word in words)
    return re.compile(rf"(?<![^\W_]){joined}(?![^\W_])", re.IGNORECASE)


def spans(text: str, phrase: str) -> list[tuple[int, int]]:
    """Where `phrase` occurs in `text` as whole words: (start, end) of each occurrence.

    >>> spans("Harbour, the harbours; HARBOUR", "harbour")
    [(0, 7), (23, 30)]
    """
    pattern = _pattern(phrase.lower())
    return [match.span() for match in pattern.finditer(text)] if pattern is not None else []


def count_phrase(text: str, phrase: str) -> int:
    """How many times `phrase` occurs in `text` as whole words (0 when it has no words)."""
    return len(spans(text, phrase))


@dataclass(frozen=True)
class Needles:
    """What a search looks for: whole-word phrases, and (with `words`) single words matched by stem."""

    phrases: list[str]
    words: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, text: str, words: bool) -> Needles:
        """`text` as one phrase, or with `words` its "quoted" phrases and its other words."""
        if not words:
            return cls([text])
        return cls([p for p in _QUOTED.findall(text) if words_of(p)], words_of(_QUOTED.sub(" ", text)))

    def spans(self, text: str, stem: Stemmer | None = None) -> list[tuple[int, int]]:
        """Every match in `text`, in order, none overlapping: a phrase where it occurs, a word where a word of
        the text has one of its stems.

        >>> Needles.of("processed data", True).spans("data processing; processed", lambda w: [w.lower()[:7]])
        [(0, 4), (5, 15), (17, 26)]
        """
        found = [span for phrase in self.phrases for span in spans(text, phrase)]
        if self.words:
            stems = _stems(self.words, stem)
            found += [m.span() for m in _WORD.finditer(text) if stems & set(_stem(m.group(0), stem))]
        kept: list[tuple[int, int]] = []
        for start, end in sorted(found):
            if not kept or start >= kept[-1][1]:
                kept.append((start, end))
        return kept

    def count(self, text: str, stem: Stemmer | None = None) -> int:
        """How many times the needles occur in `text` (what `occurrences` is, and what hits are ranked by)."""
        return len(self.spans(text, stem))


def _stem(word: str, stem: Stemmer | None) -> list[str]:
    return stem(word) if stem is not None else [word.lower()]


def _stems(words: list[str], stem: Stemmer | None) -> set[str]:
    return {s for word in words for s in _stem(word, stem)}


def snippet(text: str, found: list[tuple[int, int]], width: int = 240) -> str:
    """The fragment of `text` (about `width` characters) around the first of the `found` spans, HTML-escaped, the
    spans in it in <b>; the start of `text` when none.

    >>> snippet("The data controller & the metadata controller.", spans("The data controller & the metadata "
    ...     "controller.", "Data controller"))
    'The <b>data controller</b> &amp; the metadata controller.'
    """
    start = 0
    if found and found[0][1] > width:
        start = max(0, found[0][0] - width // 3)
        start = text.rfind(" ", 0, start) + 1 if " " in text[:start] else start
    end = min(len(text), start + width)
    if end < len(text) and " " in text[start:end]:
        end = text.rfind(" ", start, end)
    pieces, position = ["… " if start else ""], start
    for first, last in found:
        if first < start or last > end:
            continue
        pieces += [html.escape(text[position:first]), f"<b>{html.escape(text[first:last])}</b>"]
        position = last
    pieces.append(html.escape(text[position:end]) + (" …" if end < len(text) else ""))
    return "".join(pieces).strip()
