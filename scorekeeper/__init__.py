"""Thousand Scorekeeper: scores the card game Thousand, hand by hand, for every variant."""

from __future__ import annotations

import gc
import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The application factory (Flask tutorial style): defaults, instance config, blueprints."""
    # Imported here, not at the top: `scorekeeper score` needs only the rules and starts fast.
    from flask import Flask

    from . import config, db, memo

    app = Flask(__name__, instance_relative_config=True)
    # before any route is added: every <int:...> in a URL is bounded like the columns it reads
    from werkzeug.routing import IntegerConverter

    from .rules.bounds import DB_INT_MAX

    class BoundedInt(IntegerConverter):
        """An <int:id> past what a column holds is a 404, not a database error."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("max", DB_INT_MAX)
            super().__init__(*args, **kwargs)

    app.url_map.converters["int"] = BoundedInt
    os.makedirs(app.instance_path, exist_ok=True)
    config.configure(app, test_config)
    db.init_app(app)
    memo.init_app(app)
    from . import (
        access,
        account,
        accounts,
        api,
        gamemenu,
        games,
        hands,
        helppages,
        history,
        i18n,
        invites,
        live,
        players,
        rulebook,
        transfer,
        undo,  # noqa: F401  (adds Undo and Restore to the hands blueprint)
    )

    access.init_app(app)
    i18n.init_app(app)
    app.register_blueprint(accounts.bp)
    app.register_blueprint(account.bp)
    app.register_blueprint(invites.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(gamemenu.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(players.bp)
    app.register_blueprint(transfer.bp)
    app.register_blueprint(rulebook.bp)
    app.register_blueprint(helppages.bp)
    from .views_common import register_common

    register_common(app)
    if app.config["AUTO_MIGRATE"]:
        config.upgrade_schema(app)
    # What start-up built lives as long as the process: frozen, the collector stops rescanning
    # it at every full collection, which was the long tail of a request (bench/http.py).
    gc.freeze()
    return app
