"""Export and import: a game as a game file, as CSV and as a printable sheet; the account as
one archive of game files; and importing a file or an archive, all or nothing."""

from __future__ import annotations

import csv
import io
import zipfile
from datetime import date

from flask import Blueprint, Response, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from sqlalchemy import select
from sqlalchemy.orm import selectinload
from werkzeug.wrappers import Response as Redirect

from . import access, readers, services
from .db import db
from .gamefile import GameFile, dumps, loads
from .i18n import translator
from .models import Game
from .rules import InvalidHand
from .summaries import fingerprint, summary_data

bp = Blueprint("transfer", __name__)
bp.before_request(access.require_sign_in)

MAX_FILES = 5000  # an archive of more games than this is refused
MAX_UNPACKED = 64 * 1024 * 1024  # and so is one that unpacks to more bytes (a zip bomb)


def _name(game: Game, ext: str) -> str:
    return f"thousand-{game.id}-{game.variant}-{game.created_at:%Y-%m-%d}.{ext}"


def _download(body: str | bytes, kind: str, filename: str) -> Response:
    return Response(
        body,
        mimetype=kind,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@bp.route("/games/<int:game_id>/export.json")
def game_file(game_id: int) -> Response:
    game = access.game_or_404(game_id)
    return _download(dumps(readers.to_file(game)), "application/json", _name(game, "json"))


@bp.route("/games/<int:game_id>/export.csv")
def game_csv(game_id: int) -> Response:
    """One row per line: what was played, then each player's score and running total."""
    game = access.game_or_404(game_id)
    tally, names = services.tally(game), services.names(game)
    out = io.StringIO()
    # a byte-order mark: spreadsheet programs then read Polish and Cyrillic names right
    out.write("\ufeff")
    w = csv.writer(out)
    # the headers in the reader's language, like the page the file is downloaded from
    w.writerow(
        [_("line"), _("kind"), _("dealer"), _("declarer"), _("contract")]
        + [_("%(name)s score", name=n) for n in names]
        + [_("%(name)s total", name=n) for n in names]
    )

    def who(seat: int | None) -> str:
        return "" if seat is None else names[seat]

    for line in tally.lines:
        w.writerow(
            [line.number, line.kind, who(line.dealer), who(line.declarer), line.contract or ""]
            + list(line.scores)
            + list(line.totals)
        )
    return _download(out.getvalue(), "text/csv", _name(game, "csv"))


@bp.route("/games/<int:game_id>/print")
def printable(game_id: int) -> str:
    """The score sheet as on paper: a column per player with the running totals."""
    game = access.game_or_404(game_id)
    return render_template(
        "games/print.html",
        game=game,
        tally=services.tally(game),
        names=services.names(game),
        rules=services.rules_for(game),
    )


def _own_games() -> list[Game]:
    return list(
        db.session.execute(
            select(Game)
            .where(Game.owner_id == access.me().id)
            .order_by(Game.created_at, Game.id)
            .options(selectinload(Game.seats))
        ).scalars()
    )


@bp.route("/account/export.zip")
def archive() -> Response:
    """Every game the account owns, one game file each, in one zip."""
    games = _own_games()
    files = readers.files_of(games)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for game in games:
            z.writestr(_name(game, "json"), dumps(files[game.id]))
    name = f"thousand-{access.me().username}-{date.today():%Y-%m-%d}.zip"
    return _download(buffer.getvalue(), "application/zip", name)


class ImportForm(FlaskForm):  # type: ignore[misc]
    file = FileField(
        _l("A game file (.json) or an archive of them (.zip)"),
        validators=[FileRequired(_l("Choose a file to import."))],
    )


def _unpack(filename: str, data: bytes) -> tuple[list[tuple[str, bytes]], list[str]]:
    """The game files in an upload: itself, or the .json members of a zip."""
    if not data.startswith(b"PK"):
        return [(filename, data)], []
    try:
        z = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        return [], [_("%(file)s: not a zip archive that can be read", file=filename)]
    members = [i for i in z.infolist() if not i.is_dir() and i.filename.endswith(".json")]
    if not members:
        return [], [_("%(file)s: the archive holds no .json game file", file=filename)]
    if len(members) > MAX_FILES or sum(i.file_size for i in members) > MAX_UNPACKED:
        return [], [
            _(
                "%(file)s: too big; at most %(count)d games and %(size)d MB unpacked",
                file=filename,
                count=MAX_FILES,
                size=MAX_UNPACKED // (1024 * 1024),
            )
        ]
    return [(i.filename, z.read(i)) for i in members], []


def _read(files: list[tuple[str, bytes]]) -> tuple[list[tuple[str, GameFile]], list[str]]:
    """Every file parsed and scored; the problems of all of them, each named by file."""
    good: list[tuple[str, GameFile]] = []
    errors: list[str] = []
    for name, data in files:
        try:
            game = loads(data)
            game.score()  # every hand is checked by the rules
        except InvalidHand as e:
            errors.extend(f"{name}: {p.located(translator())}" for p in e.problems)
        else:
            good.append((name, game))
    return good, errors


@bp.route("/import", methods=["GET", "POST"])
def import_form() -> Redirect | tuple[str, int]:
    form = ImportForm()
    errors: list[str] = []
    if form.validate_on_submit():
        upload = form.file.data
        files, errors = _unpack(upload.filename or "upload", upload.read())
        good, problems = _read(files)
        errors += problems
        if not errors:
            added, known = _store(good)
            if known:
                # two counts, each with its plural, in one sentence the translator may reorder
                message = _(
                    "%(imported)s; %(again)s.",
                    imported=ngettext("Imported %(num)d game", "Imported %(num)d games", added),
                    again=ngettext(
                        "%(num)d already here, not imported again",
                        "%(num)d already here, not imported again",
                        known,
                    ),
                )
            else:
                message = ngettext("Imported %(num)d game.", "Imported %(num)d games.", added)
            flash(message, "done")
            return redirect(url_for("history.index"))
    status = 422 if errors or form.errors else 200
    return render_template("transfer/import.html", form=form, errors=errors), status


def _store(files: list[tuple[str, GameFile]]) -> tuple[int, int]:
    """Stores the games not already in the account, in one transaction; (added, known)."""
    versions = dict(
        db.session.execute(
            select(Game.id, Game.version).where(Game.owner_id == access.me().id)
        ).all()
    )
    seen = {data["fingerprint"] for data in summary_data(versions).values()}
    added = known = 0
    try:
        for _filename, file in files:
            mark = fingerprint(file)
            if mark in seen:
                known += 1
                continue
            seen.add(mark)
            services.create_game(file, access.me().id, commit_now=False)
            added += 1
        services.commit()
    except Exception:
        db.session.rollback()
        raise
    return added, known
