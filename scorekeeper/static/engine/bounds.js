// Twin of scorekeeper/rules/bounds.py: the bounds of every number and text a game can hold, in one place (scoring.md 3.2).
(function (SK) {
  "use strict";
  var py = SK.py;
  var errors = SK.errors;
  var N_ = errors.N_;
  var Message = errors.Message;
  var M = (SK.bounds = {});

  // The rules, the game-file reader, the forms and the URLs all check against these, so that what
  // one database accepts the other does too (PostgreSQL's INTEGER stops at 2**31 - 1, SQLite's
  // at 2**63 - 1; PostgreSQL refuses NUL in text and counts VARCHAR(n) in characters, SQLite
  // checks neither) and nothing reaches a column it does not fit.

  //: the largest id or number in a URL or a stored integer column (PostgreSQL's INTEGER)
  M.DB_INT_MAX = 2147483647;

  // --- numbers of a line (scoring.md 3.2) -------------------------------------------------------
  // Bids, contracts, card points, tricks, seats, the dealer and the musik's aces need no bound of
  // their own: the rules refuse any value the table cannot produce (checks.py, cardchecks.py),
  // which keeps each of them far below DB_INT_MAX.

  //: an adjustment is within this, either way, per seat (scoring.md 3.2)
  M.ADJUSTMENT_MAX = 10000;
  //: lines per game: a real game is under 200; past this a line is refused (scoring.md 3.2),
  //: which also bounds the work of replaying a game (and of importing one)
  M.LINES_MAX = 2000;
  //: changes in an imported trail: a few edits of every line of the longest game
  M.TRAIL_MAX = 5 * M.LINES_MAX;

  // --- numbers of the options (scoring.md 2 and 5) ------------------------------------------------
  //: a points option (target, lowest bid, largest contract, lock, barrel, penalties, dump): with
  //: LINES_MAX lines a total stays within 2 * 10**9, inside DB_INT_MAX
  M.OPTION_POINTS_MAX = 1000000;
  //: a count or a small value (bid step, barrel tries, bolts, give-ups, a marriage's or an ace's
  //: value in the musik, what each opponent of a give-up scores)
  M.OPTION_SMALL_MAX = 1000;
  //: the ace marriage (four aces) is worth at most this
  M.ACE_MARRIAGE_MAX = 10000;
  //: a club agreement's multiplier (a blind bid, the golden deal: 5.1): tables play x2, now and
  //: then x3; bounded so that a hand's score stays within a few times the largest contract
  M.MULTIPLIER_MAX = 10;
  //: the stake: money per point, from 0 to this, with at most STAKE_PLACES decimals (3.2); a
  //: py.Decimal as in Python (str() "1000"; +STAKE_MAX and STAKE_MAX.to_int() are 1000)
  M.STAKE_MAX = new py.Decimal(1000);
  M.STAKE_PLACES = 4;

  // --- texts: the columns of scorekeeper/store/models.py --------------------------------------------
  //: a player's name (Player.name and its case-folded Player.key are VARCHAR(60))
  M.NAME_MAX = 60;
  //: an adjustment's or a change's reason (TEXT columns, bounded so that a page stays a page)
  M.REASON_MAX = 500;
  //: who made a change (Revision.who is VARCHAR(80))
  M.WHO_MAX = 80;
  //: when a change was made, in an imported trail (ISO 8601: "2026-12-31T20:15:00")
  M.AT_MAX = 40;
  //: an API token's name (ApiToken.name is VARCHAR(60))
  M.TOKEN_NAME_MAX = 60;
  //: a username (Account.username is VARCHAR(40))
  M.USERNAME_MAX = 40;
  //: a form's one-time token (secrets.token_urlsafe(16) makes 22 characters)
  M.FORM_TOKEN_MAX = 100;

  // Control characters (C0, DEL, C1), lone surrogates (JSON's "\ud800" decodes to one; UTF-8
  // cannot encode it) and the Unicode line and paragraph separators. NUL above all: PostgreSQL
  // refuses it in text. A name is one line: a tab or a line break in it is refused too; a reason
  // may have several lines (a file or a program may send them), so tab, LF and CR pass there.
  // (With the u flag a surrogate range matches lone surrogates only, as Python's code points.)
  var _ONE_LINE = /[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]/u;
  var _LINES = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]/u;

  /** A name as it is stored: its runs of white space one space (services.player). */
  function normal_name(name) {
    return py.split(name).join(" ");
  }
  M.normal_name = normal_name;

  /** None if `text` fits its column; else what is wrong, as a Message for a Problem's detail.
   *
   * `lines`: tab, LF and CR are allowed (a reason), else no control character at all (a name).
   */
  function text_problem(text, most, lines) {
    var size = py.len(text);
    if (size > most) {
      return new Message({ template: N_("at most {most} characters, got {got}"), params: { most: most, got: size } });
    }
    var found = (lines ? _LINES : _ONE_LINE).exec(text);
    if (found) {
      var code = found[0].codePointAt(0).toString(16).toUpperCase();
      return new Message({
        template: N_("no control characters: found {char} at character {at}"),
        params: {
          char: "U+" + "0000".slice(Math.min(4, code.length)) + code,
          at: py.len(text.slice(0, found.index)) + 1,
        },
      });
    }
    return null;
  }
  M.text_problem = text_problem;

  /** What is wrong with a player's name, or None: no control character as typed (a line
   * separator is white space to str.split), then its length as stored (normal_name), and
   * that of its case-folded key, whose column is as long and which folding can lengthen
   * ("ß" is "ss"). */
  function name_problem(name) {
    var stored = normal_name(name);
    if (!stored) {
      return new Message({ template: N_("a player needs a name") });
    }
    return (
      text_problem(name, py.len(name)) ||
      text_problem(stored, M.NAME_MAX) ||
      text_problem(py.casefold(stored), M.NAME_MAX)
    );
  }
  M.name_problem = name_problem;

  /** What is wrong with a stake (3.2: a decimal from 0 to 1,000 with at most 4 places).
   * `value` is a py.Decimal (a str or a number is read as Decimal(str(value)) first). */
  function stake_problem(value) {
    if (!(value instanceof py.Decimal)) value = new py.Decimal(py.str(value));
    if (!value.is_finite() || !(value.compare(0) >= 0 && value.compare(M.STAKE_MAX) <= 0)) {
      return new Message({ template: N_("must be from 0 to {most}"), params: { most: M.STAKE_MAX } });
    }
    if (!value.has_places(M.STAKE_PLACES)) {
      return new Message({ template: N_("has at most {places} decimal places"), params: { places: M.STAKE_PLACES } });
    }
    return null;
  }
  M.stake_problem = stake_problem;

  /** `value` if a stored id or integer can be it, else None (an id that cannot exist). */
  function db_int(value) {
    return value !== null && value !== undefined && 0 <= value && value <= M.DB_INT_MAX ? value : null;
  }
  M.db_int = db_int;
})((globalThis.SK = globalThis.SK || {}));
