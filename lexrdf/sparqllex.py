"""The SPARQL 1.1 lexer: the terminals that can hide letters (comments, string literals in all four quote styles,
IRIs, variables, blank node labels, language tags, prefixed names) and bare words, by the grammar's own definitions
(SPARQL 1.1 Query, section 19.8). The endpoint's guard (lexrdf.web.sparql.guard) blanks them to find keywords; the
query library's binder (lexrdf.queries.bind_terms) puts terms in place of variables only, never inside a string,
an IRI or a comment.

>>> [(t.kind, t.text) for t in tokens('SELECT ?x { <urn:a?x> "?x" } # ?x') if t.kind != "space"]
[('word', 'SELECT'), ('variable', '?x'), ('punct', '{'), ('iri', '<urn:a?x>'), ('string', '"?x"'), ('punct', '}'), \
('comment', '# ?x')]

Every terminal is matched without backtracking over a run of name letters, so lexing is linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

# SPARQL 1.1 Query, section 19.8 (Grammar): the terminals, character for character.
PN_CHARS_BASE = (
    "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c-\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff"
)
PN_CHARS_U = PN_CHARS_BASE + "_"
PN_CHARS = PN_CHARS_U + "\\-0-9\u00b7\u0300-\u036f\u203f-\u2040"
_PLX = r"%[0-9A-Fa-f]{2}|\\[_~.\-!$&'()*+,;=/?#@%]"
_UCHAR = r"\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}"
_ECHAR_OR_UCHAR = r"\\[tbnrf\\\"']|" + _UCHAR

TERMINALS = re.compile(
    rf"""
      (?P<comment> \#[^\n\r]* )
    | (?P<iri> <(?:[^<>"{{}}|^`\\\x00-\x20]|{_UCHAR})*> )
    | (?P<string>
          '''(?:(?:'|'')?(?:[^'\\]|{_ECHAR_OR_UCHAR}))*'''
        | \"\"\"(?:(?:"|"")?(?:[^"\\]|{_ECHAR_OR_UCHAR}))*\"\"\"
        | '(?:[^'\\\n\r]|{_ECHAR_OR_UCHAR})*'
        | "(?:[^"\\\n\r]|{_ECHAR_OR_UCHAR})*" )
    | (?P<variable> [?$][{PN_CHARS_U}0-9][{PN_CHARS_U}0-9\u00b7\u0300-\u036f\u203f-\u2040]* )
    | (?P<blank> _:[{PN_CHARS_U}0-9](?:[{PN_CHARS}.]*[{PN_CHARS}])? )
    | (?P<langtag> @[a-zA-Z]+(?:-[a-zA-Z0-9]+)* )
    | (?P<prefix> (?:[{PN_CHARS_BASE}][{PN_CHARS}.]*+(?<!\.))?: )
      (?P<local> (?:[{PN_CHARS_U}:0-9]|{_PLX})(?:(?:[{PN_CHARS}.:]|{_PLX})*(?:[{PN_CHARS}:]|{_PLX}))? )?
    | (?P<word> [{PN_CHARS_BASE}][{PN_CHARS}.]*+ )
    """,
    re.VERBOSE,
)

#: the kinds a TERMINALS match may be, by its named groups (a prefixed name is `prefix` with its `local` part)
_KINDS = ("comment", "iri", "string", "variable", "blank", "langtag", "prefix", "word")


@dataclass(frozen=True)
class Token:
    """One token: its kind (a terminal's, `space` or `punct` for one other character), where it is, its text."""

    kind: str
    start: int
    end: int
    text: str


def tokens(text: str) -> Iterator[Token]:
    """The tokens of a SPARQL text in order; every character is in exactly one."""
    position = 0
    while position < len(text):
        match = TERMINALS.match(text, position)
        if match is None or match.end() == position:
            char = text[position]
            yield Token("space" if char.isspace() else "punct", position, position + 1, char)
            position += 1
            continue
        kind = next(name for name in _KINDS if match.group(name) is not None)
        yield Token(kind, position, match.end(), match.group(0))
        position = match.end()
