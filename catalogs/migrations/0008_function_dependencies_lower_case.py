"""The rows recording which functions a view calls keep the function's name in lower case, as
Flink resolves it (``catalogs.flinksql.catalog.function_name``); rows written before kept the
letter case of the call (``MASK_EMAIL(x)``), so a dropped function did not break its callers.

The marks of the views whose rows change are corrected for what they call: a view calling a
function that no longer exists becomes broken, and one broken only because a call's letter case
missed an existing function is ok again (its other marks are recomputed by the next change to
what it reads)."""

from django.db import migrations

from catalogs.flinksql.catalog import function_name

MISSING = "Reads what no longer exists: "


def lower_case_function_dependencies(apps, schema_editor):
    Dependency = apps.get_model("catalogs", "Dependency")
    Function = apps.get_model("catalogs", "Function")
    Table = apps.get_model("catalogs", "Table")
    view_ids = set()
    for row in Dependency.objects.filter(kind="function").iterator():
        if row.object_name != function_name(row.object_name):
            row.object_name = function_name(row.object_name)
            row.save(update_fields=["object_name"])
            view_ids.add(row.view_id)
    for view in Table.objects.filter(pk__in=view_ids):
        calls = Dependency.objects.filter(view=view, kind="function").order_by(
            "catalog_name", "database_name", "object_name"
        )
        missing = [
            f"function {call.catalog_name}.{call.database_name}.{call.object_name}"
            for call in calls
            if not Function.objects.filter(
                database__catalog__environment_id=view.database.catalog.environment_id,
                database__catalog__name=call.catalog_name,
                database__name=call.database_name,
                name=call.object_name,
            ).exists()
        ]
        if missing and view.status != "broken":
            view.status, view.status_reason = "broken", MISSING + "; ".join(missing) + "."
        elif not missing and view.status == "broken" and _only_functions(view.status_reason):
            view.status, view.status_reason = "ok", ""
        else:
            continue
        view.save(update_fields=["status", "status_reason"])


def _only_functions(reason: str) -> bool:
    """Whether a broken mark names nothing but functions (then their letter case caused it)."""
    if not reason.startswith(MISSING):
        return False
    items = reason.removeprefix(MISSING).removesuffix(".").split("; ")
    return all(item.startswith("function ") for item in items)


class Migration(migrations.Migration):
    dependencies = [("catalogs", "0007_history_origin")]

    operations = [
        migrations.RunPython(lower_case_function_dependencies, migrations.RunPython.noop),
    ]
