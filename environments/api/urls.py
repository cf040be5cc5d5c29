from django.urls import path, register_converter
from django.urls.converters import get_converters

from catalogs.converters import IdConverter, NameConverter

from . import tokens, users, views


def ensure_name_converter() -> None:
    """Flink names may hold any character; ``catalogs.urls`` registers the same converter.
    Ids are bounded (``id``) instead of Django's ``int``."""
    if "name" not in get_converters():
        register_converter(NameConverter, "name")
    if "id" not in get_converters():
        register_converter(IdConverter, "id")


ensure_name_converter()

ENV = "environments/<name:environment>"
ARTIFACT = f"{ENV}/artifacts/<name:artifact>"

urlpatterns = [
    path("environments/", views.EnvironmentList.as_view(), name="api-environments"),
    path(ENV, views.EnvironmentDetail.as_view(), name="api-environment"),
    path(f"{ENV}/roles/", views.RoleList.as_view(), name="api-roles"),
    path(f"{ENV}/roles/<name:user>", views.RoleDetail.as_view(), name="api-role"),
    path(f"{ENV}/artifacts/", views.ArtifactList.as_view(), name="api-artifacts"),
    path(ARTIFACT, views.ArtifactDetail.as_view(), name="api-artifact"),
    path(f"{ARTIFACT}/content", views.ArtifactContent.as_view(), name="api-artifact-content"),
    path(f"{ARTIFACT}/users/<name:user>", views.ArtifactUse.as_view(), name="api-artifact-use"),
    path(f"{ENV}/history/", views.HistoryList.as_view(), name="api-history"),
    path("users/", users.UserList.as_view(), name="api-users"),
    path("tokens/", tokens.TokenList.as_view(), name="api-tokens"),
    path("tokens/<int:token>/", tokens.TokenDetail.as_view(), name="api-token"),
]
