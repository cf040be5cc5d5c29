from __future__ import annotations

from django.contrib.auth import get_user_model
from rest_framework import serializers

from catalogs.models import HistoryEntry
from catalogs.origins import public_origin, via
from catalogs.secrets import mask_ddl
from environments.models import (
    TOKEN_MAX_DAYS,
    ApiToken,
    Artifact,
    ArtifactVersion,
    Environment,
    Membership,
    Role,
    environment_name_validator,
)
from environments.services import MAX_REQUIRED_APPROVALS
from environments.users import password_min_length

from .fields import StrictBooleanField, StrictCharField, StrictIntegerField


class EnvironmentSerializer(serializers.ModelSerializer):
    catalog = serializers.CharField(source="catalog_name", read_only=True)
    role = serializers.SerializerMethodField(help_text="Your role in the environment")

    class Meta:
        model = Environment
        fields = [
            "name",
            "description",
            "catalog",
            "role",
            "created_at",
            "required_approvals",
            "allow_self_approval",
        ]
        read_only_fields = ["required_approvals", "allow_self_approval"]

    def get_role(self, environment: Environment) -> str:
        return self.context["roles"](environment)


# The API takes the name as sent, whole (no surrounding blanks trimmed), as the schema's
# pattern says, and checks it with the model's one validator.
ENVIRONMENT_NAME_FIELD = {
    "max_length": 63,
    "trim_whitespace": False,
    "validators": [environment_name_validator],
}


class EnvironmentWriteSerializer(serializers.Serializer):
    name = StrictCharField(**ENVIRONMENT_NAME_FIELD)
    description = StrictCharField(allow_blank=True, required=False, default="")


class EnvironmentChangeSerializer(serializers.Serializer):
    name = StrictCharField(required=False, **ENVIRONMENT_NAME_FIELD)
    description = StrictCharField(allow_blank=True, required=False)
    required_approvals = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=MAX_REQUIRED_APPROVALS,
        help_text="Approvals a change request needs; above 0, DDL runs only through requests",
    )
    allow_self_approval = StrictBooleanField(
        required=False, help_text="Whether the author of a change request may approve it"
    )


class UserSerializer(serializers.ModelSerializer):
    email = serializers.CharField(read_only=True, help_text="Empty when none was given")

    class Meta:
        model = get_user_model()
        fields = ["username", "email", "is_staff", "is_superuser", "is_active"]
        read_only_fields = fields


class CreateUserSerializer(serializers.Serializer):
    username = StrictCharField(max_length=150, validators=[get_user_model().username_validator])
    email = serializers.EmailField(max_length=254, required=False, default="")
    password = StrictCharField(
        min_length=password_min_length(),
        max_length=128,
        write_only=True,
        trim_whitespace=False,
        help_text="It must pass the site's password rules",
    )


class RoleSerializer(serializers.ModelSerializer):
    user = serializers.CharField(source="user.username")

    class Meta:
        model = Membership
        fields = ["user", "role"]


class GrantRoleSerializer(serializers.Serializer):
    user = StrictCharField(max_length=150)
    role = serializers.ChoiceField(choices=Role.choices)


class SetRoleSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Role.choices)


class ArtifactVersionSerializer(serializers.ModelSerializer):
    uploaded_by = serializers.CharField(
        source="uploaded_by.username", default=None, allow_null=True
    )
    size = serializers.SerializerMethodField()

    class Meta:
        model = ArtifactVersion
        fields = ["version", "file_name", "sha256", "size", "uploaded_by", "uploaded_at"]

    def get_size(self, version: ArtifactVersion) -> int:
        return len(version.content)


class ArtifactSerializer(serializers.ModelSerializer):
    versions = ArtifactVersionSerializer(many=True, read_only=True)
    users = serializers.SlugRelatedField(
        many=True, read_only=True, slug_field="username", help_text="Users holding Use"
    )

    class Meta:
        model = Artifact
        fields = ["name", "versions", "users"]


class UploadSerializer(serializers.Serializer):
    name = StrictCharField(max_length=255, help_text="The artifact; a new one or a version")
    file = serializers.FileField(allow_empty_file=True, help_text="May be empty")

    def validate(self, data: dict) -> dict:
        # A form's parts are only those the schema names (it says additionalProperties: false).
        unknown = sorted(set(self.initial_data) - set(self.fields))
        if unknown:
            raise serializers.ValidationError(
                f"Unknown parts {', '.join(map(repr, unknown))}: send only name and file."
            )
        return data


class HistoryChangeSerializer(serializers.Serializer):
    kind = serializers.CharField()
    catalog = serializers.CharField(source="catalog_name")
    database = serializers.CharField(source="database_name")
    name = serializers.CharField(source="object_name")


class OriginField(serializers.CharField):
    """A history entry's origin as every viewer may see it (a console's session id left out)."""

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault(
            "help_text",
            "Where the statement came from: 'api', 'api:flink-catalog' (the Flink catalog "
            "plugin), 'change-request:<number>' or 'console'. Informational: a client names "
            "itself, which grants nothing.",
        )
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, value: str) -> str:
        return public_origin(value)


class ViaField(serializers.CharField):
    """A history entry's origin as the history page says it, e.g. 'via Flink catalog plugin'."""

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("help_text", "The origin in words, e.g. 'via Flink catalog plugin'")
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, value: str) -> str:
        return via(value)


class HistoryEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    user = serializers.CharField(source="user.username", default=None, allow_null=True)
    created_at = serializers.DateTimeField()
    origin = OriginField()
    via = ViaField(source="origin")
    statement = serializers.SerializerMethodField()
    changes = HistoryChangeSerializer(many=True, source="change_list")

    def get_statement(self, entry: HistoryEntry) -> str:
        return mask_ddl(entry.statement)


class ApiTokenSerializer(serializers.ModelSerializer):
    user = serializers.CharField(source="user.username", read_only=True)
    state = serializers.ChoiceField(choices=ApiToken.State.choices, read_only=True)

    class Meta:
        model = ApiToken
        fields = ["id", "name", "user", "state", "created", "expires_at", "last_used", "revoked_at"]
        read_only_fields = fields


class IssuedApiTokenSerializer(ApiTokenSerializer):
    token = serializers.CharField(
        source="value",
        read_only=True,
        help_text="Send it as 'Authorization: Token <token>'. Shown this once: only its hash "
        "is kept.",
    )

    class Meta(ApiTokenSerializer.Meta):
        fields = [*ApiTokenSerializer.Meta.fields, "token"]
        read_only_fields = fields


class IssueApiTokenSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100, help_text="What the token is for")
    expires_in_days = serializers.IntegerField(
        min_value=1,
        max_value=TOKEN_MAX_DAYS,
        required=False,
        allow_null=True,
        help_text="Refuse the token after this many days; absent or null: never",
    )


class ApiTokenListQuerySerializer(serializers.Serializer):
    all = serializers.BooleanField(
        default=False, help_text="Every user's tokens, not only yours (superusers)"
    )
