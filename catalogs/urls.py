from django.urls import path, register_converter

from . import views
from .converters import NameConverter

register_converter(NameConverter, "name")

DATABASE = "env/<name:environment>/catalogs/<name:catalog>/databases/<name:database>"

urlpatterns = [
    path("", views.home, name="home"),
    path("env/<name:environment>/catalogs/<name:catalog>", views.catalog, name="catalog"),
    path(DATABASE, views.database, name="database"),
    path(f"{DATABASE}/tables/<name:table>", views.table, name="table"),
]
