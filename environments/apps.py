from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class EnvironmentsConfig(AppConfig):
    name = "environments"

    def ready(self) -> None:
        from .models import Membership
        from .roles_read import forget_roles

        # a role kept within a request is forgotten at any write to the memberships
        post_save.connect(forget_roles, sender=Membership, dispatch_uid="forget-roles-save")
        post_delete.connect(forget_roles, sender=Membership, dispatch_uid="forget-roles-delete")
