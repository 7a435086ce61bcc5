"""The README: short, and its tour runs. Every fenced `sh` block of "A five-minute tour" and the Python block are
run against a real `lexrdf serve --sample` (the first command's server) on a fresh store, so they cannot go stale;
what they print is checked against samples/README.md."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO
from servers import lexrdf_serve

README = (REPO / "README.md").read_text(encoding="utf-8")
ADDRESS = "http://127.0.0.1:8000"  # where the README's first command serves


def section(title: str) -> str:
    """The text of the README's `## title` section, up to the next `## ` heading."""
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", README, re.M | re.S)
    assert match, f"README has no section {title!r}"
    return match.group(1)


def fenced(text: str, language: str) -> list[str]:
    """The fenced code blocks of `language` in `text`, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.M | re.S)


TOUR = fenced(section("A five-minute tour"), "sh")


def test_readme_is_short_and_links_resolve():
    assert len(README.splitlines()) <= 150
    for target in re.findall(r"\]\(((?:docs|samples)/[^)#]+)", README):
        assert (REPO / target).is_file(), f"README links to {target}, which does not exist"
    assert "bash scripts/serve.sh" in README and "bash scripts/test.sh" in README
    assert "bash scripts/test.sh" in (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "lexrdf mcp" in README and "serve --mcp" in README
    assert len(TOUR) >= 6


@pytest.fixture(scope="module")
def tour(tmp_path_factory: pytest.TempPathFactory):
    """A fresh directory holding `lexrdf-data` (served by `lexrdf serve --sample`), a `lexrdf` command on PATH
    (this interpreter's), and the server's URL."""
    home = tmp_path_factory.mktemp("tour")
    bin_dir = home / "bin"
    bin_dir.mkdir()
    command = bin_dir / "lexrdf"
    command.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m lexrdf.cli "$@"\n', encoding="utf-8")
    command.chmod(command.stat().st_mode | stat.S_IXUSR)
    with lexrdf_serve(home / "lexrdf-data", "--sample") as url:
        yield home, url


def test_serve_prints_the_address_to_open(tour):
    home, url = tour
    logs = "".join(log.read_text(encoding="utf-8") for log in home.glob("server-*.log"))
    assert f"lexrdf: open {url}/" in logs


def run_block(block: str, home: Path, url: str) -> str:
    """One block run by bash -e in `home`, the README's address replaced by the test server's; its stdout."""
    env = {
        **os.environ,
        "PATH": f"{home / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "PYTHONPATH": str(REPO),
        "LEXRDF_BASE_IRI": "https://lexrdf.example.org",
    }
    env.pop("LEXRDF_STORE", None)
    done = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", block.replace(ADDRESS, url)],
        cwd=home,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"README block failed:\n{block}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done.stdout


@pytest.mark.parametrize("index", range(len(TOUR)))
def test_tour_block_runs(tour, index):
    home, url = tour
    block = TOUR[index]
    output = run_block(block, home, url)
    # what the sample corpus's histories say (samples/README.md), wherever a block shows it
    if "text-at" in block and "art_6" in block:
        assert '"status": "ended"' in output
    elif "query text-at" in block:
        assert "within twelve months" in output and '"valid_until": "2004-07-01"' in output
    if "query versions" in block:
        assert "2001-04-01" in output and "2004-07-01" in output
    if "<title>" in block:
        assert "Open Data Act 2001" in output
    if "api/text-at" in block:
        assert '"status":"in-force"' in output.replace(" ", "")
    if "/sparql" in block:
        assert "Open Data Act 2001" in output and "Harbour Act 1995" in output
    if "lexrdf dump" in block:
        assert "SHA256SUMS" in output and "catalog.ttl" in output


def test_python_block_runs(tour):
    home, url = tour
    (code,) = fenced(section("Python"), "python")
    namespace: dict = {}
    cwd = Path.cwd()
    os.chdir(home)
    try:
        exec(compile(code, "README.md", "exec"), namespace)  # noqa: S102 - the README's own example
    finally:
        os.chdir(cwd)
    namespace["lex"].close()
    assert namespace["answer"].status == "in-force"
    assert "within twelve months" in namespace["answer"].text
