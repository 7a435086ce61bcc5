"""`python -m lexrdf.cli`: the command line."""

from lexrdf.cli import app

app()
