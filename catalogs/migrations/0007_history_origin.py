"""The history kept the Django session key of the browser that ran a console or form statement,
and showed it to every viewer: presented as the session cookie, it logged in as that browser's
user. The field becomes ``origin``, and every stored session key is replaced by a random console
session id, the same one for every entry of one old session, so the entries a browser ran stay
grouped while the key is gone. The API's and change requests' origins hold no secret and stay."""

import secrets

from django.db import migrations


def _kept(origin):
    return origin in ("", "api") or origin.startswith(("change-request:", "console:"))


def replace_session_keys(apps, schema_editor):
    HistoryEntry = apps.get_model("catalogs", "HistoryEntry")
    stored = HistoryEntry.objects.values_list("origin", flat=True).distinct()
    for old in [origin for origin in stored if not _kept(origin)]:
        fresh = f"console:{secrets.token_hex(16)}"
        HistoryEntry.objects.filter(origin=old).update(origin=fresh)


class Migration(migrations.Migration):
    dependencies = [("catalogs", "0006_snapshot_content_gzip")]

    operations = [
        migrations.RenameField(model_name="historyentry", old_name="session_key", new_name="origin"),
        migrations.RunPython(replace_session_keys, migrations.RunPython.noop),
    ]
