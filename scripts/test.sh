#!/usr/bin/env bash
# Install everything the test suite needs into .venv and run the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
# apt-get waits up to 10 minutes for a dpkg/apt lock another process holds (unattended upgrades, a parallel run)
apt_get() { apt-get -o DPkg::Lock::Timeout=600 "$@"; }
if ! command -v java >/dev/null 2>&1; then  # the ontology test runs the HermiT reasoner (owlready2) on Java
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
    apt_get update -qq && apt_get install -y -qq default-jre-headless >/dev/null
  fi
fi
if ! command -v javac >/dev/null 2>&1 || [ ! -f /usr/share/java/jena-arq.jar ]; then  # the remote-store tests: Jena
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then  # (ARQ, TDB2) compiled with tests/jena/*.java
    apt_get update -qq && apt_get install -y -qq default-jdk-headless libapache-jena-java >/dev/null
  fi
fi
if ! command -v virtuoso-t >/dev/null 2>&1 || ! command -v isql-vt >/dev/null 2>&1; then  # the remote-store tests:
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then  # Virtuoso Open Source 7.2, started by the tests
    apt_get update -qq && DEBIAN_FRONTEND=noninteractive apt_get install -y -qq virtuoso-opensource >/dev/null
  fi  # (tests/virtuoso.py: its own database and ports; the package's system service is not used)
fi
if [ ! -x /usr/bin/chromium ]; then  # the browser tests drive Debian's chromium (Playwright, no browser download)
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
    apt_get update -qq && apt_get install -y -qq chromium >/dev/null
  fi
fi
python3 -m venv .venv
.venv/bin/pip install --quiet --upgrade pip
.venv/bin/pip install --quiet -e '.[test]'
.venv/bin/ruff check lexrdf tests bench
# two worker processes (pytest-xdist), each test file whole in one of them (its module fixtures built once);
# LEXRDF_TEST_WORKERS=0, or `-n 0` among the arguments, runs the suite in this process
exec .venv/bin/python -m pytest -n "${LEXRDF_TEST_WORKERS:-2}" --dist loadfile "$@"
