"""URLs of the jobs API (included under ``api/v1/`` from config.urls)."""

from django.urls import path

from environments.api.urls import ensure_name_converter

from . import api

ensure_name_converter()

JOBS = "environments/<name:environment>/jobs"

urlpatterns = [
    path(f"{JOBS}/", api.JobList.as_view(), name="api-jobs"),
    path(f"{JOBS}/<int:job>", api.JobDetail.as_view(), name="api-job"),
    path(f"{JOBS}/<int:job>/retry", api.JobRetry.as_view(), name="api-job-retry"),
]
