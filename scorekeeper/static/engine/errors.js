// Twin of scorekeeper/rules/errors.py: the one error the rules raise, every problem names its hand, its field and says why in words.
(function (SK) {
  "use strict";
  var py = SK.py;
  var notes = SK.notes;
  var ENGLISH = notes.ENGLISH;
  var M = (SK.errors = {});

  function _tr(tr) {
    return tr === undefined || tr === null ? ENGLISH : tr;
  }

  /** Marks a problem's message for the catalogue; it is translated when shown (gettext's N_). */
  function N_(message) {
    return message;
  }
  M.N_ = N_;

  /** A word inside a problem's message that is itself translated: a suit or a marriage. */
  class Term {
    constructor(f) {
      this.kind = f.kind; // "suit" or "marriage"
      this.key = f.key; // spades, clubs, diamonds, hearts, aces
    }

    text(tr) {
      tr = _tr(tr);
      return this.kind === "suit" ? notes.suit_name(this.key, tr) : notes.marriage_name(this.key, tr);
    }

    __format__(spec) {
      return py.format_value(this.text(), spec);
    }
  }
  M.Term = Term;

  /** A sentence inside a problem's message, translated with it (an option's bad value). */
  class Message {
    constructor(f) {
      this.template = f.template;
      this.params = f.params === undefined ? {} : f.params;
    }

    text(tr) {
      tr = _tr(tr);
      return _fill(tr.gettext(this.template), this.params, tr);
    }

    __format__(spec) {
      return py.format_value(this.text(), spec);
    }
  }
  M.Message = Message;

  function _fill(message, params, tr) {
    if (!py.truthy(params)) {
      // a plain message: its braces, if any, are text
      return message;
    }
    var values = Object.create(null);
    py.items(params).forEach(function (kv) {
      var v = kv[1];
      values[kv[0]] = v instanceof Term || v instanceof Message ? v.text(tr) : v;
    });
    return py.format(message, values);
  }
  M._fill = _fill;

  /** One thing wrong with the input: `hand` counts lines from 1 (None: the game as a whole).
   *
   * `template` is an English gettext message with `{name}` fields filled from `params`, so the
   * web app can show it in the reader's language; `message` is the English text.
   */
  class Problem {
    constructor(f) {
      this.hand = f.hand === undefined ? null : f.hand;
      this.field = f.field;
      this.template = f.template;
      this.seat = f.seat === undefined ? null : f.seat;
      this.params = f.params === undefined ? {} : f.params;
    }

    get message() {
      return this.text();
    }

    /** The message in the language of `tr`, without the hand's number. */
    text(tr) {
      tr = _tr(tr);
      return _fill(tr.gettext(this.template), this.params, tr);
    }

    /** The message after where it is: "hand 3: ...", "game: ...". */
    located(tr) {
      tr = _tr(tr);
      var where;
      if (this.hand === null || this.hand === undefined) {
        where = tr.gettext("game");
      } else {
        where = py.format(tr.gettext("hand {number}"), { number: this.hand });
      }
      return where + ": " + this.text(tr);
    }

    __str__() {
      return this.located();
    }
  }
  M.Problem = Problem;

  /** Raised for any input the rules refuse; carries every problem found, first one first.
   *
   * It is the only exception the rules and the game file reader raise for bad input, so a caller
   * (the command line, a form, the API) needs one `catch` to turn input errors into messages.
   * Python's str(e) is e.__str__() (every problem, located); e.message is the first problem's.
   */
  class InvalidHand extends Error {
    constructor(problems) {
      problems = Array.from(problems);
      if (!problems.length) {
        var e = new Error("InvalidHand needs at least one problem");
        e.name = "ValueError";
        throw e;
      }
      var all = problems
        .map(function (p) {
          return p.located();
        })
        .join("\n");
      super(all);
      this.name = "InvalidHand";
      this.problems = problems;
      Object.defineProperty(this, "message", {
        get: function () {
          return this.problems[0].message;
        },
        configurable: true,
        enumerable: false,
      });
      this._text = all;
    }

    get hand() {
      return this.problems[0].hand;
    }

    get field() {
      return this.problems[0].field;
    }

    __str__() {
      return this._text;
    }

    static one(hand, field, message, seat, params) {
      return new InvalidHand([
        new Problem({
          hand: hand,
          field: field,
          template: message,
          seat: seat === undefined ? null : seat,
          params: params === undefined || params === null ? {} : params,
        }),
      ]);
    }
  }
  M.InvalidHand = InvalidHand;
})((globalThis.SK = globalThis.SK || {}));
