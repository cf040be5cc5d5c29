from django.apps import AppConfig


class ChangesConfig(AppConfig):
    name = "changes"

    def ready(self) -> None:
        from . import page_state

        page_state.connect()
