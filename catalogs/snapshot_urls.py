"""URLs of snapshots, catalog-store folders, init scripts and catalog folders (included from
config.urls)."""

from django.urls import path

from .pages import folder, promotion, snapshot_import, snapshots

ENV = "env/<name:environment>"

urlpatterns = [
    path("snapshots/<str:snapshot_id>.json", snapshots.snapshot_json, name="snapshot-json"),
    path("snapshots/<str:snapshot_id>", snapshots.snapshot_page, name="snapshot"),
    path("snapshots/<str:snapshot_id>/diff", snapshots.snapshot_diff, name="snapshot-diff"),
    path("snapshots/<str:snapshot_id>/delete", snapshots.snapshot_delete, name="snapshot-delete"),
    path(f"{ENV}/snapshots", snapshots.snapshot_list, name="snapshot-list"),
    path(f"{ENV}/snapshots/take", snapshots.snapshot_take, name="snapshot-take"),
    path(f"{ENV}/snapshots/import", snapshot_import.snapshot_import, name="snapshot-import"),
    path(f"{ENV}/folder.zip", folder.folder_download, name="folder-zip"),
    path(f"{ENV}/folder/plan", folder.folder_plan, name="folder-plan"),
    path(f"{ENV}/promote", promotion.promote, name="promote"),
    path(f"{ENV}/catalog-store.zip", snapshots.catalog_store_download, name="catalog-store-zip"),
    path(
        f"{ENV}/catalogs/<name:catalog>/init.sql",
        snapshots.init_script_download,
        name="init-script",
    ),
]
