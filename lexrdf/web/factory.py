"""The application built from the environment, for uvicorn's worker processes (`lexrdf serve --workers N`).

uvicorn starts several workers only from an import string, so `serve` puts its settings in the environment
(`environment`) and each worker builds its app from them (`app`, a factory: `uvicorn lexrdf.web.factory:app
--factory`). Without LEXRDF_SETTINGS the usual variables are read (Settings.from_env).

>>> from lexrdf.settings import Settings
>>> settings = Settings(store=Path("/srv/lexrdf-data"), base_iri="https://example.org")
>>> from_environment(environment(settings)) == settings
True
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping
from pathlib import Path

from fastapi import FastAPI

from lexrdf.settings import Settings

VARIABLE = "LEXRDF_SETTINGS"


def environment(settings: Settings) -> dict[str, str]:
    """The variables that carry `settings` to worker processes (every field, as JSON; the store made absolute)."""
    fields = dataclasses.asdict(settings)
    fields["store"] = str(Path(settings.store).resolve())
    return {VARIABLE: json.dumps(fields, default=str)}


def from_environment(env: Mapping[str, str]) -> Settings:
    """The settings `environment` wrote, or Settings.from_env when there are none."""
    if VARIABLE not in env:
        return Settings.from_env()
    fields = json.loads(env[VARIABLE])
    dumps = Path(fields["dumps"]) if fields.get("dumps") else None
    # JSON has no tuples: the fields that hold one come back as lists
    listed = [f.name for f in dataclasses.fields(Settings) if isinstance(fields.get(f.name), list)]
    tuples = {name: tuple(fields[name]) for name in listed}
    return Settings(**{**fields, **tuples, "store": Path(fields["store"]), "dumps": dumps})


def app() -> FastAPI:
    """The app of one worker process."""
    from lexrdf.web.app import create_app

    return create_app(from_environment(os.environ))
