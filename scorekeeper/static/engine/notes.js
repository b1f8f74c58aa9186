// Twin of scorekeeper/rules/notes.py: why a number is what it is, notes with a stable rule key and their numbers, in any language.
(function (SK) {
  "use strict";
  var py = SK.py;
  var M = (SK.notes = {});

  // The sentences are gettext messages with `{name}` fields. The rules stay free of Flask: the caller
  // passes a translator (the web app its Babel catalogue for the reader's language); without one the
  // text is English, as the command line prints it (scoring.md section 6).

  // What the notes need of a catalogue (Translator): gettext, ngettext and pgettext. ENGLISH is
  // gettext.NullTranslations(): every message as it is, the singular when n == 1.
  M.ENGLISH = {
    gettext: function (message) {
      return message;
    },
    ngettext: function (singular, plural, n) {
      return py.eq(n, 1) ? singular : plural;
    },
    pgettext: function (context, message) {
      return message;
    },
  };
  var ENGLISH = M.ENGLISH;

  /** One rule that shaped `seat`'s score in a line; `params` holds the numbers it used.
   *
   * The rule key and the parameter names are stable: they are the game file's `notes` and the
   * statistics read them. Only `text()` turns them into words. (NamedTuple)
   */
  class Note {
    constructor(f) {
      this.seat = f.seat;
      this.rule = f.rule;
      this.params = f.params;
    }

    _asdict() {
      return { seat: this.seat, rule: this.rule, params: this.params };
    }
  }
  Note._fields = ["seat", "rule", "params"];
  M.Note = Note;

  var signed = SK.housenotes.signed;
  M.signed = signed;

  // dict.get(key, default) of a table of words: only a str is a key
  function word(names, key) {
    return typeof key === "string" && Object.prototype.hasOwnProperty.call(names, key) ? names[key] : key;
  }

  /** A suit as a noun ("trump: hearts"). */
  function suit_name(suit, tr) {
    if (tr === undefined || tr === null) tr = ENGLISH;
    var names = {
      spades: tr.pgettext("suit", "spades"),
      clubs: tr.pgettext("suit", "clubs"),
      diamonds: tr.pgettext("suit", "diamonds"),
      hearts: tr.pgettext("suit", "hearts"),
      aces: tr.pgettext("suit", "aces"),
    };
    return word(names, suit);
  }
  M.suit_name = suit_name;

  /** A marriage named by its suit, as players say it ("hearts marriage", "meldunek kierowy"). */
  function marriage_name(suit, tr) {
    if (tr === undefined || tr === null) tr = ENGLISH;
    var names = {
      spades: tr.gettext("spades marriage"),
      clubs: tr.gettext("clubs marriage"),
      diamonds: tr.gettext("diamonds marriage"),
      hearts: tr.gettext("hearts marriage"),
      aces: tr.gettext("aces marriage"),
    };
    return word(names, suit);
  }
  M.marriage_name = marriage_name;

  // p["key"], p.get("key"), **p and str.format of **p, as housenotes.js has them
  var need = SK.housenotes.need;
  var get = SK.housenotes.get;
  var fmt = SK.housenotes.fmt;

  // Render: (params, translator, seat) -> the note's text

  function _marriage(p, tr, _seat) {
    var name = marriage_name(need(p, "suit"), tr);
    if (py.truthy(get(p, "in_tricks"))) {
      if (py.truthy(need(p, "trump"))) {
        return py.format(tr.gettext("trump {marriage} in tricks: {value}"), {
          marriage: name,
          value: need(p, "value"),
        });
      }
      return py.format(tr.gettext("{marriage} in tricks: {value}"), { marriage: name, value: need(p, "value") });
    }
    return py.format(tr.gettext("{marriage}: {value}"), { marriage: name, value: need(p, "value") });
  }

  function _points(p, tr, _seat) {
    if (py.truthy(need(p, "marriages"))) {
      return fmt(tr.gettext("{cards} card points + {marriages} for marriages = {raw}"), p);
    }
    return fmt(tr.gettext("{cards} card points"), p);
  }

  function _took(p, tr) {
    var rounded = get(p, "rounded");
    if (rounded === null || rounded === undefined) {
      return py.str(need(p, "points"));
    }
    return fmt(tr.gettext("{points}, rounded to {rounded}"), p);
  }

  function _contract_made(p, tr, _seat) {
    return py.format(tr.gettext("made the contract of {contract} (took {took}): +{contract}"), {
      contract: need(p, "contract"),
      took: _took(p, tr),
    });
  }

  function _contract_failed(p, tr, _seat) {
    return py.format(tr.gettext("failed the contract of {contract} (took {took}, {short} short): -{contract}"), {
      contract: need(p, "contract"),
      took: _took(p, tr),
      short: need(p, "short"),
    });
  }

  function _musik(p, tr, _seat) {
    var parts = [];
    if (py.truthy(need(p, "aces"))) {
      parts.push(fmt(tr.ngettext("{aces} ace x {ace}", "{aces} aces x {ace}", need(p, "aces")), p));
    }
    if (py.truthy(need(p, "marriage"))) {
      parts.push(marriage_name(need(p, "marriage"), tr) + " " + py.str(need(p, "marriage_value")));
    }
    return py.format(tr.gettext("musik bonus for the dealer: {parts} = {bonus}"), {
      parts: parts.join(" + ") || tr.gettext("nothing"),
      bonus: need(p, "bonus"),
    });
  }

  function _game_won(p, tr, _seat) {
    if (need(p, "why") === "declarer") {
      return fmt(tr.gettext("reached {target} as declarer with {total}: wins"), p);
    }
    if (need(p, "why") === "joint") {
      return fmt(tr.gettext("shares the highest total, {total}: wins jointly"), p);
    }
    return fmt(tr.gettext("highest total, {total}: wins"), p);
  }

  function _adjustment(p, tr, _seat) {
    if (py.truthy(need(p, "reason"))) {
      return py.format(tr.gettext("adjustment {value}: {reason}"), {
        value: signed(need(p, "value")),
        reason: need(p, "reason"),
      });
    }
    return py.format(tr.gettext("adjustment {value}"), { value: signed(need(p, "value")) });
  }

  function _plain(message) {
    return function (p, tr, _seat) {
      return fmt(message(tr), p);
    };
  }

  var _RENDER = Object.create(null);
  _RENDER["points"] = _points;
  _RENDER["marriage"] = _marriage;
  _RENDER["trump-double"] = function (p, tr, _s) {
    var said = py.truthy(get(p, "switch"))
      ? tr.gettext("{marriage} switches trump to {suit}: {base} doubled to {value}")
      : tr.gettext("{marriage} declared with {suit} trump: {base} doubled to {value}");
    return py.format(said, {
      marriage: marriage_name(need(p, "suit"), tr),
      suit: suit_name(need(p, "suit"), tr),
      base: need(p, "base"),
      value: need(p, "value"),
    });
  };
  _RENDER["trump-switch"] = function (p, tr, _s) {
    return py.format(tr.gettext("the {marriage} makes {suit} trump for the rest of the hand"), {
      marriage: marriage_name(need(p, "suit"), tr),
      suit: suit_name(need(p, "suit"), tr),
    });
  };
  _RENDER["marriage-no-trick"] = function (p, tr, _s) {
    return py.format(tr.gettext("{marriage} {value} does not count: took no trick"), {
      marriage: marriage_name(need(p, "suit"), tr),
      value: need(p, "value"),
    });
  };
  _RENDER["rounding"] = _plain(function (tr) {
    return tr.gettext("{raw} rounded to {rounded}");
  });
  _RENDER["contract-made"] = _contract_made;
  _RENDER["contract-failed"] = _contract_failed;
  _RENDER["slam"] = _plain(function (tr) {
    return tr.gettext(
      "all tricks for {contract} with no marriage: the cards out of play count, " +
        "the contract is made with {points} in hand"
    );
  });
  _RENDER["musik-bonus"] = _musik;
  var HOUSE_RENDER = SK.housenotes.RENDER;
  _RENDER["lock"] = HOUSE_RENDER["lock"];
  _RENDER["bolt"] = HOUSE_RENDER["bolt"];
  _RENDER["dump"] = HOUSE_RENDER["dump"];
  _RENDER["adjustment"] = _adjustment;
  _RENDER["game-won"] = _game_won;
  // give-up, barrel, then the club agreements' notes (5.1)
  Object.keys(HOUSE_RENDER).forEach(function (key) {
    _RENDER[key] = HOUSE_RENDER[key];
  });
  M._RENDER = _RENDER;

  /** The note in words; `names` (seat order) replaces "seat N" where a note names a seat. */
  function text(note, names, tr) {
    if (names === undefined) names = null;
    if (tr === undefined || tr === null) tr = ENGLISH;

    function seat(n) {
      if (py.truthy(names) && 0 <= n && n < names.length) {
        return names[n];
      }
      return py.format(tr.gettext("seat {n}"), { n: n });
    }

    var render = typeof note.rule === "string" ? _RENDER[note.rule] : undefined;
    return render ? render(note.params, tr, seat) : note.rule;
  }
  M.text = text;

  M.RULE_KEYS = Object.keys(_RENDER);
})((globalThis.SK = globalThis.SK || {}));
