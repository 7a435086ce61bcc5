"""Static assets served by the app itself, never from a CDN: the pages' CSS and scripts under /static, and
Swagger UI (the dist files the PyPI package swagger-ui-bundle-v2 ships) under /static/swagger-ui for /docs."""

from __future__ import annotations

from pathlib import Path

import swagger_ui_bundle
from fastapi import Depends, FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from lexrdf.web.parameters import declared_only
from lexrdf.web.templating import STATIC_DIR

STATIC_PATH = "/static"
SWAGGER_PATH = f"{STATIC_PATH}/swagger-ui"
SWAGGER_DIR = Path(str(swagger_ui_bundle.swagger_ui_path))


def install(app: FastAPI) -> None:
    """Mount /static (lexrdf/web/static) and Swagger UI's files, and serve /docs from them."""
    app.mount(SWAGGER_PATH, StaticFiles(directory=SWAGGER_DIR), name="swagger-ui")  # before /static, which it is in
    app.mount(STATIC_PATH, StaticFiles(directory=STATIC_DIR), name="static")

    @app.get("/docs", include_in_schema=False, dependencies=[Depends(declared_only)])
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{app.title} API",
            swagger_js_url=f"{SWAGGER_PATH}/swagger-ui-bundle.js",
            swagger_css_url=f"{SWAGGER_PATH}/swagger-ui.css",
            swagger_favicon_url=f"{SWAGGER_PATH}/favicon-32x32.png",
            swagger_ui_parameters={"validatorUrl": None},  # Swagger UI would otherwise call validator.swagger.io
        )
