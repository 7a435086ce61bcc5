"""The factory that opens a store backend from a location: the embedded store in a directory, or a remote one
(each imported when asked for: the remote one needs httpx)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from lexrdf.store.base import Store


def open_store(
    location: str | Path,
    read_only: bool = False,
    snapshot_grace_seconds: float | None = None,
    url: str | None = None,
    update_url: str | None = None,
    auth: tuple[str, str] | None = None,
    ignored_graphs: Sequence[str] = (),
) -> Store:
    """Open the embedded store in a directory: as its one writer (the directory is created if missing), or
    `read_only` on its newest published snapshot (a StoreError when the directory holds no store). Superseded
    snapshots are pruned `snapshot_grace_seconds` after (see lexrdf.store.snapshots).

    With `url` (a SPARQL 1.1 query endpoint), the remote store there instead (lexrdf.store.remote, docs/remote.md):
    `location` is then the local directory of its transaction log, `update_url` its update endpoint (default:
    derived from `url`), `auth` a user and password (HTTP basic or digest authentication, as the server asks),
    `ignored_graphs` the server's own graphs, which are not lexrdf's (Virtuoso's `virtrdf#`)."""
    if url:
        from lexrdf.store.remote import RemoteStore

        return RemoteStore(
            url, Path(location), read_only=read_only, update_url=update_url, auth=auth, ignored_graphs=ignored_graphs
        )
    from lexrdf.store.embedded import EmbeddedStore
    from lexrdf.store.snapshots import DEFAULT_GRACE_SECONDS

    grace = DEFAULT_GRACE_SECONDS if snapshot_grace_seconds is None else snapshot_grace_seconds
    return EmbeddedStore(Path(location), read_only=read_only, snapshot_grace_seconds=grace)
