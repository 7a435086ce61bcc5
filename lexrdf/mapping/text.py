"""A source's words as a reader sees them: whitespace and the layout spaces no reader sees collapsed (a formatting
difference is no amendment)."""

from __future__ import annotations

import unicodedata

# Layout spaces around English quotes and brackets and before a comma; not before ; : or inside « »: French
# typography sets a space there.
_CLOSING_MARKS = ",)]”’"  # no space before them
_OPENING_MARKS = "([“‘"  # no space after them
# German typography opens with „ (‚) and closes with “ (‘): in a text that opens so, “ and ‘ close
_LOW_OPENING = "„‚"
_CLOSING_AFTER_LOW = ",)]“‘"
_OPENING_LOW = "([„‚"


def normalise_text(text: str) -> str:
    """Collapse whitespace, drop the layout spaces no reader sees inside quotes and brackets or before
    punctuation, and apply Unicode NFC: formatting differences are not amendments. (Once whitespace is single
    spaces, the layout spaces are plain replacements: three times as fast as regular expressions, and reading
    calls this for every provision.)

    >>> normalise_text("  entgegen einem\\n      vollziehbaren  Verbot ")
    'entgegen einem vollziehbaren Verbot'
    >>> normalise_text("(“ sensitive personal data ”) sections 8, 9 and 9A , an")
    '(“sensitive personal data”) sections 8, 9 and 9A, an'
    >>> normalise_text("« le mot » ; ( a ,\u00a0b ]")
    '« le mot » ; (a, b]'
    >>> normalise_text("die Angabe „ 13,03 Euro “ durch die Angabe „13,84 Euro“ ersetzt")
    'die Angabe „13,03 Euro“ durch die Angabe „13,84 Euro“ ersetzt'
    """
    collapsed = " ".join(text.split())  # str.split and the regular expression \s agree on what is whitespace
    low = any(mark in collapsed for mark in _LOW_OPENING)
    for mark in _CLOSING_AFTER_LOW if low else _CLOSING_MARKS:
        if mark in collapsed:
            collapsed = collapsed.replace(" " + mark, mark)
    for mark in _OPENING_LOW if low else _OPENING_MARKS:
        if mark in collapsed:
            collapsed = collapsed.replace(mark + " ", mark)
    return unicodedata.normalize("NFC", collapsed)
