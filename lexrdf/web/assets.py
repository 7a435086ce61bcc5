"""Static assets served by the app itself (no CDN): CSS, the small scripts of the pages, Swagger UI.
(skeleton: owned by the API/errors work)"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html


def install(app: FastAPI) -> None:
    """Mount /static and serve /docs."""

    @app.get("/docs", include_in_schema=False)
    def docs():
        return get_swagger_ui_html(openapi_url="/openapi.json", title="lexrdf API")
