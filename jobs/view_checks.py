"""The job that checks every stored view of an environment with real Flink
(``manage.py flink_check``, through the function it runs), a view at a time on the bar."""

from __future__ import annotations

from django.urls import reverse

from .models import Job
from .outcome import JobFailed, Outcome
from .progress import Reporter


def flink_check(job: Job, reporter: Reporter) -> Outcome:
    from catalogs import flink_verify
    from catalogs.flink_check import UNAVAILABLE, check_environment, summary

    if not flink_verify.flink_available():
        raise JobFailed(UNAVAILABLE)
    environment = job.environment
    reporter.say("reading the stored views")
    results = check_environment(environment, progress=reporter.say, count=reporter.count)
    text, lines, _ = summary(results)
    # views Flink refuses or derives otherwise are the result, not a failure of the job: each
    # view's page shows its own, and the job lists them
    return Outcome(
        text,
        lines=lines,
        label=f"the views of {environment.name}",
        url=reverse("environment", args=[environment.name]),
    )
