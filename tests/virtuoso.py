"""Virtuoso Open Source 7.2 (Debian's `virtuoso-opensource`, installed by scripts/test.sh) for the remote-store tests:
a server of its own on 127.0.0.1, free ports, a database in a temporary directory, no system service.

The database is set up as docs/remote.md says a deployment should be: the demonstration graphs of a new database
cleared, a user `lexrdf` with the SPARQL_UPDATE role and write permission on the quad store, who writes through
/sparql-auth (HTTP digest authentication); anyone reads through /sparql, which refuses updates. Virtuoso's own graph
`virtrdf#` (its quad map schema, readable by everyone and not removable) is the one graph lexrdf is told to ignore.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from servers import free_port

VIRTUOSO = "virtuoso-t"
ISQL = "isql-vt"
SYSTEM_GRAPH = "http://www.openlinksw.com/schemas/virtrdf#"
USER, PASSWORD = "lexrdf", "lexrdf-test-password"

INI = """[Database]
DatabaseFile = {dir}/virtuoso.db
ErrorLogFile = {dir}/virtuoso.log
LockFile = {dir}/virtuoso.lck
TransactionFile = {dir}/virtuoso.trx
xa_persistent_file = {dir}/virtuoso.pxa
ErrorLogLevel = 7
FileExtend = 200
MaxCheckpointRemap = 2000
Striping = 0
TempStorage = TempDatabase

[TempDatabase]
DatabaseFile = {dir}/virtuoso-temp.db
TransactionFile = {dir}/virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping = 0

[Parameters]
ServerPort = 127.0.0.1:{sql_port}
DisableUnixSocket = 1
CaseMode = 2
DirsAllowed = .
NumberOfBuffers = 20000
MaxDirtyBuffers = 15000
MaxQueryMem = 500M
ThreadsPerQuery = 2
CheckpointInterval = 60

[HTTPServer]
ServerPort = 127.0.0.1:{http_port}
ServerRoot = {dir}
ServerThreads = 10
MaxClientConnections = 10
Charset = UTF-8

[SPARQL]
ResultSetMaxRows = 100000000
MaxQueryExecutionTime = 0
MaxQueryCostEstimationTime = 0
"""

SETUP = f"""SPARQL CLEAR GRAPH <http://www.w3.org/ns/ldp#>;
SPARQL CLEAR GRAPH <http://localuriqaserver/sparql>;
DB.DBA.USER_CREATE ('{USER}', '{PASSWORD}');
GRANT SPARQL_UPDATE TO "{USER}";
DB.DBA.RDF_DEFAULT_USER_PERMS_SET ('nobody', 1);
DB.DBA.RDF_DEFAULT_USER_PERMS_SET ('{USER}', 3);
checkpoint;
"""


def missing() -> list[str]:
    """The Virtuoso commands this machine lacks."""
    return [command for command in (VIRTUOSO, ISQL) if shutil.which(command) is None]


@contextlib.contextmanager
def virtuoso_server(directory: Path) -> Iterator[dict[str, Any]]:
    """`virtuoso-t +foreground` over a new database in `directory`, set up by `isql-vt` (SETUP); the remote-store
    settings that reach it (query and update endpoints, credentials, the graph to ignore)."""
    directory.mkdir(parents=True, exist_ok=True)
    sql_port, http_port = free_port(), free_port()
    ini = directory / "virtuoso.ini"
    ini.write_text(INI.format(dir=directory, sql_port=sql_port, http_port=http_port), encoding="utf-8")
    log = directory / "virtuoso-out.log"
    with log.open("w") as output:
        process = subprocess.Popen([VIRTUOSO, "+foreground", "+configfile", str(ini)], stdout=output,
                                   stderr=subprocess.STDOUT, cwd=directory)  # fmt: skip
    url = f"http://127.0.0.1:{http_port}/sparql"
    try:
        _wait(url, process, log)
        (directory / "setup.sql").write_text(SETUP, encoding="utf-8")
        setup = subprocess.run([ISQL, f"127.0.0.1:{sql_port}", "dba", "dba", str(directory / "setup.sql")],
                               capture_output=True, text=True, timeout=120)  # fmt: skip
        if setup.returncode != 0 or "*** Error" in setup.stdout + setup.stderr:
            raise RuntimeError(f"setting up Virtuoso failed: {setup.stdout[-2000:]} {setup.stderr[-2000:]}")
        yield {
            "store_url": url,
            "store_update_url": f"http://127.0.0.1:{http_port}/sparql-auth",
            "store_user": USER,
            "store_password": PASSWORD,
            "store_ignored_graphs": (SYSTEM_GRAPH,),
        }
    finally:
        process.terminate()
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 120
    while True:
        with contextlib.suppress(httpx.TransportError):
            answer = httpx.post(url, data={"query": "ASK {}"}, timeout=5)
            if answer.status_code == 200:
                return
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            found = log.read_text(errors="replace")[-3000:] if log.exists() else ""
            raise RuntimeError(f"Virtuoso did not start: {found}")
        time.sleep(0.3)


__all__ = ["missing", "virtuoso_server"]
