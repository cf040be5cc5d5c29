from django.urls import path

from environments.api.urls import ensure_name_converter

from . import documents, folder, lineage, model_views, promotion, snapshots, views

ensure_name_converter()

ENV = "environments/<name:environment>"
CATALOG = f"{ENV}/catalogs/<name:catalog>"
DATABASE = f"{CATALOG}/databases/<name:database>"
SNAPSHOTS = f"{ENV}/snapshots"
SNAPSHOT = f"{SNAPSHOTS}/<name:snapshot>"

urlpatterns = [
    path(f"{ENV}/statements", views.Statements.as_view(), name="api-statements"),
    path(f"{ENV}/impact", views.Impact.as_view(), name="api-impact"),
    path(f"{SNAPSHOTS}/", snapshots.SnapshotList.as_view(), name="api-snapshots"),
    path(f"{SNAPSHOTS}/import", snapshots.SnapshotImport.as_view(), name="api-snapshot-import"),
    path(SNAPSHOT, snapshots.SnapshotDetail.as_view(), name="api-snapshot"),
    path(f"{SNAPSHOT}/content", snapshots.SnapshotContent.as_view(), name="api-snapshot-content"),
    path(f"{SNAPSHOT}/diff", snapshots.SnapshotDiff.as_view(), name="api-snapshot-diff"),
    path(f"{ENV}/folder", folder.FolderExport.as_view(), name="api-folder"),
    path(f"{ENV}/folder/plan", folder.FolderPlan.as_view(), name="api-folder-plan"),
    path(
        f"{ENV}/folder/change-request",
        folder.FolderChangeRequest.as_view(),
        name="api-folder-change-request",
    ),
    path(f"{ENV}/promotion/compare", promotion.PromotionCompare.as_view(), name="api-compare"),
    path(f"{ENV}/promotion", promotion.Promote.as_view(), name="api-promote"),
    path(f"{ENV}/catalogs/", views.CatalogList.as_view(), name="api-catalogs"),
    path(CATALOG, views.CatalogDetail.as_view(), name="api-catalog"),
    path(f"{CATALOG}/databases/", views.DatabaseList.as_view(), name="api-databases"),
    path(DATABASE, views.DatabaseDetail.as_view(), name="api-database"),
    path(
        f"{DATABASE}/document", documents.DatabaseDocument.as_view(), name="api-database-document"
    ),
    path(f"{DATABASE}/tables/", views.TableList.as_view(), name="api-tables"),
    path(f"{DATABASE}/tables/<name:table>", views.TableDetail.as_view(), name="api-table"),
    path(
        f"{DATABASE}/tables/<name:table>/history",
        views.ObjectHistory.as_view(),
        name="api-table-history",
    ),
    path(
        f"{DATABASE}/tables/<name:table>/lineage",
        lineage.TableLineage.as_view(),
        name="api-table-lineage",
    ),
    path(f"{DATABASE}/views/", views.ViewList.as_view(), name="api-views"),
    path(
        f"{DATABASE}/views/<name:view>/lineage",
        lineage.ViewLineage.as_view(),
        name="api-view-lineage",
    ),
    path(f"{DATABASE}/views/<name:view>", views.ViewDetail.as_view(), name="api-view"),
    path(
        f"{DATABASE}/views/<name:view>/history",
        views.ViewHistory.as_view(),
        name="api-view-history",
    ),
    path(f"{DATABASE}/functions/", views.FunctionList.as_view(), name="api-functions"),
    path(
        f"{DATABASE}/functions/<name:function>", views.FunctionDetail.as_view(), name="api-function"
    ),
    path(
        f"{DATABASE}/functions/<name:function>/history",
        views.FunctionHistory.as_view(),
        name="api-function-history",
    ),
    path(f"{DATABASE}/models/", model_views.ModelList.as_view(), name="api-models"),
    path(f"{DATABASE}/models/<name:model>", model_views.ModelDetail.as_view(), name="api-model"),
    path(
        f"{DATABASE}/models/<name:model>/history",
        model_views.ModelHistory.as_view(),
        name="api-model-history",
    ),
]
