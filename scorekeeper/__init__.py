"""Thousand Scorekeeper: scores the card game Thousand, hand by hand, for every variant."""

from __future__ import annotations

import gc
import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The application factory (Flask tutorial style): config, extensions, blueprints, schema."""
    # Imported here, not at the top: `scorekeeper score` needs only the rules and starts fast.
    from flask import Flask

    from scorekeeper import catalogues, config

    app = Flask(__name__, instance_path=config.instance_path(), instance_relative_config=True)
    register_converters(app)
    os.makedirs(app.instance_path, exist_ok=True)
    config.configure(app, test_config)
    register_extensions(app)
    catalogues.ensure(app)  # a checkout nobody compiled still speaks four languages
    register_blueprints(app)
    if app.config["AUTO_MIGRATE"]:
        config.upgrade_schema(app)
    start_serving(app)
    # What start-up built lives as long as the process: frozen, the collector stops rescanning
    # it at every full collection, which was the long tail of a request (bench/http_pages.py).
    gc.freeze()
    return app


def start_serving(app: Flask) -> None:
    """What a process that serves runs beside its requests, once the app is whole: in a
    gunicorn worker the import worker starts now, not with a first request, so that a worker
    replacing a killed one takes up the killed one's import at once."""
    from scorekeeper.services import importworker

    if os.environ.get("SERVER_SOFTWARE", "").startswith("gunicorn"):
        importworker.start_if_enabled(app)


def register_converters(app: Flask) -> None:
    """Before any route is added: every <int:...> in a URL is bounded like the columns it reads."""
    from werkzeug.routing import IntegerConverter

    from scorekeeper.rules.bounds import DB_INT_MAX

    class BoundedInt(IntegerConverter):
        """An <int:id> past what a column holds is a 404, not a database error."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("max", DB_INT_MAX)
            super().__init__(*args, **kwargs)

    app.url_map.converters["int"] = BoundedInt


def register_extensions(app: Flask) -> None:
    """The database and migrations, the per-worker memos, the import worker; the web's
    extensions come with it."""
    from scorekeeper.services import importworker
    from scorekeeper.store import db, memo, push

    db.init_app(app)
    push.init_app(app)  # its session hooks tell the live streams of every write
    memo.init_app(app)
    importworker.init_app(app)  # started with the first request: works off the queued imports


def register_blueprints(app: Flask) -> None:
    """Sign-in, languages, error pages, security headers and every blueprint (web/)."""
    from scorekeeper.web import register

    register(app)
