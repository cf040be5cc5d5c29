from django.urls import include, path

from environments.api.urls import ensure_name_converter

from . import views

ensure_name_converter()

ENV = "env/<name:environment>/change-requests"
REQUEST = f"{ENV}/<id:pk>"

urlpatterns = [
    path(ENV, views.request_list, name="change-requests"),
    path(f"{ENV}/new", views.request_open, name="change-request-open"),
    path(REQUEST, views.request_detail, name="change-request"),
    path(f"{REQUEST}/comment", views.request_comment, name="change-request-comment"),
    path(f"{REQUEST}/review", views.request_review, name="change-request-review"),
    path(f"{REQUEST}/statements", views.request_statements, name="change-request-statements"),
    path(f"{REQUEST}/edit", views.request_edit, name="change-request-edit"),
    path(f"{REQUEST}/move", views.request_move, name="change-request-move"),
    path(f"{REQUEST}/apply", views.request_apply, name="change-request-apply"),
    path(f"{REQUEST}/close", views.request_close, name="change-request-close"),
    path(f"{REQUEST}/reopen", views.request_reopen, name="change-request-reopen"),
    # The API lives under the same prefix as every other, documented in the same schema.
    path("api/v1/", include("changes.api.urls")),
]
