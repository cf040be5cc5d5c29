from django.urls import path

from . import token_pages, user_pages, views

ENV = "env/<name:environment>"

urlpatterns = [
    path("account/tokens", token_pages.tokens, name="tokens"),
    path("account/tokens/<int:token>/revoke", token_pages.token_revoke, name="token-revoke"),
    path("users", user_pages.users, name="users"),
    path("env/new", views.environment_create, name="environment-create"),
    path(f"{ENV}/", views.environment, name="environment"),
    path(f"{ENV}/settings", views.environment_settings, name="environment-settings"),
    path(f"{ENV}/settings/approvals", views.approval_rules, name="environment-approvals"),
    path(f"{ENV}/delete", views.environment_delete, name="environment-delete"),
    path(f"{ENV}/roles", views.roles, name="environment-roles"),
    path(f"{ENV}/roles/revoke", views.role_revoke, name="environment-role-revoke"),
    path(f"{ENV}/artifacts", views.artifacts, name="environment-artifacts"),
    path(
        f"{ENV}/artifacts/<name:artifact>/use",
        views.artifact_use,
        name="environment-artifact-use",
    ),
    path(f"{ENV}/history", views.history, name="environment-history"),
    path(
        f"{ENV}/history/<str:kind>/<name:catalog>/<name:database>/<name:name>",
        views.object_history,
        name="object-history",
    ),
]
