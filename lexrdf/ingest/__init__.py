"""Ingest: source files -> document model -> versioning -> quads -> the commit gate, one stage a module.

- `sources`: find, read and map the source files, one group of documents per act (a bad file stops everything
  before any write);
- `identity`: which IRI names each act, so that one act has one identity whatever the order of ingest;
- `planning`: version each act's documents against the store (the quads its write adds), and the checks that
  could refuse it, on the ingest's own thread or in worker processes;
- `commit`: the one write path (validate, journal and write, derive the views, index): what an ingest, `lexrdf
  add` and the SAT-Graph import all hand their act graphs to;
- `derived`: what is derived from an act graph (its views, its search-index documents), rebuilt after each write
  and after a killed writer;
- `groups`: the group commits an ingest hands its acts to the writer in;
- `run`: `ingest` and `prepare`, the stages in order, each act written while the next ones are planned;
- `dry_run`: `lexrdf validate FILES`, every problem of every file, mapped and versioned as `prepare` does, nothing
  written.

Every file is read and mapped before anything is written, so a bad file leaves the store unchanged.
"""
