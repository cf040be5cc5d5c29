from django.urls import path

from environments.api.urls import ensure_name_converter

from . import views

ensure_name_converter()

REQUESTS = "environments/<name:environment>/change-requests/"
REQUEST = f"{REQUESTS}<id:number>"

urlpatterns = [
    path(REQUESTS, views.ChangeRequestList.as_view(), name="api-change-requests"),
    path(REQUEST, views.ChangeRequestDetail.as_view(), name="api-change-request"),
    path(f"{REQUEST}/preview", views.ChangeRequestPreview.as_view(), name="api-cr-preview"),
    path(
        f"{REQUEST}/statements", views.ChangeRequestStatements.as_view(), name="api-cr-statements"
    ),
    path(f"{REQUEST}/comments", views.ChangeRequestComments.as_view(), name="api-cr-comments"),
    path(f"{REQUEST}/reviews", views.ChangeRequestReviews.as_view(), name="api-cr-reviews"),
    path(f"{REQUEST}/approve", views.ChangeRequestApprove.as_view(), name="api-cr-approve"),
    path(f"{REQUEST}/apply", views.ChangeRequestApply.as_view(), name="api-cr-apply"),
    path(f"{REQUEST}/close", views.ChangeRequestClose.as_view(), name="api-cr-close"),
    path(f"{REQUEST}/reopen", views.ChangeRequestReopen.as_view(), name="api-cr-reopen"),
]
