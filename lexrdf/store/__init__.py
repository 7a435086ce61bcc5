"""Store backends behind one small protocol: add an act graph atomically, query, dump; one writer publishes
snapshots that any number of readers open read-only (docs/store.md)."""

from lexrdf.store.base import Store
from lexrdf.store.opening import open_store
from lexrdf.store.primary import StoreLocked

__all__ = ["Store", "StoreLocked", "open_store"]
