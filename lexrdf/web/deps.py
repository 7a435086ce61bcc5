"""Dependencies shared by the routers."""

from __future__ import annotations

from fastapi import Request

from lexrdf.api import Lexrdf


def get_lex(request: Request) -> Lexrdf:
    """The Lexrdf instance (store and settings) of this application."""
    return request.app.state.lex
