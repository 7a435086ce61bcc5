"""Incremental sync and feeds: the transaction log as RDF Patch streams (`changes`) and as Atom (`change_feed`),
and the legal events as Atom (`events`), built by `atom` (docs/sync.md)."""
