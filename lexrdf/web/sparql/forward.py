"""/sparql over a remote store: the checked query forwarded to the store's own SPARQL endpoint (docs/remote.md).

With an embedded store, queries run in killable worker processes (lexrdf.web.sparql.pool). With a remote store the
store itself is the query engine: the request is read and checked exactly as before (updates and SERVICE refused,
the format negotiated), then sent to the configured store's query endpoint with the protocol's dataset, the
negotiated media type and the time limit, and its answer passed back. The server calls no host but the store it
was configured with. The result cap is the store's own: a remote result is not counted here.
"""

from __future__ import annotations

import logging

import httpx

from lexrdf.settings import Settings
from lexrdf.store.dialects import FORM, ChallengeAuth, form
from lexrdf.web.sparql.formats import GRAPHS, RESULTS, named
from lexrdf.web.sparql.pool import QueryTimeout
from lexrdf.web.sparql.worker import Job, Reply

_log = logging.getLogger("lexrdf.web.sparql")


class StoreUnavailable(Exception):
    """The remote store did not answer (unreachable, or an error of its own)."""


class Forwarder:
    """Sends checked queries to a remote store's SPARQL endpoint, one HTTP client for the process."""

    def __init__(self, settings: Settings) -> None:
        assert settings.store_url
        self.url = settings.store_url
        auth = settings.store_auth
        self.client = httpx.AsyncClient(auth=ChallengeAuth(*auth) if auth else None)

    async def run(self, job: Job) -> Reply:
        """The store's answer to a job, as a worker's reply (a syntax error the store reports is `syntax`)."""
        accept = ", ".join(
            named(name).media_type for name in (job.results_format, job.graph_format) if name and named(name)
        )
        params = [("default-graph-uri", iri) for iri in job.default_graphs or ()]
        params += [("named-graph-uri", iri) for iri in job.named_graphs or ()]
        try:
            answer = await self.client.post(
                self.url,
                content=form(job.query, params),  # the protocol's form: every SPARQL 1.1 server takes it
                headers={"Content-Type": FORM, "Accept": accept},
                timeout=job.seconds,
            )
        except httpx.TimeoutException as exc:
            raise QueryTimeout() from exc
        except httpx.HTTPError as exc:
            _log.error("the remote store did not answer /sparql: %s", exc)
            raise StoreUnavailable() from exc
        if answer.status_code == 400:
            return Reply(problem="syntax", message=answer.text[:500])
        if answer.status_code != 200:
            _log.error("the remote store answered /sparql with %s: %s", answer.status_code, answer.text[:500])
            raise StoreUnavailable()
        media_type = answer.headers.get("content-type", "").split(";")[0].strip().lower()
        format_ = next((f for f in RESULTS + GRAPHS if media_type in f.accepted), None)
        if format_ is None:
            return Reply(problem="not-acceptable", message=f"the store answered as {media_type or 'nothing'}")
        return Reply(body=answer.content, format=format_.name)

    async def close(self) -> None:
        await self.client.aclose()


__all__ = ["Forwarder", "StoreUnavailable"]
