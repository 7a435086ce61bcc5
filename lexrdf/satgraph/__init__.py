"""SAT-Graph interoperability: import SAT-Graph JSON datasets into the lexrdf model, answer the SAT-Graph API's
operations with parameterised SPARQL over it, and export lexrdf data as SAT-Graph JSON.

Modules: `model` (the SAT JSON shapes), `urn` (URN LEX identifiers and the IRIs minted for them), `mapping` (a
dataset as quads), `importer` (validated and written), `operations` (the operations over the query files in
`queries/`), `exporter`, `router` (FastAPI, `/satgraph/...`), `serve` (the app with the router, for tests).
"""
