"""Store backends behind one small protocol: add an act graph atomically, query, dump; one writer publishes
snapshots that any number of readers open read-only (docs/store.md). The store knows RDF, its files, its
journal, its transaction log and its clock (`clock`), and nothing of the query library or anything above it.

The embedded backend (`embedded`) opens its directory with `primary`, stages a group write with `staging`, keeps
its journal in `journal`, its log in `changelog` and its snapshots in `snapshots`; `remote` speaks SPARQL 1.1 to
another server."""

from lexrdf.store.base import Store
from lexrdf.store.opening import open_store
from lexrdf.store.primary import StoreLocked

__all__ = ["Store", "StoreLocked", "open_store"]
