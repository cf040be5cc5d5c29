from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_GET
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

# Imported first: it registers the converter of Flink names that every other URL uses.
from catalogs import urls as catalog_urls
from config.login import LoginView


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """For load balancers, and the trivial view the page benchmark measures against."""
    return HttpResponse("ok", content_type="text/plain")


api_v1 = [
    path("", include("environments.api.urls")),
    path("", include("catalogs.api.urls")),
    path("", include("jobs.api_urls")),
]

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file, so the CSP can forbid inline ones.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("environments.urls")),
    path("", include(catalog_urls)),
    path("", include("catalogs.snapshot_urls")),
    path("", include("changes.urls")),
    path("", include("jobs.urls")),
]

handler404 = "environments.api.errors.not_found"
handler500 = "environments.api.errors.server_error"
handler403 = "environments.denied.permission_denied"
