"""Dereferencing every IRI lexrdf mints, with content negotiation. (skeleton: owned by the linked-data work)"""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
