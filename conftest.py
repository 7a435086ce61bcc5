"""Suite-wide rule: under CI (CI=true) nothing skips. A skip there (a doctest marked +SKIP, a skip mark, a
pytest.skip outside tests/conftest.unavailable) is reported as a failure naming the test and its reason."""

from __future__ import annotations

import os

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> object:
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI", "").lower() == "true" and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.longrepr = f"skipped under CI (CI=true), where nothing may skip: {reason}"
