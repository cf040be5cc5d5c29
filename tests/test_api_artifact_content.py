"""An artifact's file through the API: where the Flink catalog plugin loads function code from."""

from __future__ import annotations

from environments import services
from environments.models import Environment
from tests.access import Members

ENV = "/api/v1/environments/default"


def test_it_answers_the_newest_version_to_a_user_holding_use(
    environment: Environment, members: Members
) -> None:
    services.upload_artifact(environment, "udfs.jar", "udfs-1.jar", b"first")
    version = services.upload_artifact(environment, "udfs.jar", "udfs-2.jar", b"second")
    services.grant_use(version.artifact, members.users["viewer"])
    answer = members["viewer"].get(f"{ENV}/artifacts/udfs.jar/content")
    assert answer.status_code == 200
    assert answer.content == b"second"
    assert answer["Content-Disposition"] == 'attachment; filename="udfs-2.jar"'
    assert answer["ETag"] == f'"{version.sha256}"'


def test_it_refuses_a_member_without_use_and_hides_it_from_an_outsider(
    environment: Environment, members: Members
) -> None:
    services.upload_artifact(environment, "udfs.jar", "udfs.jar", b"code")
    refused = members["editor"].get(f"{ENV}/artifacts/udfs.jar/content")
    assert refused.status_code == 403
    assert refused.json() == {
        "errors": [
            {
                "message": "Downloading artifact 'udfs.jar' needs the Use permission on "
                "artifact 'udfs.jar', which you do not hold."
            }
        ]
    }
    assert members["outsider"].get(f"{ENV}/artifacts/udfs.jar/content").status_code == 404
    assert members["owner"].get(f"{ENV}/artifacts/nothing/content").status_code == 404
