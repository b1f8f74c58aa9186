"""Export and import: game files, CSV, the printable sheet, the account's archive."""

# An import is read within bounds and checked whole (uploads.py) before any game is stored
# (services/transfer.py).

from __future__ import annotations

import csv
import io
import zipfile
from datetime import date

from flask import Blueprint, Response, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext, pgettext
from flask_wtf.file import FileField, FileRequired
from werkzeug.wrappers import Response as Redirect

from scorekeeper.gamefile import dumps
from scorekeeper.rules.sheet import hand_numbers
from scorekeeper.services import transfer as importing
from scorekeeper.store import derived, files, queries
from scorekeeper.store.models import Game
from scorekeeper.web import access
from scorekeeper.web.formbase import Form
from scorekeeper.web.transfer import filekind, uploads

bp = Blueprint("transfer", __name__)
bp.before_request(access.require_sign_in)

#: a cell a spreadsheet would run as a formula starts with one of these (OWASP, CSV injection)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


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
    return _download(dumps(files.to_file(game)), "application/json", _name(game, "json"))


def _cell(value: object) -> object:
    """A text cell that a spreadsheet would run as a formula, quoted with a leading '; numbers
    (negative scores too) stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


@bp.route("/games/<int:game_id>/export.csv")
def game_csv(game_id: int) -> Response:
    """One row per line: what was played, then each player's score and running total."""
    game = access.game_or_404(game_id)
    tally, names = derived.tally(game), derived.names(game)
    facts = derived.rule_lines(game)
    # a blind column where the table plays blind bids (scoring.md 5.1); none where it cannot be
    blind = derived.rules_for(game).options.blind is not None
    out = io.StringIO()
    # a byte-order mark: spreadsheet programs then read Polish and Cyrillic names right
    out.write("\ufeff")
    w = csv.writer(out)

    def row(cells: list[object]) -> None:
        # a name like "=HYPERLINK(...)" must stay a name in a spreadsheet (issue 11, point 10)
        w.writerow([_cell(c) for c in cells])

    # the headers in the reader's language, like the page the file is downloaded from
    row(
        [_("line"), _("hand"), _("kind"), _("dealer"), _("declarer"), _("contract")]
        + ([pgettext("rule", "blind")] if blind else [])
        + [_("%(name)s score", name=n) for n in names]
        + [_("%(name)s total", name=n) for n in names]
    )

    def who(seat: int | None) -> str:
        return "" if seat is None else names[seat]

    # the line number as stored, and the hand as the table counts it (none for an adjustment)
    for line, hand in zip(tally.lines, hand_numbers(tally.lines), strict=True):
        cells: list[object] = [line.number, hand or "", line.kind, who(line.dealer)]
        fact = facts[line.number - 1]
        blind_cell = [_("yes") if getattr(fact, "blind", False) else ""] if blind else []
        row(
            cells
            + [who(line.declarer), line.contract or ""]
            + blind_cell
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
        tally=derived.tally(game),
        names=derived.names(game),
        facts=derived.rule_lines(game),
        target=derived.rules_for(game).options.target,
    )


@bp.route("/account/export.zip")
def archive() -> Response:
    """Every game the account owns, one game file each, in one zip."""
    games = queries.own_games(access.me().id)
    found = files.files_of(games)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for game in games:
            z.writestr(_name(game, "json"), dumps(found[game.id]))
    name = f"thousand-{access.me().username}-{date.today():%Y-%m-%d}.zip"
    return _download(buffer.getvalue(), "application/zip", name)


class ImportForm(Form):
    file = FileField(
        _l("A game file (.json) or an archive of them (.zip)"),
        validators=[FileRequired(_l("Choose a file to import."))],
    )


@bp.route("/import", methods=["GET", "POST"])
def import_form() -> Redirect | tuple[str, int] | tuple[str, int, dict[str, str]]:
    form = ImportForm()
    errors: list[str] = []
    if form.validate_on_submit():
        upload = form.file.data
        # everything is read and checked before any transaction opens (issue 11, point 6)
        name, data = uploads.shown(upload.filename or "upload"), upload.read()
        good, errors = uploads.read(name, data)
        why = errors and not data.startswith(b"PK") and filekind.why_not(name, data)
        if why:  # no game file at all (a CSV, say): said at the file field
            form.file.errors.append(why)
            errors = []
        elif not errors:
            done = importing.store(good, access.me().id)
            added, known = done.added, done.known
            if done.failed:
                # the chunks committed stay; the same file again stores the rest
                # (services/transfer.py)
                errors = [
                    _(
                        "%(stored)d of %(total)d games were stored before the database failed; "
                        "import the same file again to store the rest (the games already here "
                        "are recognised)",
                        stored=added,
                        total=added + done.failed,
                    )
                ]
                page = render_template(
                    "transfer/import.html", form=form, errors=errors, partly=True
                )
                return page, 503, {"Retry-After": "10"}
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
