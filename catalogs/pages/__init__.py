"""The dashboard's HTML pages, one module per feature; ``catalogs/urls.py`` routes to them."""
