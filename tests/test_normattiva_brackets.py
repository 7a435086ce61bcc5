"""Normattiva's brackets and note numbers are the editor's, not the act's words (mappings/akn.yaml
`amendment_brackets`, `note_numbers`; lexrdf/mapping/brackets.py, note_numbers.py): its vigente texts set "((" and
"))" around the words an amendment made and end a comma with the numbers of its update notes ("(28)", "((38))"). A
text served as the act's words holds neither; words of the law that nest parentheses keep them.

Every expected value was read from the files of ../shared/data/akn/normattiva; the element and its line are quoted
beside each check.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import BASE, CAD, CAD_FILE, SHARED_DATA

import lexrdf.mapping.reader
from lexrdf.api import Lexrdf
from lexrdf.settings import Settings

NORMATTIVA = SHARED_DATA / "akn" / "normattiva"
# the consolidated texts (vigente): every bracket in their words is the editor's
VIGENTI = ["20050516_005G0104_VIGENZA_20250130.xml", "more/codice_strada.xml", "more/legge_capitali.xml",
           "more/legge_56_2007.xml"]  # fmt: skip
WORDS = """PREFIX lex: <https://w3id.org/lexrdf/ontology#>
SELECT ?of ?kind ?words WHERE {
  { ?of lex:text ?words BIND("text" AS ?kind) } UNION { ?of lex:heading ?words BIND("heading" AS ?kind) } }"""


def stored_words(lex: Lexrdf) -> dict[tuple[str, str], str]:
    """Every text and heading the store holds, by what holds it (a version) and which it is."""
    found: dict[tuple[str, str], list[str]] = {}
    for row in lex.store.sparql(WORDS):
        found.setdefault((row["of"].value, row["kind"].value), []).append(row["words"].value)
    return {key: " | ".join(sorted(values)) for key, values in found.items()}


def consolidated(ingested, name: str) -> Lexrdf:
    """The store of the Normattiva file `name` alone (the `ingested` fixture: closed when the test ends), whose
    ingest refused nothing."""
    lex, summary = ingested([NORMATTIVA / name])
    assert summary.quads and not summary.refused
    return lex


@pytest.mark.parametrize("name", VIGENTI)
def test_no_text_of_a_consolidated_act_holds_the_editors_brackets(name: str, ingested):
    # the CAD alone sets 271 <ins> elements as "((...))" (line 3246: <ins eId="ins_4">((di firma elettronica))</ins>),
    # the Codice della strada 498, and both bracket whole paragraphs with bare "((" / "))" and headings ("Sezione II
    # ((Carta della cittadinanza digitale))")
    # and none ends, after its last sentence, with the number of one of the file's notes ("AGGIORNAMENTO (138a)")
    notes = set(re.findall(r"AGGIORNAMENTO\s*\((\d+[a-z]?)\)", (NORMATTIVA / name).read_text(encoding="utf-8")))

    def marks(words: str) -> bool:
        ending = re.search(r"[.;:]\s*\(*(\d+[a-z]?)\)*$", words)
        return bool(re.search(r"\(\(|\)\)|AGGIORNAMENTO", words)) or bool(ending and ending.group(1) in notes)

    marked = {of: words for of, words in stored_words(consolidated(ingested, name)).items() if marks(words)}
    assert not marked, f"{len(marked)} texts keep the editor's marks or notes, e.g. {list(marked.items())[:3]}"


def test_words_an_amendment_made_read_as_the_act_has_them(cad):
    # line 5902 art_37__para_2: <p>Il <ins eId="ins_134">((prestatore))</ins> di cui al comma 1 comunica
    # contestualmente la rilevazione della documentazione da parte di altro <ins eId="ins_135">((prestatore))</ins> o
    # l'annullamento della stessa.
    answer = cad.text_at(f"{CAD}/art_37/para_2", "2025-01-30")
    assert answer.status == "in-force"
    assert answer.text.startswith(
        "Il prestatore di cui al comma 1 comunica contestualmente la rilevazione della documentazione da parte di "
        "altro prestatore o l'annullamento della stessa."
    )
    # line 3995: <heading><ins eId="ins_34">((Diritto a servizi on-line semplici e integrati))</ins></heading>
    assert cad.text_at(f"{CAD}/art_7", "2025-01-30").heading == "Diritto a servizi on-line semplici e integrati"


def test_the_note_number_a_comma_ends_with_is_no_word_of_it(cad):
    # line 7062 art_60__para_3-bis.__point_f-quater: "... di cui agli <ref>articoli 225</ref> e <ref>226 del decreto
    # legislativo 30 aprile 1992, n. 285</ref>; <ins eId="ins_208">((38))</ins>": 38 is the update note's number
    answer = cad.text_at(f"{CAD}/art_60/para_3-bis./point_f-quater", "2025-01-30")
    assert answer.text.endswith("226 del decreto legislativo 30 aprile 1992, n. 285;")


def test_the_update_notes_a_comma_ends_with_are_no_words_of_it(cad):
    # line 6281 art_45__para_1: "... la loro trasmissione non deve essere seguita da quella del documento originale.
    # (28)"; line 3605 (and 4189, 4680): <p>AGGIORNAMENTO (28)</p>, the note it names
    answer = cad.text_at(f"{CAD}/art_45/para_1", "2025-01-30")
    assert answer.text.endswith("non deve essere seguita da quella del documento originale.")
    # same line: "idoneo ad accertarne la <ins eId="ins_171">((...))</ins> provenienza": the editor's mark of words
    # taken out stays a mark of them, without its brackets
    assert "idoneo ad accertarne la ... provenienza" in answer.text


def test_a_note_set_in_the_block_of_a_commas_last_words_is_no_word_of_it(ingested):
    # codice_strada.xml lines 19463-19471, art_56__para_4-bis, one <p>: <ins eId="ins_105">((I rimorchi di cui al
    # comma 2, lettera b), ... anche per il trasporto di animali vivi.))</ins> (4) ---------------- AGGIORNAMENTO (4)
    # Il <ref>D.Lgs. 28 giugno 1993, n. 214</ref> ha disposto (con l'art. 1, comma 1) che le disposizioni del titolo
    # III del presente D.Lgs. si applicano dal 1° ottobre 1993.
    lex = consolidated(ingested, "more/codice_strada.xml")
    answer = lex.text_at(f"{BASE}/eli/it/act/1992-04-30/285/art_56/para_4-bis", "2026-04-25")
    assert answer.text.startswith("I rimorchi di cui al comma 2, lettera b), possono essere utilizzati")
    assert answer.text.endswith("anche per il trasporto di animali vivi.")


def test_a_number_no_note_of_the_document_has_is_kept(ingested):
    # codice_strada.xml: a comma ends "... le necessarie variazioni di bilancio. (48)", and the file holds no
    # "AGGIORNAMENTO (48)": nothing ties the number to a note of the editor's, so the words are served as written
    words = stored_words(consolidated(ingested, "more/codice_strada.xml")).values()
    assert any(text.endswith("le necessarie variazioni di bilancio. (48)") for text in words)
    # "... una somma da € 26 a € 102. (19) (29) (43) (52) (64) (80) (89) (101) (114) (124) 145 (4)": every number
    # a note's ("AGGIORNAMENTO (19)" ... "AGGIORNAMENTO (4)"), the editor's slip "145" among them
    assert not any(re.search(r"\(\d+[a-z]?\)$", text) and not text.endswith("(48)") for text in words)


def test_parentheses_of_the_laws_own_words_are_kept(ingested):
    # dlgs_correttivo_appalti.xml line 6363: "se ( (ISpx - ISmo ) / ISmo) &gt; 0,03 allora" (a formula: normalised,
    # "((ISpx - ISmo) / ISmo)"); the Allegato's heading "... lavori pubblici (Articolo 47, comma 4)) del decreto
    # legislativo 31 marzo 2023, n. 36": no bracket of the editor's in an amending act's own text
    words = " ".join(stored_words(consolidated(ingested, "more/dlgs_correttivo_appalti.xml")).values())
    assert "se ((ISpx - ISmo) / ISmo) > 0,03 allora" in words
    assert "SALrpx = SALcpx *0,9 *[((ISpx - ISmo) / ISmo) - 0,03]" in words
    assert "lavori pubblici (Articolo 47, comma 4)) del decreto legislativo 31 marzo 2023, n. 36" in words


def test_a_later_consolidation_that_differs_only_in_the_editors_marks_changes_no_text(tmp_path: Path, ingested):
    """Invariant: the CAD consolidated again on 2025-06-30 (its FRBRExpression, line 26-28, moved to that day), the
    editor's brackets around the words of every <ins> left out (as in "Il <ins eId="ins_134">prestatore</ins> di cui
    al comma 1"; the bare note numbers "((38))" kept), says nothing new: no text, so no version and no record."""
    written = CAD_FILE.read_text(encoding="utf-8")
    later = written.replace("ita@2025-01-30", "ita@2025-06-30").replace(
        '<FRBRdate date="2025-01-30" name=""/>', '<FRBRdate date="2025-06-30" name=""/>'
    )
    later = re.sub(r'(<ins eId="[^"]+">)\(\((?!\d+\)\))(.*?)\)\)(</ins>)', r"\1\2\3", later, flags=re.DOTALL)
    assert later.count("<ins ") == written.count("<ins ") and later.count("((") < written.count("((")
    (tmp_path / "cad@2025-06-30.xml").write_text(later, encoding="utf-8")
    lex, _summary = ingested([CAD_FILE])
    summary = lex.ingest([tmp_path / "cad@2025-06-30.xml"])
    assert not summary.refused and (summary.versions, summary.records) == (0, 0)
    answer = lex.text_at(f"{CAD}/art_37/para_2", "2025-06-30")
    assert (answer.status, answer.valid_from) == ("in-force", "2025-01-30")


def test_taking_the_brackets_out_loses_no_word(cad, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Invariant: every text and heading of the CAD read with the editor's brackets and note numbers left in is the
    one stored without them but for parentheses, spaces and the numbers that ended it."""
    monkeypatch.setattr(lexrdf.mapping.reader, "without_brackets", lambda words, opening, closing: words)
    monkeypatch.setattr(lexrdf.mapping.reader.NoteNumbers, "without", lambda self, notes, words: words)
    raw = Lexrdf.open(Settings(store=tmp_path / "store", base_iri=BASE, ingest_processes=1))  # read here, patched
    try:
        raw.ingest([CAD_FILE])
        as_written = stored_words(raw)
    finally:
        raw.close()
    served = stored_words(cad)
    assert as_written.keys() == served.keys()
    changed = [of for of in served if served[of] != as_written[of]]
    assert changed  # the 271 <ins eId="...">((...))</ins> of the CAD among them

    notes = set(re.findall(r"AGGIORNAMENTO\s*\((\d+[a-z]?)\)", CAD_FILE.read_text(encoding="utf-8")))

    def letters(words: str) -> str:
        return re.sub(r"[()\s]", "", words)

    def only_parentheses_and_note_numbers_went(as_written: str, served: str) -> bool:
        """Whether `served` is `as_written` but for parentheses, spaces and a run of numbers of the CAD's notes
        ("AGGIORNAMENTO (N)") that ended it."""
        tokens = as_written.replace("(", " (").split()  # "cooperativi;(28)": the number a token of its own
        for cut in range(len(tokens) + 1):
            ending = tokens[len(tokens) - cut :]
            numbers = [re.fullmatch(r"\(*(\d+[a-z]?)\)*[.;]?", token) for token in ending]
            if not all(number and number.group(1) in notes for number in numbers):
                return False
            if letters(" ".join(tokens[: len(tokens) - cut])) == letters(served):
                return True
        return False

    lost = [
        (as_written[of], served[of])
        for of in changed
        if not only_parentheses_and_note_numbers_went(as_written[of], served[of])
    ]
    assert not lost, lost[:3]
