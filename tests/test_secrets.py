"""Masking secret option values."""

from __future__ import annotations

import pytest

from catalogs.flinksql.secrets import (
    MASK,
    is_secret,
    mask_ddl,
    mask_error,
    mask_options,
    mask_rows,
)


@pytest.mark.parametrize(
    "key",
    [
        "password",
        "db.PASSWORD",
        "client.secret",
        "auth.token",
        "gcp.credentials",
        "properties.sasl.jaas.config",
        "passwd",
        "db-pwd",
        "api-key",
        "apikey",
        "apiKey",
        "API_KEY",
        "private-key",
        "access-key",
        "secret.access.key",
        "s3.secretAccessKey",
        "client-secret",
        "fs.azure.account.key.store",
        "ssl.keystore.password",
        "ssl.truststore.password",
        "ssl.keystore.key",
        "basic.auth.user.info",
        "http.authorization",
        "oauth.bearer",
        "ssl.key.passphrase",
        "db.pw",
        "fs.azure.sas.container.account.blob.core.windows.net",
        "hmac.key",
    ],
)
def test_it_treats_credential_keys_as_secret(key: str) -> None:
    assert is_secret(key)


@pytest.mark.parametrize(
    "key",
    [
        "connector",
        "topic",
        "username",
        "properties.sasl.mechanism",
        "key.format",
        "key.fields",
        "key.fields-prefix",
        "value.format",
        "ssl.keystore.type",
        "ssl.keystore.location",
        "passenger",
        "bypass",
    ],
)
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


def test_it_masks_a_secret_in_double_quotes_the_tokenizer_refuses() -> None:
    assert mask_ddl("""SET ('password' = "x", 'a' = 'b')""") == (
        f"SET ('password' = '{MASK}', 'a' = 'b')"
    )


def test_it_masks_a_unicode_escaped_value_and_key() -> None:
    assert mask_ddl("WITH ('api-key' = U&'\\0041bc', U&'p\\0061ssword' = 'x', 'a' = 'b')") == (
        f"WITH ('api-key' = '{MASK}', U&'p\\0061ssword' = '{MASK}', 'a' = 'b')"
    )


def test_it_cuts_text_with_a_stray_quote_after_the_first_secret_word() -> None:
    assert mask_ddl("WITH ('url' = 'it's', 'password' = 'x')") == (
        f"WITH ('url' = 'it's', 'password'{MASK}'"
    )


def test_it_masks_a_value_that_lacks_its_equals_sign() -> None:
    assert mask_ddl("WITH ('password' 'x', 'a' = 'b')") == f"WITH ('password' '{MASK}', 'a' = 'b')"


def test_it_masks_inside_comments() -> None:
    assert mask_ddl("SHOW TABLES -- 'token' = 'y'\n") == f"SHOW TABLES -- 'token' = '{MASK}'\n"


def test_it_masks_options_listed_one_a_line_in_an_error() -> None:
    text = "Catalog options are:\n'password'='x'\n'type'='jdbc'"
    assert mask_ddl(text) == f"Catalog options are:\n'password'='{MASK}'\n'type'='jdbc'"


def test_it_leaves_string_literals_of_a_query_alone() -> None:
    query = "SELECT 'token' AS k FROM t WHERE kind = 'secret' AND a = 1"
    assert mask_ddl(query) == query


def test_it_masks_secret_rows_of_describe_catalog_extended() -> None:
    rows = [["name", "c"], ["option:api-key", "k"], ["option:url", "u"]]
    assert mask_rows(rows) == [["name", "c"], ["option:api-key", MASK], ["option:url", "u"]]


@pytest.mark.parametrize(
    "key",
    [
        "`password`",  # backticks: Flink refuses it, but the statement is echoed and logged
        "U&'pa!0073sword' UESCAPE '!'",
        "U&'pa#+000073sword' UESCAPE '#'",
        "'pass'||'word'",
        "'pass' || 'wo' || 'rd'",
    ],
)
def test_it_masks_a_key_spelled_in_any_quoting_flink_reads(key: str) -> None:
    assert mask_ddl(f"WITH ('a' = 'b', {key} = 'hunter2', 'c' = 'd')") == (
        f"WITH ('a' = 'b', {key} = '{MASK}', 'c' = 'd')"
    )


def test_it_masks_a_secret_value_an_error_quotes_alone() -> None:
    statement = "CREATE TABLE t (a INT) WITH ('password' 'hunter2', 'x' = 'plain')"
    error = "SQL parse failed. Encountered \"\\'hunter2\\'\" at line 1, column 41."
    assert mask_error(error, statement) == (
        f"SQL parse failed. Encountered \"\\'{MASK}\\'\" at line 1, column 41."
    )
    assert mask_error("Encountered \"'plain'\"", statement) == "Encountered \"'plain'\""


def test_the_secret_scan_finds_what_its_plain_alternation_finds() -> None:
    """The scan's leading lookahead only speeds it up: over generated texts (secret spellings
    split by separators, in any case, the Unicode letters that fold to ASCII ones among them)
    it finds exactly what the alternation of the spellings alone finds."""
    import random
    import re

    from catalogs.flinksql import secrets as s

    plain = re.compile("|".join(s._SECRET_SPELLINGS), re.I)
    alphabet = "pPaAsSwWoOrRdDtTkKeEnNcCiIlLjJhHmMuUbByY&_-. '`\"\u017f\u212a09x\n"
    spellings = [*s.SECRET_ROOTS, *s.SECRET_WORDS, "u&", "\u017fecret", "to\u212aen", "p_a-S s"]
    generated = random.Random(29)
    found = 0
    for _ in range(20_000):
        text = "".join(generated.choice(alphabet) for _ in range(generated.randint(0, 30)))
        if generated.random() < 0.3:
            at = generated.randint(0, len(text))
            text = text[:at] + generated.choice(spellings) + text[at:]
        expected = plain.search(text)
        got = s._MAYBE_SECRET.search(text)
        assert (got and got.span()) == (expected and expected.span()), text
        found += expected is not None
    assert found > 5_000  # the texts do hold secrets to find
