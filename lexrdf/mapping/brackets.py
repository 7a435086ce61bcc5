"""The brackets a consolidation sets around the words an amendment made (the mappings' `amendment_brackets`):
Normattiva's vigente texts read "Il ((prestatore)) di cui al comma 1", "Sezione II ((Carta della cittadinanza
digitale))", and end a comma with "((38))", its marker of the update note 38. They are the editor's, not the act's
words: the act reads "Il prestatore di cui al comma 1".

The same characters are the law's own where a text nests parentheses ("(con l'art. 75, comma 1, lettera b))",
"se ((ISpx - ISmo) / ISmo) > 0,03"), so a bracket is taken out only where it can be nothing else. Read from the
left, with the parentheses opened and not yet closed counted:

- an opening bracket is the first two of a run of openers ("((", "(((Rubrica).))"). A run of closers inside it first
  closes the parentheses opened inside it; two more close the bracket. One more alone is a list label's where it
  follows one ("lettera b)", "aa)", "numero 3-bis)"); else ("(ISpx - ISmo)") the bracket was two parentheses of a
  formula;
- an opening bracket never closed in the text opens words that run on past it where it begins the text (brackets
  around several commi) or ends it; two closers where no parenthesis is open (three after a list label) close
  words begun before the text ("... revocata)) 7-bis. In deroga ...", "... interoperabilita'))");
- bracketed numbers that end the text ("... n. 285; ((38))") are left as they are: they may be the editor's note
  markers, which go only where the document holds the notes they name (`note_numbers`, lexrdf/mapping/
  note_numbers.py). A bracketed number inside the words ("entro ((30)) giorni") is words an amendment made: the
  number stays.

Anything else is left as the source has it: a bracket kept is words shown as written, never words lost.

>>> without_brackets("Il ((prestatore)) di cui al comma 1 e ((l'altro prestatore)).", "((", "))")
"Il prestatore di cui al comma 1 e l'altro prestatore."
>>> without_brackets("ha disposto (con l'art. 75, comma 1, lettera b)) l'abrogazione", "((", "))")
"ha disposto (con l'art. 75, comma 1, lettera b)) l'abrogazione"
>>> without_brackets("se ((ISpx - ISmo) / ISmo) > 0,03 allora ((A))", "((", "))")
'se ((ISpx - ISmo) / ISmo) > 0,03 allora A'
>>> without_brackets("((e) le lettere a) e b)))", "((", "))")
'e) le lettere a) e b)'
>>> without_brackets("Sono abrogati ((il numero 12-quater) e la lettera b))).", "((", "))")
'Sono abrogati il numero 12-quater) e la lettera b).'
>>> without_brackets("(((Ricorso in sede giurisdizionale))). ((", "((", "))")
'(Ricorso in sede giurisdizionale).'
>>> without_brackets("e' revocata)) ((7-bis. In deroga al comma 4))", "((", "))")
"e' revocata 7-bis. In deroga al comma 4"
>>> without_brackets("che rilascia ((...)) certificati ((, in modo efficace,)) e", "((", "))")
'che rilascia ... certificati, in modo efficace, e'
>>> without_brackets("di cui agli articoli 225 e 226; ((38))", "((", "))")
'di cui agli articoli 225 e 226; ((38))'
>>> without_brackets("entro ((30)) giorni, n. 150.)) ((105)) ((7))", "((", "))")
'entro 30 giorni, n. 150. ((105)) ((7))'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from lexrdf.mapping.text import normalise_text

# what a lone closer ends when it is a list label's: a letter label anywhere ("lettera b)", "aa)", "f-quater)"), a
# number label where an item begins ("1)", "((12-bis)", "; 13)") or it is named as one ("numero 3-bis)"); not a
# number of something else ("comma 14))", "n. 274))", "€ 694))")
_LABEL = re.compile(r"(?:(?:^|[\s(\[«\"'])[a-z]{1,3}|(?:^|\(|[;:]\s|\b(?:numer[oi]|punt[oi])\s+)\d{1,3})(?:-[a-z]+)?$")


@dataclass
class _Open:
    """An opening bracket met at `at`, with the parentheses opened inside it and not yet closed."""

    at: int
    depth: int = 0


def without_brackets(text: str, opening: str, closing: str) -> str:
    """`text` without the editor's brackets (`opening`, `closing`: one character twice, as "((" and "))") where they
    can be nothing else (the module docstring), the bracketed numbers that end it left as they are; the words
    between unchanged, and spaced (`normalise_text`) as the same words without the brackets are."""
    if opening not in text and closing not in text:
        return text
    ending = _note_markers(opening, closing).search(text)
    words, numbers = (text[: ending.start()], text[ending.start() :]) if ending else (text, "")
    left, right = opening[0], closing[0]
    dropped: set[int] = set()  # indexes of the bracket characters left out
    stack: list[_Open] = []
    outside = 0  # parentheses opened outside any bracket and not yet closed
    i, size = 0, len(words)
    while i < size:
        char = words[i]
        if words.startswith(opening, i):  # a run of openers: the bracket first, then parentheses ("(((Rubrica).))")
            end = _run_end(words, i)
            stack.append(_Open(i, end - i - 2))
            i = end
        elif char == left:
            if stack:
                stack[-1].depth += 1
            else:
                outside += 1
            i += 1
        elif char == right:
            end = _run_end(words, i)
            run, taken = end - i, 0  # closers of the run not yet assigned; of them, brackets taken out
            label = bool(_LABEL.search(words, max(0, i - 24), i))  # "^" the text's start, not the window's
            while run and stack:
                top = stack[-1]
                closed = min(top.depth, run)
                top.depth, run = top.depth - closed, run - closed
                if run >= 2:  # two close the bracket (which two of a run of closers, the text is the same)
                    stack.pop()
                    dropped.update((top.at, top.at + 1, end - taken - 1, end - taken - 2))
                    taken, run = taken + 2, run - 2
                elif run == 1:
                    if not label:  # a formula's two parentheses, the inner one closed: the outer is open still
                        stack.pop()
                        if stack:
                            stack[-1].depth += 1
                        else:
                            outside += 1
                    run = 0
            closed = min(outside, run)
            outside, run = outside - closed, run - closed
            if run >= (3 if label else 2) and not stack:  # closes words begun before this text
                dropped.update((end - taken - 1, end - taken - 2))
            i = end
        else:
            i += 1
    for top in stack:  # opens words that run on past the text, where it begins or ends it
        if not words[: top.at].strip() or not words[top.at + 2 :].strip():
            dropped.update((top.at, top.at + 1))
    kept = "".join(char for index, char in enumerate(words) if index not in dropped) + numbers
    return normalise_text(kept) if kept != text else text  # spaced as the words would be without the brackets


def _run_end(words: str, at: int) -> int:
    """Where the run of the character at `at` (openers, closers) ends."""
    end = at
    while end < len(words) and words[end] == words[at]:
        end += 1
    return end


@cache
def _note_markers(opening: str, closing: str) -> re.Pattern[str]:
    """The bracketed numbers that end a text ("... n. 150.)) ((105))", "... terrestri. ((138a)) ((148))"), perhaps
    note markers."""
    return re.compile(rf"(?:\s*{re.escape(opening)}\s*\d+[a-z]?\s*{re.escape(closing)})+\s*$")
