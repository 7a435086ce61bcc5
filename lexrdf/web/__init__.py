"""The HTTP surface (FastAPI): one router per surface, the store injected as a dependency."""
