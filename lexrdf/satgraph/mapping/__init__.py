"""Mapping a SAT-Graph dataset onto lexrdf quads, one graph per act or item (see lexrdf.satgraph.importer for
what maps to what); knows nothing about the store beyond the acts it is told are held.

Modules: `graphs` (the graphs of quads, the import summary, the sat: terms and the readers of a resource's metadata),
`state` (where each item, version and action goes, and what the parts share), `items`, `versions` and `events` (the
parts that map each kind of record), `plan` (the `Plan` an import runs, made of those parts).
"""
