"""Export and import: game files, CSV, the printable sheet, the account's archive."""

# An upload is checked within bounds in the request (uploads.py) and queued; its games are read,
# checked and stored by a job outside the request (services/importjobs.py), whose page says how
# far it got and, at its end, what was stored and what was refused and why (refusals.py).

from __future__ import annotations

import csv
import io
import zipfile
from datetime import date

from flask import Blueprint, Response, abort, current_app, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext, pgettext
from flask_wtf.file import FileField, FileRequired
from werkzeug.wrappers import Response as Redirect

from scorekeeper.gamefile import dumps
from scorekeeper.rules.sheet import hand_numbers
from scorekeeper.services import importjobs as importing
from scorekeeper.services import importworker
from scorekeeper.store import derived, files, imports, queries
from scorekeeper.store.models import Game, now
from scorekeeper.web import access
from scorekeeper.web.formbase import Form
from scorekeeper.web.transfer import events as event_upload
from scorekeeper.web.transfer import refusals, uploads

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
        # a name like "=HYPERLINK(...)" must stay a name in a spreadsheet (CSV injection)
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
        options=derived.rules_for(game).options,
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
    """The upload is checked here as far as that is quick, then queued: its games are stored by
    the import worker (services/importworker.py), and the answer is its progress page."""
    form = ImportForm()
    errors: list[str] = []
    headers: dict[str, str] = {}
    if form.validate_on_submit():
        upload = form.file.data
        name, data = upload.filename or "upload", upload.read()
        if event_upload.is_event_file(data):  # an event file: stored at once, or refused
            return event_upload.store(form, data)
        found = uploads.check(name, data)
        if found.at_field:  # no game file at all (a CSV, say): said at the file field
            form.file.errors.append(found.at_field)
        errors = found.errors
        if not found.at_field and not errors:
            try:
                job = importing.queue(access.me().id, name, data, found.games)
            except importing.Busy:
                form.file.errors.append(
                    ngettext(
                        "%(num)d import of yours is waiting or running; import this file when "
                        "it has finished.",
                        "%(num)d imports of yours are waiting or running; import this file "
                        "when one of them has finished.",
                        importing.UNFINISHED_MAX,
                    )
                )
                headers["Retry-After"] = "30"
            else:
                importworker.wake(current_app._get_current_object())  # type: ignore[attr-defined]
                return redirect(url_for("transfer.job", job_id=job))
    status = 429 if headers else 422 if errors or form.errors else 200
    page = render_template(
        "transfer/import.html", form=form, errors=errors, jobs=imports.jobs_of(access.me().id)
    )
    return page, status, headers


@bp.route("/import/<int:job_id>")
def job(job_id: int) -> str:
    """An import's progress, and at its end what was stored, what was refused and why; the
    account's own imports only (another's is not found, as a game is)."""
    found = imports.job_of(access.me().id, job_id)
    if found is None:
        abort(404)
    refused = [line for refusal in found.refusals or [] for line in refusals.lines(refusal)]
    return render_template(
        "transfer/job.html",
        job=found,
        refused=refused,
        reason=refusals.reason(found.reason),
        stalled=found.state == imports.WORKING
        and found.lease_until is not None
        and found.lease_until < now(),
    )
