"""lexrdf: point-in-time legislation as linked data in Oxigraph.

The house, floor by floor: each package imports only from the floors below it (tests/test_layers.py keeps it so).

- floor 1: errors, uris (the one place IRIs are minted), vocab, model (the document model), settings, tunables,
  resources, layout, yamltext, sparqllex, lifetime, gcpause
- floor 2: mapping (a source file read into the document model), versioning (the planner: sources against what
  is stored), txtime (transaction time), answers (typed answers), tuning, source_rules (what a mapping says of
  its sources' identifiers)
- floor 3: store (Oxigraph on disk or remote: snapshots, journal, transaction log), queries (the `.rq` library and
  the ingest's typed questions), emit (plans to quads), parallel (reading sources in processes), citing
- floor 4: views, search, validate (SHACL), source_checks, active (an act's changes to others), feeds, api_chains
  (what the API's answers share: dates, governing chains, citations)
- floor 5: ingest (the one write path: plan, validate, commit, rebuild what is derived), dumps, api_search (the
  API's search methods)
- floor 6: api (the Python API, `Lexrdf`), satgraph, editorial, preload
- floor 7: agents (MCP), audit
- floor 8: web (HTTP)
- floor 9: cli
"""
