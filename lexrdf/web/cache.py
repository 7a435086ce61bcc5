"""What the server keeps of its answers while the store shows what they were read from: pages, /api answers,
/sparql results and an act's own data (`ActData`: its contents, events and title, which every page of the act
shows), in one in-process cache bounded by bytes (`LEXRDF_CACHE_MB`).

Everything kept is keyed by what the request asked (the resource, the date, known_at, the format, ...) and kept
under the store's `generation` (lexrdf.store.base.Store.generation): a number that changes with every write this
process makes and with every newer snapshot it switches to, which it reads from the store itself (the snapshot
pointer on disk; a remote store's transaction log), so a write by another process, such as an ingest beside
`lexrdf serve --workers N`, empties every worker's cache at its next request. Nothing is kept across a write, so
nothing stale is served; the least recently used entries go first when the bound is reached.

>>> cache = AnswerCache(max_bytes=1000)  # each entry below costs 50 bytes and ENTRY_OVERHEAD: 250
>>> cache.get_or_make("/a", 1, lambda: b"a" * 50)[:3]
b'aaa'
>>> cache.get("/a", 1) is not None, cache.get("/a", 2)  # generation 2: the store was written since
(True, None)
>>> for path in ("/b", "/c", "/d", "/e", "/f"):
...     cache.put(path, 2, b"x" * 50)
>>> len(cache), cache.size, cache.get("/b", 2)  # the least recently used went first
(4, 1000, None)
"""

from __future__ import annotations

import pickle
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

Made = TypeVar("Made")

ENTRY_OVERHEAD = 200  # bytes an entry costs beyond its value: its key, the dictionary's slot, the size kept


def size_of(value: object) -> int:
    """An estimate of the bytes `value` holds: its length for bytes and text, else its pickled length."""
    if isinstance(value, bytes | bytearray | memoryview):
        return len(value)
    if isinstance(value, str):
        return len(value.encode("utf-8"))
    if isinstance(value, CachedResponse):
        return len(value.body) + sum(len(name) + len(text) for name, text in value.raw_headers)
    try:
        return len(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):
        return sys.getsizeof(value)


@dataclass(frozen=True)
class CachedResponse:
    """An HTTP answer as kept: its status, body and headers as sent (the ETag and Last-Modified among them)."""

    status: int
    body: bytes
    raw_headers: tuple[tuple[bytes, bytes], ...]

    @classmethod
    def of(cls, response: Response) -> CachedResponse | None:
        """The answer to keep of `response`, or None for one that is streamed or sent from a file."""
        body = getattr(response, "body", None)
        if isinstance(response, StreamingResponse) or not isinstance(body, bytes):
            return None
        return cls(response.status_code, body, tuple(response.raw_headers))

    def header(self, name: str) -> str | None:
        wanted = name.lower().encode("latin-1")
        return next((value.decode("latin-1") for key, value in self.raw_headers if key.lower() == wanted), None)

    def response(self) -> Response:
        """The answer again, as it was sent."""
        response = Response(self.body, status_code=self.status)
        response.raw_headers = list(self.raw_headers)
        return response


class AnswerCache:
    """A least-recently-used map bounded by bytes, emptied whenever the store's generation moves on.

    Thread-safe (FastAPI runs page handlers in a thread pool). `max_bytes` 0 keeps nothing. A value larger than a
    quarter of the bound is not kept (one page must not push out every other). An answer made under an older
    generation than the cache has seen is not kept: it may hold what the store no longer shows."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._entries: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._generation: int | None = None
        self._lock = threading.Lock()
        self.size = 0  # bytes held, by `size_of` plus ENTRY_OVERHEAD an entry
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    def kept_keys(self) -> list[Hashable]:
        """The keys kept, least recently used first."""
        with self._lock:
            return list(self._entries)

    def get(self, key: Hashable, generation: int) -> Any | None:
        """The value kept under `key` for `generation`, or None."""
        with self._lock:
            self._follow(generation)
            held = self._entries.get(key)
            if held is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return held[0]

    def put(self, key: Hashable, generation: int, value: object, size: int | None = None) -> None:
        """Keep `value` under `key` if it was made under the newest generation and fits."""
        cost = (size_of(value) if size is None else size) + ENTRY_OVERHEAD
        if cost > self.max_bytes // 4:
            return
        with self._lock:
            self._follow(generation)
            if generation != self._generation:
                return
            old = self._entries.pop(key, None)
            if old is not None:
                self.size -= old[1]
            self._entries[key] = (value, cost)
            self.size += cost
            while self.size > self.max_bytes:
                _, (_, freed) = self._entries.popitem(last=False)
                self.size -= freed

    def get_or_make(
        self, key: Hashable, generation: int, make: Callable[[], Made], size: Callable[[Made], int] | None = None
    ) -> Made:
        """The value kept under `key`, or `make()`'s, kept (two threads asking at once may both make it)."""
        held = self.get(key, generation)
        if held is not None:
            return held
        made = make()
        self.put(key, generation, made, size(made) if size is not None else None)
        return made

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.size = 0

    def _follow(self, generation: int) -> None:
        """A newer generation empties the cache (the lock held); an older one leaves it as it is."""
        if self._generation is None or generation > self._generation:
            if self._entries:
                self._entries.clear()
                self.size = 0
            self._generation = generation


@dataclass(frozen=True)
class ActData:
    """An act's own data as its pages keep it (its contents on a date, its events, its title): made once a
    generation of the store and shared by the act's page and every provision page of it, since it changes only
    when the store is written. Keys are tuples naming the data, the act and what was asked (known_at, a date).

    >>> kept = ActData(AnswerCache(10_000), generation=1)
    >>> kept.get_or_make(("title", "https://e.org/act", None), lambda: "An Act")
    'An Act'
    >>> kept.get(("title", "https://e.org/act", None)), NOTHING_KEPT.get(("title", "https://e.org/act", None))
    ('An Act', None)
    """

    cache: AnswerCache | None  # None: nothing kept (a page made outside a server: tests, the CLI)
    generation: int

    def get(self, key: tuple[Hashable, ...]) -> Any | None:
        return None if self.cache is None else self.cache.get(("act-data", *key), self.generation)

    def get_or_make(self, key: tuple[Hashable, ...], make: Callable[[], Made]) -> Made:
        if self.cache is None:
            return make()
        return self.cache.get_or_make(("act-data", *key), self.generation, make)


NOTHING_KEPT = ActData(None, 0)


def act_data(request: Request) -> ActData:
    """What this application keeps of acts' own data, under the generation the store shows now."""
    return ActData(answer_cache(request), generation(request))


def answer_cache(request: Request) -> AnswerCache:
    """This application's cache (app.state: no module state); one that keeps nothing before the app has started."""
    cache = getattr(request.app.state, "answer_cache", None)
    return cache if cache is not None else AnswerCache(0)


def generation(request: Request) -> int:
    """The generation of the store this application serves (a reader: one stat of the snapshot pointer)."""
    return request.app.state.lex.store.generation
