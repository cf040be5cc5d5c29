from django.apps import AppConfig


class CatalogsConfig(AppConfig):
    name = "catalogs"
