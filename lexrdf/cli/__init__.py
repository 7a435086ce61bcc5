"""The command line: `lexrdf ingest`, `query`, `queries`, `search`, `validate`, `add`, `shapes`, `dump`, `serve`,
`search-index`, `mcp` and `satgraph`, one module a family of commands on one application (`common.app`).

Errors are one readable line on stderr and a non-zero exit; `--verbose` adds the detail.
"""

import importlib

from lexrdf.cli.common import app

COMMAND_MODULES = ("ingesting", "reading", "editorial", "serving", "satgraph")  # in `lexrdf --help`'s order
for _module in COMMAND_MODULES:  # each registers its commands on `app`
    importlib.import_module(f"lexrdf.cli.{_module}")

__all__ = ["app"]
