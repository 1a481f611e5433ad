"""Settings, read from environment variables with working defaults for a laptop.

Environment (all optional):
- ``DATABASE_URL``: e.g. ``postgres://postgres@127.0.0.1:5432/eoc``; default SQLite at var/db.sqlite3.
- ``REDIS_URL``: e.g. ``redis://127.0.0.1:6379/0``; turns on channels-redis and the Redis cache.
  Default: the in-memory channel layer (core.channel_layer.MemoryChannelLayer, one process) and
  a local-memory cache.
- ``CELERY_BROKER_URL``: ``redis://…`` or ``amqp://…``; default kombu's filesystem transport
  under var/celery (no server needed).
- ``SECRET_KEY``, ``DEBUG`` (default off), ``ALLOWED_HOSTS`` (comma-separated; default
  127.0.0.1, localhost, testserver), ``CSRF_TRUSTED_ORIGINS`` (comma-separated origins).
- ``THROTTLE_ANON`` / ``THROTTLE_USER``: DRF rates (``N/second|minute|hour|day``) of the API per
  client address for anonymous callers and per user for authenticated ones; defaults
  ``300/minute`` and ``1200/minute`` (the deck builder calls the API as its user types).
  ``NUM_PROXIES`` (default 0): how many proxies in front of the site append to
  ``X-Forwarded-For``; 0 keys anonymous callers by the connection's address only, so a client
  cannot pick a fresh budget by sending a made-up ``X-Forwarded-For``.
- ``PAGE_RATE`` / ``PAGE_BURST`` (default 5 a second, 60 at once): the pages' requests per
  client address in each web process (core.middleware.PageRateMiddleware); the API has its own.
- ``WS_SOCKET_RATE`` / ``WS_SOCKET_BURST`` (default 10 frames a second, 30 at once) and
  ``WS_CLIENT_RATE`` / ``WS_CLIENT_BURST`` (default 20 and 60), ``WS_GUESTS_RATE`` /
  ``WS_GUESTS_BURST`` (default 40 and 120, shared by the guests of an address): the websocket frame budgets per
  socket and per client (core.frame_budget); ``WS_MAX_FRAME`` (default 65536): the longest text
  frame read, in characters. ``PLAY_CHAT_RATE`` / ``PLAY_CHAT_BURST`` (default 0.5 lines a
  second, 5 at once): the table chat's budget per client.
  cannot pick a fresh budget by sending a made-up ``X-Forwarded-For``. The same rule gives the
  client address of the table's limits (``core.addresses``).
- ``SEARCH_REGEX_SECONDS`` (default 2): how long the regex terms of one card search may run on
  SQLite before the search is refused (``cardsdb.search.regexp``).
- ``CELERY_TASK_DEFAULT_QUEUE`` (default ``celery``): the queue of people's bot turns, clocks
  and sweeps, which names the bot-only matches' and the simulations' queues (config/queues.py).
- ``PLAY_MAX_OPEN_MATCHES`` / ``PLAY_MAX_RUNNING_MATCHES`` (3 / 20), ``PLAY_OPEN_TTL`` (1800 s),
  ``PLAY_EXPIRE_INTERVAL`` (60 s), ``PLAY_ABSENT_AFTER`` (300 s), ``PLAY_LOBBY_PER_CLIENT`` (3):
  the table's limits, expiry and absence (see below).

Production (the site served over HTTPS) sets:
- ``HTTPS=1``: redirect http to https (the proxy says https with ``X-Forwarded-Proto: https``),
  secure session and CSRF cookies, HSTS for a year with subdomains and preload;
- ``SECRET_KEY``: at least 50 characters, at least 5 of them different (Django's own check,
  security.W009). With ``DEBUG`` off and ``HTTPS`` (or ``REQUIRE_SECRET_KEY``) on, a missing or
  weak key refuses to start with ``ImproperlyConfigured`` naming SECRET_KEY; otherwise (a
  laptop) a development key is used when none is given;
- ``ALLOWED_HOSTS=play.example.org`` and ``CSRF_TRUSTED_ORIGINS=https://play.example.org``;
  ``DEBUG`` unset or false.
With these, ``manage.py check --deploy --fail-level WARNING`` finds no issues
(tests/core/test_deploy_settings.py).
"""
from datetime import timedelta
from pathlib import Path

import environ
from csp import constants as csp
from django.utils.translation import gettext_lazy as _
from kombu import Exchange, Queue

from config.queues import queue_names

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)

env = environ.Env()

DEBUG = env.bool("DEBUG", default=False)
HTTPS = env.bool("HTTPS", default=False)
SECRET_KEY = env("SECRET_KEY", default="")
if not DEBUG and (HTTPS or env.bool("REQUIRE_SECRET_KEY", default=False)):
    # Production: the same rule as Django's security.W009, enforced at start.
    if len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5 or SECRET_KEY.startswith("django-insecure-"):
        raise environ.ImproperlyConfigured(
            "SECRET_KEY must be set in production (HTTPS=1 or REQUIRE_SECRET_KEY=1 with DEBUG off) to a random "
            "string of at least 50 characters, at least 5 of them different"
        )
if not SECRET_KEY:
    SECRET_KEY = "dev-only-insecure-key-set-SECRET_KEY-in-production"
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "core",
    "cardsdb",
    "decks",
    "play",
    "accounts",
    "home",
    "axes",
    "csp",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.middleware.ContentSecurityPolicyMiddleware",
    "core.middleware.StaticFilesMiddleware",
    "core.middleware.ApiBodySizeLimitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "core.middleware.ApiLanguageMiddleware",
    "core.middleware.NulCharacterMiddleware",
    "core.middleware.PageRateMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "core.middleware.DomainErrorMiddleware",
    # last: it answers a login refused for too many failures with the locked-out page
    "axes.middleware.AxesMiddleware",
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
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "core.context_processors.site_labels",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# Threads per web process for HTTP requests (core.asgi_handler: each request's sync work runs
# whole on one of them); below DB_POOL_SIZE, which websockets' database work shares.
HTTP_THREADS = env.int("HTTP_THREADS", default=4)
# Threads per web process for the sockets' database work on PostgreSQL (play.consumers): how
# many moves of different matches wait on the database at once, their commits included (each
# commit waits for the disk; concurrent ones share a flush). The pool's default size is the sum.
PLAY_DB_THREADS = env.int("PLAY_DB_THREADS", default=4)

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}")}
# SQLite connections are kept (opening one costs more than the work of a move); PostgreSQL's
# come from the pool instead.
_SQLITE = DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=600 if _SQLITE else 0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env.bool("DB_POOL", default=True):
    # Under ASGI each request's sync code may run on a fresh thread, so connections are pooled
    # (psycopg_pool) rather than kept per thread.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1, "max_size": env.int("DB_POOL_SIZE", default=HTTP_THREADS + PLAY_DB_THREADS)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The statements of a move (play.services.match_rows) run on a cursor that binds on the
    # server; psycopg prepares such a statement once a connection has run it this many times.
    # Django's other queries bind on the client and are never prepared. "none" turns it off
    # (a pooler in transaction mode, e.g. pgbouncer before 1.21, cannot keep prepared statements).
    _prepare = env("DB_PREPARE_THRESHOLD", default="5")
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = (
        None if _prepare.lower() == "none" else int(_prepare))
if _SQLITE:
    # The site and its Celery worker write to one file: write-ahead logging lets readers go on
    # while one writes, "synchronous=NORMAL" is safe with it and avoids an fsync per commit, and
    # IMMEDIATE transactions take the write lock at BEGIN, so two writers queue instead of
    # failing with "database is locked" when a reader turns into a writer.
    _sqlite = DATABASES["default"].setdefault("OPTIONS", {})
    _sqlite.setdefault("timeout", 20)
    _sqlite.setdefault("transaction_mode", "IMMEDIATE")
    _sqlite.setdefault("init_command", "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env("REDIS_URL", default="")
if REDIS_URL:
    CHANNEL_LAYERS = {
        # Two redis-py 8 defaults are wrong for a channel layer: a 5-second socket timeout aborts
        # the blocking BZPOPMIN that waits for messages (every idle socket would be torn down),
        # and a pool of 100 connections fails commands outright when hundreds of sockets join
        # their groups at once.
        # The backend is channels_redis's pub/sub layer, which also tells every socket when its
        # subscriptions were lost to a Redis failure or restart so that clients reconnect
        # (core.channel_layer; messages published while Redis was away never arrive).
        "default": {"BACKEND": env("CHANNEL_LAYER_BACKEND", default="core.channel_layer.RedisPubSubChannelLayer"), "CONFIG": {"hosts": [
            {"address": REDIS_URL, "socket_timeout": None,
             "max_connections": env.int("REDIS_MAX_CONNECTIONS", default=1000)},
        ]}}
    }
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    # One process only; core.channel_layer says why not Channels' own in-memory layer.
    CHANNEL_LAYERS = {"default": {"BACKEND": "core.channel_layer.MemoryChannelLayer"}}
    # Django's default of 300 entries would let one long match's kept replay (play.replay_cache:
    # 50 frames an entry, 165 entries at 8,220 moves) push out every other kept thing (search
    # counts, bots' last moves); 2,000 entries of such chunks (about 25 KB each) are about 50 MB.
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                          "OPTIONS": {"MAX_ENTRIES": 2000}}}

# Celery: a real broker when CELERY_BROKER_URL is given, else the filesystem transport.
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="filesystem://")
if CELERY_BROKER_URL == "filesystem://":
    # CELERY_FS_DIR gives a run its own queue folder (the tests use one, so that a worker of
    # ``make run`` in the same checkout never takes their tasks).
    _celery_dir = Path(env("CELERY_FS_DIR", default=str(VAR_DIR / "celery")))
    for _sub in ("queue", "processed", "control"):
        (_celery_dir / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_celery_dir / "queue"),
        "data_folder_out": str(_celery_dir / "queue"),
        "processed_folder": str(_celery_dir / "processed"),
        "control_folder": str(_celery_dir / "control"),
        "store_processed": False,
        # The folder is checked this often (seconds): a bot's move waits at most this long.
        "polling_interval": env.float("CELERY_FS_POLL", default=0.1),
    }
    CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=f"file://{_celery_dir / 'results'}")
    (_celery_dir / "results").mkdir(parents=True, exist_ok=True)
else:
    CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=REDIS_URL or "rpc://")
# Workers' heartbeats (core.workers; /api/health/ reads them): each worker writes one for every
# queue it consumes every WORKER_HEARTBEAT_INTERVAL seconds, kept WORKER_HEARTBEAT_STALE seconds.
# They live in Redis with REDIS_URL (every web process and worker must then use the same one),
# else in files beside the filesystem broker's queue (var/celery/heartbeats, one machine), or in
# var/heartbeats with another broker and no Redis (workers on this machine only). The client
# waits at most a second, so a health check stays fast while Redis is away.
WORKER_HEARTBEAT_INTERVAL = env.float("WORKER_HEARTBEAT_INTERVAL", default=5.0)
WORKER_HEARTBEAT_STALE = env.float("WORKER_HEARTBEAT_STALE", default=20.0)
if REDIS_URL:
    CACHES["workers"] = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL,
                         "OPTIONS": {"socket_timeout": 1, "socket_connect_timeout": 1}}
else:
    _heartbeats = (_celery_dir if CELERY_BROKER_URL == "filesystem://" else VAR_DIR) / "heartbeats"
    CACHES["workers"] = {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": str(_heartbeats)}
# The queues (config/queues.py): the default one (people's bot turns, clocks, sweeps) names the
# others, bot-only matches' turns ("<default>-bots") and simulations ("<default>-simulations");
# each has a worker of its own. A test run against a shared broker names its own default queue
# (tests/own_queue.py), so all of its queues are its own.
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_TASK_DEFAULT_QUEUE", default="celery")
TASK_QUEUES = queue_names(CELERY_TASK_DEFAULT_QUEUE)
# each bound to an exchange of its own name by its name, so that no binding is shared
CELERY_TASK_QUEUES = [Queue(name, Exchange(name), routing_key=name) for name in TASK_QUEUES.values()]
CELERY_TASK_ROUTES = {"decks.goldfish": {"queue": TASK_QUEUES["simulations"]}}
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker on a broker without an event loop (the filesystem one) holds countdown tasks in a
# timer thread that sleeps up to this many seconds between looks (Celery's default, 1 s, made an
# idle worker play a bot's 0.6 s move up to a second late).
CELERY_WORKER_TIMER_PRECISION = env.float("CELERY_WORKER_TIMER_PRECISION", default=0.1)
# The database, not the broker, says which turns are due: a broker or a killed worker may lose
# a queued bot turn or clock (docs/deploy.md, "Celery"). ``play.resume_stalled`` queues again
# the turn of every running match that has stood still for PLAY_STALL_AFTER seconds while a bot
# is to act or its clock ran out; it runs when a worker starts and every PLAY_RESUME_INTERVAL
# seconds from the one ``celery -A config beat`` of the site (its state file:
# CELERY_BEAT_SCHEDULE_FILENAME). A clock's task waits at most PLAY_CLOCK_MAX_COUNTDOWN seconds
# in the broker and is then queued again for the rest, below Redis' visibility timeout (1 hour)
# and RabbitMQ's consumer timeout (30 minutes).
PLAY_STALL_AFTER = env.float("PLAY_STALL_AFTER", default=10.0)
PLAY_RESUME_INTERVAL = env.float("PLAY_RESUME_INTERVAL", default=30.0)
PLAY_CLOCK_MAX_COUNTDOWN = env.float("PLAY_CLOCK_MAX_COUNTDOWN", default=600.0)
# Goldfish runs likewise (decks.tasks): ``decks.sweep_goldfish`` (when a worker starts, and every
# GOLDFISH_SWEEP_INTERVAL seconds from beat) queues again a run queued or running whose progress
# has not moved for GOLDFISH_STALL_AFTER seconds (a whole run takes a few seconds), or marks it
# failed once GOLDFISH_MAX_ATTEMPTS workers have started it.
GOLDFISH_STALL_AFTER = env.float("GOLDFISH_STALL_AFTER", default=60.0)
GOLDFISH_SWEEP_INTERVAL = env.float("GOLDFISH_SWEEP_INTERVAL", default=60.0)
GOLDFISH_MAX_ATTEMPTS = env.int("GOLDFISH_MAX_ATTEMPTS", default=3)
# The most goldfish runs one user may have queued or running at once (a start past it is 429
# too_many_runs): one worker plays them all in turn.
GOLDFISH_RUNS_PER_USER = env.int("GOLDFISH_RUNS_PER_USER", default=3)
# Limits of the table (play.services.limits), per person (a user, or a guest's session) and per client
# address (core.addresses; an IPv6 address by its /64): at most PLAY_MAX_OPEN_MATCHES seats in
# matches waiting for players and PLAY_MAX_RUNNING_MATCHES in running ones (a bot-only match
# counts for whoever made it); 0 is no limit. An open match nobody joined or left for
# PLAY_OPEN_TTL seconds is abandoned (play.expire_open, from beat every PLAY_EXPIRE_INTERVAL
# seconds; the lobby and joins treat it as gone at once). In a match without a turn clock, a
# person whose turn it is and who has not acted for PLAY_ABSENT_AFTER seconds is timed out: a
# bot plays their seat, or the match is abandoned when no person is left (0: never). The lobby
# lists at most PLAY_LOBBY_PER_CLIENT matches made by one person and by one address (0: any).
PLAY_MAX_OPEN_MATCHES = env.int("PLAY_MAX_OPEN_MATCHES", default=3)
PLAY_MAX_RUNNING_MATCHES = env.int("PLAY_MAX_RUNNING_MATCHES", default=20)
PLAY_OPEN_TTL = env.float("PLAY_OPEN_TTL", default=1800.0)
PLAY_EXPIRE_INTERVAL = env.float("PLAY_EXPIRE_INTERVAL", default=60.0)
PLAY_ABSENT_AFTER = env.float("PLAY_ABSENT_AFTER", default=300.0)
PLAY_LOBBY_PER_CLIENT = env.int("PLAY_LOBBY_PER_CLIENT", default=3)
# A match of bots only (nobody to pace it) may last at most PLAY_BOT_MATCH_MAX_MOVES moves by its
# options' worst case (play.services.create; 0: no limit). 20,000 takes every option range of
# L.A.M.A. (15 moves a point of end_at, measured: 15,000 at 1000), Elements (65 a deal: 3,250 at
# 50) and Elements of Chaos (1,240 at most, measured), and Completto series of up to 9 games at
# the default 1,000 turns (2,020 to 2,048 moves a game); at about a move a second that is 5 to 6 hours.
PLAY_BOT_MATCH_MAX_MOVES = env.int("PLAY_BOT_MATCH_MAX_MOVES", default=20_000)
CELERY_BEAT_SCHEDULE = {
    "play-resume-stalled": {
        "task": "play.resume_stalled", "schedule": PLAY_RESUME_INTERVAL,
        # not run late: the next one comes soon, so none pile up while no worker runs
        "options": {"expires": PLAY_RESUME_INTERVAL},
    },
    "decks-sweep-goldfish": {
        "task": "decks.sweep_goldfish", "schedule": GOLDFISH_SWEEP_INTERVAL,
        "options": {"expires": GOLDFISH_SWEEP_INTERVAL},
    },
    "play-expire-open": {
        "task": "play.expire_open", "schedule": PLAY_EXPIRE_INTERVAL,
        "options": {"expires": PLAY_EXPIRE_INTERVAL},
    },
}
CELERY_BEAT_SCHEDULE_FILENAME = env("CELERY_BEAT_SCHEDULE_FILENAME", default=str(VAR_DIR / "celerybeat-schedule"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Password guessing (django-axes): LOGIN_FAILURE_LIMIT failed logins (default 5) for one account
# from one client address within LOGIN_LOCKOUT_MINUTES (default 15) lock out that account from
# that address, and LOGIN_ADDRESS_FAILURE_LIMIT (default 20) from one address over every account
# lock out the address (accounts.login_limits), on every door that checks a password (the site's
# and the admin's login pages): the next try, right or wrong, is answered 429 with the
# locked-out page naming the wait, and each refused try starts the wait again. The account's
# owner still logs in from another address (names are public: counting per account alone let
# anyone lock anyone out). The address is taken as the API's rate limits take it (NUM_PROXIES,
# core.addresses). Failures are counted in the database (shared by every process, whichever
# cache), and a successful login clears the failures of that account from that address only.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "accounts.login_limits.LoginAttempts"
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.float("LOGIN_LOCKOUT_MINUTES", default=15))
LOGIN_ADDRESS_FAILURE_LIMIT = env.int("LOGIN_ADDRESS_FAILURE_LIMIT", default=20)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]  # this order: accounts.login_limits
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "core.addresses.request_address"
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "ja"
LANGUAGES = [("ja", _("Japanese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Tokyo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "servestatic.storage.CompressedStaticFilesStorage"},
}
SERVESTATIC_USE_FINDERS = True

# Request bodies: API bodies over this size are refused with 413 before they are parsed.
API_MAX_BODY_BYTES = env.int("API_MAX_BODY_BYTES", default=1024 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = API_MAX_BODY_BYTES

# The table: seconds a bot waits before its move is applied (so people can follow; 0 in tests).
PLAY_BOT_DELAY = env.float("PLAY_BOT_DELAY", default=0.6)

# Websocket frames (core.frames, core.frame_budget): token buckets per socket and per client
# (the user, else the guest session, else the address), refilled by *_RATE frames a second up
# to *_BURST; a frame past either is answered "throttled". A new socket takes a client token.
# Text frames longer than WS_MAX_FRAME characters are refused unread.
WS_SOCKET_RATE = env.float("WS_SOCKET_RATE", default=10.0)
WS_SOCKET_BURST = env.int("WS_SOCKET_BURST", default=30)
WS_CLIENT_RATE = env.float("WS_CLIENT_RATE", default=20.0)
WS_CLIENT_BURST = env.int("WS_CLIENT_BURST", default=60)
# Pages (not the API, which DRF throttles): requests a second per client address, and at once
# (core.middleware.PageRateMiddleware), in each web process.
PAGE_RATE = env.float("PAGE_RATE", default=5.0)
PAGE_BURST = env.int("PAGE_BURST", default=60)
# The guests of one address (each guest session is a client of its own) also share a bucket.
WS_GUESTS_RATE = env.float("WS_GUESTS_RATE", default=40.0)
WS_GUESTS_BURST = env.int("WS_GUESTS_BURST", default=120)
WS_MAX_FRAME = env.int("WS_MAX_FRAME", default=65536)
# Card search: the regex terms of one search may take this many seconds in all on SQLite, whose
# REGEXP backtracks (cardsdb.search.regexp); past it the search is refused (400 bad_query).
SEARCH_REGEX_SECONDS = env.float("SEARCH_REGEX_SECONDS", default=2.0)

# The table chat (play.consumers): each client may say PLAY_CHAT_BURST lines at once, then one
# line every 1 / PLAY_CHAT_RATE seconds (a bucket per client, core.frame_budget.ClientBudget).
PLAY_CHAT_RATE = env.float("PLAY_CHAT_RATE", default=0.5)
PLAY_CHAT_BURST = env.int("PLAY_CHAT_BURST", default=5)
# The guests of one address (each guest session is a client of its own, and costs one form post)
# also share a bucket: PLAY_CHAT_ADDRESS_BURST lines at once, then PLAY_CHAT_ADDRESS_RATE a second.
PLAY_CHAT_ADDRESS_RATE = env.float("PLAY_CHAT_ADDRESS_RATE", default=2.0)
PLAY_CHAT_ADDRESS_BURST = env.int("PLAY_CHAT_ADDRESS_BURST", default=20)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "core.api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    # The API speaks JSON only: bodies of any other type are 415 unsupported_media_type (so that
    # every body meets the same shape rules), answers are JSON whatever Accept asks for first (an
    # Accept without JSON or */* is 406 not_acceptable); DRF's browsable HTML pages are off.
    "DEFAULT_PARSER_CLASSES": ["core.api.parsers.SafeJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["core.api.renderers.FastJSONRenderer"],
    "DEFAULT_PAGINATION_CLASS": "core.api.pagination.PageNumberPagination",
    "PAGE_SIZE": 60,
    # drf-spectacular's schema with the errors the shared layers may answer on every operation,
    # and OPTIONS answers that never fail on a view without a serializer.
    "DEFAULT_SCHEMA_CLASS": "core.api.schema.ApiAutoSchema",
    "DEFAULT_METADATA_CLASS": "core.api.metadata.ApiMetadata",
    "EXCEPTION_HANDLER": "core.api.errors.api_exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "core.api.throttling.AnonRateThrottle",
        "core.api.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env("THROTTLE_ANON", default="300/minute"),
        "user": env("THROTTLE_USER", default="1200/minute"),
    },
    "NUM_PROXIES": env.int("NUM_PROXIES", default=0),
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
REST_KNOX = {"TOKEN_TTL": None, "AUTH_HEADER_PREFIX": "Token"}
# The most API tokens one user may hold (the tokens page refuses another, 429, until one is revoked).
API_TOKENS_PER_USER = env.int("API_TOKENS_PER_USER", default=20)

SPECTACULAR_SETTINGS = {
    "TITLE": "Elements of Chaos card database API",
    "DESCRIPTION": (
        "Cards, deck validation and saved decks for the Elements of Chaos TCG. "
        "The catalogue shipped with the site is a SAMPLE set (SMP) invented for this project, "
        "not the printed 2003 card list. Errors are "
        '{"error": {"code", "message", "details"}}.'
    ),
    "VERSION": "1.0.0",
    # Swagger UI and ReDoc served from this site's static files, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "/favicon.ico",
    "REDOC_DIST": "SIDECAR",
    "SERVE_INCLUDE_SCHEMA": False,
    # The registry of error codes (core.errors) in the error responses' descriptions.
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "core.api.schema.describe_error_codes"],
}

# Content-Security-Policy on every answer (django-csp, with core.middleware adding the site's
# own ws:// and wss:// to connect-src). Pages load scripts and styles from the site's static
# files only: no inline script, event handler attribute or javascript: URL, no eval, no inline
# style (scripts set styles through the CSSOM, which the policy allows). A template that needs
# an inline block gives it nonce="{{ request.csp_nonce }}". img-src allows data: URLs (the
# favicon, Swagger UI's icons). The admin's and Swagger UI's pages keep to the same policy
# (the docs page is drf-spectacular's split view, its set-up script a file of its own).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [csp.SELF],
        "script-src": [csp.SELF, csp.NONCE],
        "style-src": [csp.SELF, csp.NONCE],
        "img-src": [csp.SELF, "data:"],
        "font-src": [csp.SELF],
        "connect-src": [csp.SELF],
        "object-src": [csp.NONE],
        "base-uri": [csp.SELF],
        "form-action": [csp.SELF],
        "frame-ancestors": [csp.NONE],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}

if not DEBUG:
    SESSION_COOKIE_HTTPONLY = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 31536000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
