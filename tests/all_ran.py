"""A check of the test run itself: under xdist, every item the workers collected must have run.

xdist's ``--dist loadgroup`` once ran one of each set of items sharing a node id (schemathesis'
operations), and 166 tests never ran while the summary counted only what did. The controller
counts the items the workers collected and the items that reported an outcome, and fails the
run when fewer ran, unless the run was stopped on purpose (``-x``, ``--maxfail``, Ctrl-C)."""

from __future__ import annotations

import pytest


class AllRan:
    def __init__(self) -> None:
        self.collected = 0
        self.ran = 0

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: object, ids: list[str]) -> None:
        # every worker collects every item
        self.collected = max(self.collected, len(ids))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        # one outcome an item: its call, or the setup that failed or skipped it
        if report.when == "call" or (report.when == "setup" and not report.passed):
            self.ran += 1

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        stopped = session.shouldstop or session.shouldfail or session.config.option.maxfail
        if stopped or exitstatus == pytest.ExitCode.INTERRUPTED or self.ran >= self.collected:
            return
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(
                f"only {self.ran} of the {self.collected} collected tests ran", red=True
            )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def register(config: pytest.Config) -> None:
    """On the controller (not on an xdist worker); without workers it sees no collection and
    checks nothing."""
    if hasattr(config, "workerinput"):
        return
    config.pluginmanager.register(AllRan(), "all_ran")
