"""Store backends behind one small protocol: add an act graph atomically, query, dump."""

from lexrdf.store.base import Store, open_store

__all__ = ["Store", "open_store"]
