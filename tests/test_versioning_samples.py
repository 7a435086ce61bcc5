"""The bundled sample corpus: both Akoma Ntoso versioning styles, checked against samples/README.md."""

from __future__ import annotations

import pytest
from conftest import HARBOUR, ODA, SAMPLES, open_lex
from invariants import assert_windows_sound

EXPRESSIONS = SAMPLES / "expressions"
AMENDING_2004 = f"{ODA.rsplit('/eli/', 1)[0]}/eli/ref/akn/xx/act/2004-06-01/7"
TRANSPARENCY_2009 = f"{ODA.rsplit('/eli/', 1)[0]}/eli/ref/akn/xx/act/2009-11-20/31"


def history(lex, provision: str) -> list[tuple]:
    return [
        (
            v.valid_from,
            v.valid_until,
            v.opened_by.type,
            v.opened_by.source,
            v.closed_by and v.closed_by.type,
            v.closed_by and v.closed_by.source,
        )
        for v in lex.versions(provision)
    ]


def test_substitution_closes_the_old_window_and_opens_a_new_one(samples_lex):
    assert history(samples_lex, f"{ODA}/art_3/para_2") == [
        ("2001-04-01", "2004-07-01", "enactment", ODA, "substitution", AMENDING_2004),
        ("2004-07-01", None, "substitution", AMENDING_2004, None, None),
    ]


@pytest.mark.parametrize(
    ("day", "status", "text_start", "opened"),
    [
        ("2001-03-31", "not-yet-in-force", None, "enactment"),
        ("2001-04-01", "in-force", "Publication under paragraph 1 shall take place within twelve", "enactment"),
        ("2004-06-30", "in-force", "Publication under paragraph 1 shall take place within twelve", "enactment"),
        ("2004-07-01", "in-force", "Publication under paragraph 1 shall take place within three", "substitution"),
        # the samples were made on 2024-01-15 (their FRBRManifestation date): later, the text is as last known
        ("2030-01-01", "as-last-known", "Publication under paragraph 1 shall take place within three", "substitution"),
    ],
)
def test_text_at_either_side_of_the_substitution(samples_lex, day, status, text_start, opened):
    answer = samples_lex.text_at(f"{ODA}/art_3/para_2", day)
    assert answer.status == status
    assert answer.opened_by.type == opened
    if text_start is None:
        assert answer.text is None and answer.version is None
        assert answer.valid_from == "2001-04-01"
    else:
        assert answer.text.startswith(text_start)
        said = {"2001-04-01": "1 April 2001", "2004-06-30": "30 June 2004", "2004-07-01": "1 July 2004"}
        on = (
            f"as in force on {said[day]}"
            if status == "in-force"
            else "as last known (sources current to 15 January 2024), asked for 1 January 2030"
        )
        # <article eId="art_3"><num>Article 3</num>, <paragraph eId="art_3__para_2"><num>2.</num>: no chapter
        assert answer.citation == f"Open Data Act 2001, Article 3, paragraph 2., {on}"


def test_whitespace_and_inline_markup_are_not_amendments(samples_lex):
    versions = samples_lex.versions(f"{ODA}/art_1/para_1")
    assert [(v.valid_from, v.valid_until) for v in versions] == [("2001-04-01", None)]
    assert "re-use" in versions[0].text and "  " not in versions[0].text


def test_inserted_paragraph_is_not_yet_in_force_before_its_insertion(samples_lex):
    assert history(samples_lex, f"{ODA}/art_2/para_3") == [("2004-07-01", None, "insertion", AMENDING_2004, None, None)]
    before = samples_lex.text_at(f"{ODA}/art_2/para_3", "2004-06-30")
    assert (before.status, before.valid_from, before.text) == ("not-yet-in-force", "2004-07-01", None)


def test_repealed_point_names_its_repeal(samples_lex):
    point = f"{ODA}/art_3/para_1/list_1/point_c"
    assert history(samples_lex, point) == [("2001-04-01", "2004-07-01", "enactment", ODA, "repeal", AMENDING_2004)]
    after = samples_lex.text_at(point, "2005-01-01")
    assert after.status == "repealed"
    assert (after.closed_by.type, after.closed_by.date, after.closed_by.source) == (
        "repeal",
        "2004-07-01",
        AMENDING_2004,
    )
    assert after.valid_until == "2004-07-01" and after.text is None


def test_heading_change_is_a_new_version(samples_lex):
    versions = samples_lex.versions(f"{ODA}/art_5")
    assert [(v.valid_from, v.heading, v.opened_by.type) for v in versions] == [
        ("2001-04-01", "Open Data Commissioner", "enactment"),
        ("2010-01-01", "Transparency Commissioner", "substitution"),
    ]
    assert versions[1].opened_by.source == TRANSPARENCY_2009


@pytest.mark.parametrize("path", ["art_6", "art_6/para_1", "art_6/para_2"])
def test_provision_absent_without_a_named_act_ends_without_recorded_act(samples_lex, path):
    (version,) = samples_lex.versions(f"{ODA}/{path}")
    assert (version.valid_from, version.valid_until) == ("2001-04-01", "2010-01-01")
    assert version.closed_by.type == "ended-without-recorded-act"
    assert version.closed_by.source is None  # not attributed to the Transparency Act of the same day


def test_single_document_alternatives_with_the_same_eid(samples_lex):
    assert history(samples_lex, f"{HARBOUR}/art_4/para_2") == [
        (
            "1995-06-01",
            "2003-01-01",
            "enactment",
            HARBOUR,
            "substitution",
            f"{HARBOUR.rsplit('/eli/', 1)[0]}/eli/ref/akn/xx/act/2002-11-05/44",
        ),
        (
            "2003-01-01",
            None,
            "substitution",
            f"{HARBOUR.rsplit('/eli/', 1)[0]}/eli/ref/akn/xx/act/2002-11-05/44",
            None,
            None,
        ),
    ]
    assert samples_lex.text_at(f"{HARBOUR}/art_4/para_2", "2002-12-31").text.startswith(
        "The rates of harbour dues shall be fixed by the Minister"
    )
    assert samples_lex.text_at(f"{HARBOUR}/art_4/para_2", "2003-01-01").text.startswith(
        "The rates of harbour dues shall be fixed by each harbour authority"
    )


@pytest.mark.parametrize("path", ["art_4a", "art_4a/para_1", "art_4a/para_2"])
def test_inserted_article_carries_applicability_and_its_insertion(samples_lex, path):
    (version,) = samples_lex.versions(f"{HARBOUR}/{path}")
    assert (version.valid_from, version.applicable_from, version.opened_by.type) == (
        "2008-05-01",
        "2008-09-01",
        "insertion",
    )
    assert version.opened_by.source.endswith("/eli/ref/akn/xx/act/2008-03-01/9")


@pytest.mark.parametrize("path", ["art_7", "art_7/para_1", "art_7/para_2"])
def test_repealed_article_and_its_paragraphs(samples_lex, path):
    (version,) = samples_lex.versions(f"{HARBOUR}/{path}")
    assert (version.valid_from, version.valid_until, version.closed_by.type) == ("1995-06-01", "2012-09-01", "repeal")
    assert samples_lex.text_at(f"{HARBOUR}/{path}", "2012-09-01").status == "repealed"
    assert samples_lex.text_at(f"{HARBOUR}/{path}", "2012-08-31").status == "in-force"


def test_windows_are_contiguous_and_never_overlap(samples_lex):
    assert assert_windows_sound(samples_lex) >= 50


def test_reingest_changes_nothing(samples_lex):
    before = samples_lex.store.quad_count()
    summary = samples_lex.ingest([SAMPLES])
    assert (summary.versions, summary.records, summary.quads) == (0, 0, 0)
    assert samples_lex.store.quad_count() == before


def test_expressions_ingested_one_by_one_equal_one_batch(lex, samples_lex):
    for name in ["open-data-act@2001-04-01.xml", "open-data-act@2004-07-01.xml", "open-data-act@2010-01-01.xml"]:
        lex.ingest([EXPRESSIONS / name])
    for path in ["art_3/para_2", "art_5", "art_6", "art_2/para_3", "art_3/para_1/list_1/point_c"]:
        assert history(lex, f"{ODA}/{path}") == history(samples_lex, f"{ODA}/{path}")


@pytest.mark.parametrize(
    "ref",
    [
        "/akn/xx/act/2001-03-14/12~art_3__para_2",
        "/akn/xx/act/2001-03-14/12/!main~art_3__para_2",
        "/akn/xx/act/2001-03-14/12/eng@2004-07-01/!main~art_3__para_2",
        "/akn/xx/act/2001-03-14/12/eng@2004-07-01#art_3__para_2",
        f"{ODA}/art_3/para_2",
    ],
)
def test_resolve_work_expression_and_portion_uris(samples_lex, ref):
    answer = samples_lex.resolve(ref)
    assert (answer.status, answer.provision, answer.kind) == ("resolved", f"{ODA}/art_3/para_2", "provision")


def test_resolve_acts_including_one_known_only_by_reference(samples_lex):
    assert samples_lex.resolve("/akn/xx/act/2001-03-14/12/eng@2001-03-14").provision == ODA
    amending = samples_lex.resolve("/akn/xx/act/2004-06-01/7")
    assert (amending.status, amending.kind) == ("resolved", "act")
    rows = list(
        samples_lex.store.sparql(
            f"PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT ?title ?date WHERE {{ <{amending.provision}> "
            "lex:knownByReference true ; lex:title ?title ; lex:documentDate ?date }"
        )
    )
    assert [(r["title"].value, r["date"].value) for r in rows] == [("Data Amendment Act 2004", "2004-06-01")]


def test_a_later_consolidation_alone_dates_each_text_by_its_period(lex):
    lex.ingest([EXPRESSIONS / "open-data-act@2010-01-01.xml"])
    assert lex.versions(f"{ODA}/art_1/para_1")[0].valid_from == "2001-04-01"  # @period: in force since 2001
    assert lex.text_at(f"{ODA}/art_1/para_1", "2003-01-01").status == "in-force"
    # substituted texts: their earlier wording existed but is not in this source
    assert lex.text_at(f"{ODA}/art_3/para_2", "2003-01-01").status == "outside-coverage"
    assert lex.text_at(f"{ODA}/art_5", "2009-01-01").status == "outside-coverage"
    # an inserted paragraph did not exist before its insertion
    assert lex.text_at(f"{ODA}/art_2/para_3", "2003-01-01").status == "not-yet-in-force"


def test_an_older_expression_back_fills_the_history(lex):
    # the 2010 consolidation alone: art. 3(2) "substituted" on 2004-07-01, its earlier words unknown; art. 6 absent
    lex.ingest([EXPRESSIONS / "open-data-act@2010-01-01.xml"])
    assert lex.text_at(f"{ODA}/art_3/para_2", "2003-01-01").status == "outside-coverage"
    assert lex.text_at(f"{ODA}/art_6", "2003-01-01").status == "unknown-reference"
    # then the archive's 2001 expression: what it shows fills the history behind, nothing stored is edited
    lex.ingest([EXPRESSIONS / "open-data-act@2001-04-01.xml"])
    earlier = lex.text_at(f"{ODA}/art_3/para_2", "2003-01-01")
    assert earlier.status == "in-force"
    assert earlier.text.startswith("Publication under paragraph 1 shall take place within twelve")
    assert (earlier.valid_from, earlier.valid_until) == ("2001-04-01", "2004-07-01")
    assert earlier.closed_by.type == "substitution"
    assert lex.text_at(f"{ODA}/art_3/para_2", "2005-01-01").text.startswith(
        "Publication under paragraph 1 shall take place within three"
    )
    # art. 6 is in the 2001 text and absent from the 2010 one: in force from 2001 until 2010, then ended
    (art_6,) = lex.versions(f"{ODA}/art_6")
    assert (art_6.valid_from, art_6.valid_until, art_6.closed_by.type) == (
        "2001-04-01",
        "2010-01-01",
        "ended-without-recorded-act",
    )
    assert assert_windows_sound(lex)
    # newest first, the 2004 expression last: the same history as all three ingested in time order
    lex.ingest([EXPRESSIONS / "open-data-act@2004-07-01.xml"])
    ordered = open_lex(lex.settings.store.parent / "ordered")
    try:
        ordered.ingest([EXPRESSIONS])
        for path in (
            "",
            "art_3/para_2",
            "art_6",
            "art_6/para_1",
            "art_1/para_1",
            "art_2/para_3",
            "art_5",
            "art_5/para_1",
        ):
            iri = f"{ODA}/{path}".rstrip("/")
            mine = [(v.valid_from, v.valid_until, v.text, v.opened_by.type) for v in lex.versions(iri)]
            theirs = [(v.valid_from, v.valid_until, v.text, v.opened_by.type) for v in ordered.versions(iri)]
            assert mine == theirs, path
    finally:
        ordered.close()


def test_an_older_expression_that_contradicts_later_sources_is_refused_before_any_write(lex, tmp_path):
    from lexrdf.errors import SourceError

    lex.ingest([EXPRESSIONS / "open-data-act@2010-01-01.xml"])
    count = lex.store.quad_count()
    # the 2010 text says art. 1(1) has read the same since 2001; an "older" text saying otherwise contradicts it
    forged = tmp_path / "oda@2004.xml"
    source = (EXPRESSIONS / "open-data-act@2004-07-01.xml").read_text(encoding="utf-8")
    forged.write_text(source.replace("lays down rules on the re-use", "lays down other rules on the re-use"))
    with pytest.raises(SourceError, match="art_1__para_1 reads otherwise on 2004-07-01.*contradict"):
        lex.ingest([SAMPLES / "single", forged])
    assert lex.store.quad_count() == count  # the Harbour Act of the same batch was not written either
