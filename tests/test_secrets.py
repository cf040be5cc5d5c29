"""Masking secret option values."""

from __future__ import annotations

import pytest

from catalogs.secrets import MASK, is_secret, mask_ddl, mask_options


@pytest.mark.parametrize(
    "key",
    [
        "password",
        "db.PASSWORD",
        "client.secret",
        "auth.token",
        "gcp.credentials",
        "properties.sasl.jaas.config",
    ],
)
def test_it_treats_credential_keys_as_secret(key: str) -> None:
    assert is_secret(key)


@pytest.mark.parametrize("key", ["connector", "topic", "username", "properties.sasl.mechanism"])
def test_it_shows_other_keys(key: str) -> None:
    assert not is_secret(key)


def test_it_masks_option_values() -> None:
    assert mask_options({"password": "p", "url": "u"}) == {"password": MASK, "url": "u"}


def test_it_masks_secret_option_lines_of_ddl() -> None:
    ddl = (
        "CREATE TABLE `c`.`d`.`t` (\n  `a` INT\n)\nWITH (\n"
        "  'connector' = 'jdbc',\n"
        "  'password' = 'it''s secret',\n"
        "  'properties.sasl.jaas.config' = 'x required password=\"p\";',\n"
        "  'url' = 'jdbc:x'\n)\n"
    )
    masked = mask_ddl(ddl)
    assert "it''s secret" not in masked
    assert 'password="p"' not in masked
    assert "  'password' = '******',\n" in masked
    assert "  'properties.sasl.jaas.config' = '******',\n" in masked
    assert "  'connector' = 'jdbc',\n" in masked
    assert "  'url' = 'jdbc:x'\n" in masked


def test_it_masks_a_value_that_spans_lines() -> None:
    masked = mask_ddl("WITH (\n  'token' = 'line1\nline2'\n)")
    assert masked == "WITH (\n  'token' = '******'\n)"


def test_it_masks_secrets_in_a_statement_typed_on_one_line() -> None:
    statement = (
        "CREATE CATALOG c WITH ('type' = 'jdbc', 'password' = 'it''s', 'user'='u', "
        "'properties.sasl.jaas.config'='x required;')"
    )
    assert mask_ddl(statement) == (
        f"CREATE CATALOG c WITH ('type' = 'jdbc', 'password' = '{MASK}', 'user'='u', "
        f"'properties.sasl.jaas.config'='{MASK}')"
    )


def test_it_masks_a_secret_even_when_its_quote_is_not_closed() -> None:
    assert (
        mask_ddl("ALTER TABLE t SET ('password' = 'half")
        == f"ALTER TABLE t SET ('password' = '{MASK}'"
    )
