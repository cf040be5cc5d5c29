from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

# Imported first: it registers the converter of Flink names that every other URL uses.
from catalogs import urls as catalog_urls

api_v1 = [
    path("", include("environments.api.urls")),
    path("", include("catalogs.api.urls")),
]

urlpatterns = [
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("environments.urls")),
    path("", include(catalog_urls)),
    path("", include("catalogs.snapshot_urls")),
]

handler404 = "environments.api.errors.not_found"
handler500 = "environments.api.errors.server_error"
