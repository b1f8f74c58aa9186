"""Flask: a package per blueprint, and what every page shares (access, i18n, errors, words)."""

from __future__ import annotations

from flask import Flask
from jinja2 import FileSystemBytecodeCache


def register(app: Flask) -> None:
    """Compression first (its after_request hook then runs last), sign-in and languages (every
    view needs them), then the blueprints, then CSRF, the security headers and the error pages
    (common.py), and the fingerprinted static URLs."""
    from scorekeeper.web import (
        access,
        common,
        compression,
        engine,
        fingerprints,
        i18n,
        install,
        livecheck,
        offlinewords,
        streams,
        stylesheet,
        teardown,
    )
    from scorekeeper.web.accounts import account
    from scorekeeper.web.accounts import views as accounts
    from scorekeeper.web.api import events as _api_events  # noqa: F401  (events on the API)
    from scorekeeper.web.api import seasons as _api_seasons  # noqa: F401  (seasons on the API)
    from scorekeeper.web.api import views as api
    from scorekeeper.web.events import results as eventresults
    from scorekeeper.web.events import room as eventroom
    from scorekeeper.web.events import tables as eventtables
    from scorekeeper.web.events import views as events
    from scorekeeper.web.games import menu as gamemenu
    from scorekeeper.web.games import views as games
    from scorekeeper.web.hands import undo  # noqa: F401  (adds Undo and Restore to hands)
    from scorekeeper.web.hands import views as hands
    from scorekeeper.web.history import views as history
    from scorekeeper.web.players import views as players
    from scorekeeper.web.ratings import views as ratings
    from scorekeeper.web.rulebook import help as helppages
    from scorekeeper.web.rulebook import views as rulebook
    from scorekeeper.web.seasons import views as seasons
    from scorekeeper.web.sharing import invites, live
    from scorekeeper.web.transfer import views as transfer

    teardown.init_app(app)  # after the database's: a request that only read ends with COMMIT
    compression.init_app(app)
    access.init_app(app)
    i18n.init_app(app)
    offlinewords.init_app(app)  # the offline code's words, once per language
    for blueprint in (
        accounts.bp,
        account.bp,
        invites.bp,
        games.bp,
        gamemenu.bp,
        hands.bp,
        api.bp,
        live.bp,
        history.bp,
        players.bp,
        ratings.bp,
        transfer.bp,
        events.bp,
        eventtables.bp,
        eventresults.bp,
        eventroom.bp,
        seasons.bp,
        rulebook.bp,
        helppages.bp,
        install.bp,
        engine.bp,
        streams.bp,
    ):
        app.register_blueprint(blueprint)
    common.register_common(app)
    # A new worker compiles each template at its first page: most of the first view's CPU
    # (bench/history.py). Compiled once per template source into the system's temporary
    # folder (a folder of this user only; a changed template is compiled again), the next
    # worker loads it.
    try:
        app.jinja_env.bytecode_cache = FileSystemBytecodeCache()
    except (OSError, RuntimeError):
        pass  # no temporary folder of this user's: each worker compiles, as before
    fingerprints.init_app(app)  # ?v= on static URLs, kept a year: a warm view is one request
    stylesheet.init_app(app)  # style.css without its comments (the page budget)
    livecheck.install(app)  # the followers' check, before the session: most of a club's traffic
