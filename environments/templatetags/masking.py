from django import template

from catalogs.secrets import mask_ddl

register = template.Library()


@register.filter(name="mask_ddl")
def mask_ddl_filter(text: str) -> str:
    """Flink DDL with the values of secret options masked."""
    return mask_ddl(text)
