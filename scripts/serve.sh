#!/usr/bin/env bash
# Install lexrdf into .venv, ingest the bundled sample corpus into ./lexrdf-data, dump it into ./lexrdf-data/dumps
# (served under /dumps/) and serve it on port 8000, one server process per core (lexrdf serve --workers).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install --quiet --upgrade pip
.venv/bin/pip install --quiet -e .
exec .venv/bin/lexrdf serve --sample --dump --store lexrdf-data "$@"
