"""URLs of the job pages (included from config.urls)."""

from django.urls import path

from . import pages

ENV = "env/<name:environment>/jobs"
JOB = f"{ENV}/<int:pk>"

urlpatterns = [
    path(ENV, pages.job_list, name="job-list"),
    path(f"{ENV}/start", pages.job_start, name="job-start"),
    path(JOB, pages.job_page, name="job"),
    path(f"{JOB}/progress", pages.job_progress, name="job-progress"),
    path(f"{JOB}/retry", pages.job_retry, name="job-retry"),
]
