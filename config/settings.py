"""Settings of the catalog dashboard; everything deployment-specific comes from the environment."""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config import caches, limits

BASE_DIR = Path(__file__).resolve().parent.parent


def _flag(name: str, default: bool) -> bool:
    return os.environ.get(name, "1" if default else "0").strip().lower() in {"1", "true", "yes"}


def _list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEFAULT_SECRET_KEY = "dev-only-insecure-key-change-me"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", DEFAULT_SECRET_KEY)
DEBUG = _flag("DJANGO_DEBUG", True)
if not DEBUG and SECRET_KEY == DEFAULT_SECRET_KEY:
    raise ImproperlyConfigured(
        "DJANGO_DEBUG is off but DJANGO_SECRET_KEY is not set: refusing to run production "
        "with the development secret key."
    )
ALLOWED_HOSTS = _list("ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = _list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "environments",
    "catalogs",
    "changes",
    "jobs",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.RequestSizeMiddleware",
    "config.middleware.NulCharacterMiddleware",
    "config.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "environments.roles_read.RolesReadOnceMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "environments.navigation.header",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent writers wait for the lock instead of failing at once. A transaction takes
    # the write lock when it begins (BEGIN IMMEDIATE): one that read first and then wrote
    # would fail at once ("database is locked", no wait) when another connection had begun
    # writing meanwhile, since neither could go on.
    DATABASES["default"].setdefault("OPTIONS", {}).update(timeout=20, transaction_mode="IMMEDIATE")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))

# Pages and API answers kept while their environment has not changed (environments.page_cache),
# and pieces of pages: each process's memory, or with REDIS_URL one Redis every app server
# shares (config/caches.py).
CACHES = caches.caches(os.environ.get("REDIS_URL", "").strip() or None)
PAGE_CACHE = _flag("PAGE_CACHE", True)
# Background jobs (jobs/): on an RQ queue on this Redis (JOBS_REDIS_URL, else REDIS_URL) (run
# `manage.py jobs_worker`), else in a thread of the web process. A running job's worker writes a
# heartbeat every JOBS_HEARTBEAT_SECONDS; one on another host that has not for
# JOBS_STALE_SECONDS is taken as gone (on the same host, its process is asked).
JOBS_REDIS_URL = (
    os.environ.get("JOBS_REDIS_URL", "").strip() or os.environ.get("REDIS_URL", "").strip() or None
)
JOBS_QUEUE = os.environ.get("JOBS_QUEUE", "jobs")
JOBS_HEARTBEAT_SECONDS = float(os.environ.get("JOBS_HEARTBEAT_SECONDS", "5"))
JOBS_STALE_SECONDS = float(os.environ.get("JOBS_STALE_SECONDS", "60"))
# WhiteNoise serves the collected files with far-future caching; hashed names need
# `manage.py collectstatic` first, so development keeps plain names.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
# Decided here, not by the test runner's DEBUG: development and tests serve from the source
# folders without collectstatic.
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_USE_FINDERS = DEBUG

# Production hardening (all on unless DEBUG); behind a proxy that terminates TLS set
# DJANGO_SECURE_PROXY_SSL_HEADER=1 so Django trusts its X-Forwarded-Proto.
SECURE_SSL_REDIRECT = _flag("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
if _flag("DJANGO_SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _flag("DJANGO_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = _flag("DJANGO_HSTS_PRELOAD", not DEBUG)
SESSION_COOKIE_SECURE = _flag("DJANGO_SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SESSION_COOKIE_HTTPONLY = True
# Sessions (the console's state among them) are rows in the database every app server shares.
SESSION_ENGINE = "config.sessions"  # Django's database sessions, read by a compiled query
X_FRAME_OPTIONS = "DENY"
# Every page forbids inline and foreign scripts (see config/middleware.py).
CONTENT_SECURITY_POLICY = os.environ.get(
    "DJANGO_CONTENT_SECURITY_POLICY",
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'",
)

# One JSON object a line on stderr; the executor logs every statement it runs with the user
# and environment (logger ``catalogs.executor``).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "config.logging.JsonFormatter"}},
    "handlers": {"json": {"class": "logging.StreamHandler", "formatter": "json"}},
    "root": {"handlers": ["json"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
    "loggers": {
        "django": {"handlers": ["json"], "level": "INFO", "propagate": False},
        # no handler of its own: records reach the root's (and pytest's caplog)
        "catalogs.executor": {"level": os.environ.get("STATEMENT_LOG_LEVEL", "INFO")},
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# Sign-in throttling (django-axes). Failed attempts are kept in the database, so every app
# server counts the same ones. They count per user name *and* client address together: by
# name alone anyone could keep the admin locked out, by address alone one person's typos
# would lock out a whole office behind one NAT. After LOGIN_FAILURE_LIMIT failures that
# pair is refused, even with the right password (HTTP 429, registration/locked_out.html),
# until LOGIN_COOLOFF_MINUTES have passed since its last attempt; signing in clears the count.
INSTALLED_APPS += ["axes"]
MIDDLEWARE += ["axes.middleware.AxesMiddleware"]  # last: it turns a lockout into the page
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "config.users.ModelBackend",  # Django's, its user read by a compiled query
]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.login.locked_out"
AXES_CLIENT_IP_CALLABLE = "config.login.client_ip"
AXES_SENSITIVE_PARAMETERS = ["username", "ip_address", "csrfmiddlewaretoken"]
# The client's address is the connection's, unless a proxy that overwrites (or appends to) a
# header names it: DJANGO_TRUSTED_PROXY_IP_HEADER=X-Forwarded-For (its last address counts,
# the one the proxy saw) or X-Real-IP. Only behind such a proxy: a client can send any header.
CLIENT_IP_HEADER = os.environ.get("DJANGO_TRUSTED_PROXY_IP_HEADER", "").strip()

# The largest file one artifact version may be (UDF jars, Python files).
ARTIFACT_MAX_BYTES = int(os.environ.get("ARTIFACT_MAX_BYTES", str(20 * 1024 * 1024)))
# Bounds on every input: config/limits.py (LIMIT_... environment variables).
DATA_UPLOAD_MAX_MEMORY_SIZE = limits.REQUEST_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = limits.REQUEST_BYTES  # larger uploads go to a temporary file
DATA_UPLOAD_MAX_NUMBER_FIELDS = limits.FORM_FIELDS

REST_FRAMEWORK = {
    # A token for tools; the browser's session, with CSRF checked on every write, for people.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "environments.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["config.parsers.JSONParser"],
    "DEFAULT_PAGINATION_CLASS": "environments.api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "EXCEPTION_HANDLER": "environments.api.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Flink catalog dashboard API",
    "DESCRIPTION": (
        "Environments, their Flink catalogs, databases, tables, views and functions, roles, "
        "artifacts and history. Every change is a Flink SQL statement run by the dashboard's "
        "executor.\n\nNames in paths may hold any character: in a name, write '%' as '%25' "
        "and '/' as '%2F', then percent-encode the segment as usual (so 'a/b' is 'a%252Fb')."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "environments.api.schema.add_error_responses",
        "config.openapi_links.add_links",
        "jobs.schema.body_required",
    ],
    "PATH_CONVERTER_OVERRIDES": {"id": int},
    "ENUM_NAME_OVERRIDES": {
        "ColumnKindEnum": "catalogs.models.Column.Kind",
        "DependencyKindEnum": "catalogs.models.Dependency.Kind",
        "ApiTokenStateEnum": "environments.models.ApiToken.State",
    },
}
