// Twin of scorekeeper/gamefile/output.py: the scored game as `scorekeeper score` prints it, and as the browser's engine gives it.
(function (SK) {
  "use strict";
  var py = SK.py;
  var M = (SK.gamefile_output = {});

  // `score_output` is game-file.md's output. `engine_output` is what the JavaScript twin of the
  // rules (static/engine/, docs/engine.md) must give for the same decoded file, field for field:
  // the score output with each line's kind, contract and note parameters, each seat's state and
  // marks, the next hand's bidding hints and form, or the file's problems. The conformance test
  // (tests/rules/test_js_twin.py) compares the two on every game it can find or deal.

  // Money as a JSON number: whole amounts as integers. `value` is a py.Decimal, or money as the
  // twin keeps it (a Payment's amount: an integer count of 10 ** -bounds.STAKE_PLACES).
  function amount(value) {
    if (value instanceof py.Decimal) {
      return value.is_integer() ? value.to_int() : value.to_float();
    }
    var places = SK.bounds.STAKE_PLACES;
    if (typeof value === "bigint") {
      var unit = 10n ** BigInt(places);
      if (value % unit === 0n) {
        // int(value): exact, a BigInt past 2 ** 53 as json.dumps writes every digit
        var whole = value / unit;
        return Number.isSafeInteger(Number(whole)) ? Number(whole) : whole;
      }
      return new py.Decimal(value.toString() + "e-" + places).to_float();
    }
    var scale = Math.pow(10, places);
    if (value % scale === 0) {
      return value / scale + 0;
    }
    // float(Decimal): the division of two exact integers is correctly rounded, as Python's is
    return new py.Float(value / scale);
  }
  M.amount = amount;

  function score_output(game, tally, tr) {
    if (tr === undefined) tr = SK.notes.ENGLISH;
    var names = game.players;
    return {
      variant: game.variant,
      players: names.slice(),
      hands: tally.lines.map(function (line) {
        return {
          number: line.number,
          dealer: line.dealer,
          declarer: line.declarer,
          scores: line.scores.slice(),
          totals: line.totals.slice(),
          notes: line.notes.map(function (n) {
            return { seat: n.seat, rule: n.rule, text: SK.notes.text(n, names, tr) };
          }),
        };
      }),
      totals: tally.totals.slice(),
      finished: tally.finished,
      winners: tally.winners.slice(),
      settlement: tally.settlement.map(function (p) {
        return { from: p.payer, to: p.payee, amount: amount(p.amount) };
      }),
    };
  }
  M.score_output = score_output;

  // A record (a dataclass or NamedTuple twin): an object of a class of its own
  function _is_record(value) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
    if (value instanceof Map || value instanceof Set) return false;
    if (value instanceof py.Float || value instanceof py.Decimal) return false;
    var proto = Object.getPrototypeOf(value);
    return proto !== Object.prototype && proto !== null;
  }

  function _fields(record) {
    var ctor = record.constructor;
    return ctor && ctor._fields ? ctor._fields : Object.keys(record);
  }

  // dataclasses.asdict(x): a record as a dict of its fields, nested records and lists too.
  function asdict(value) {
    if (Array.isArray(value)) {
      return value.map(asdict);
    }
    if (_is_record(value) && typeof value._asdict === "function") {
      // a NamedTuple stays a tuple (of its fields, each made plain)
      return _fields(value).map(function (f) {
        return asdict(value[f]);
      });
    }
    if (_is_record(value)) {
      var out = {};
      _fields(value).forEach(function (f) {
        out[f] = asdict(value[f]);
      });
      return out;
    }
    if (value instanceof Map) {
      var copy = new Map();
      value.forEach(function (v, k) {
        copy.set(k, asdict(v));
      });
      return copy;
    }
    if (py.is_dict(value)) {
      return py.dict(value, asdict); // in the dict's order
    }
    return value;
  }
  M.asdict = asdict;

  // A note's or problem's parameter as JSON: a translated word or sentence as its key.
  function plain(value) {
    if (value instanceof SK.errors.Term) {
      return { term: value.kind, key: value.key };
    }
    if (value instanceof SK.errors.Message) {
      return { message: value.template, params: plain(value.params) };
    }
    if (value instanceof py.Decimal) {
      return amount(value);
    }
    if (value instanceof Map) {
      var fromMap = Object.create(null);
      value.forEach(function (v, k) {
        fromMap[py.str(k)] = plain(v);
      });
      return fromMap;
    }
    if (py.is_dict(value)) {
      return py.dict(value, plain); // in the dict's order
    }
    if (Array.isArray(value)) {
      return value.map(plain);
    }
    if (_is_record(value) && value.constructor && value.constructor._fields && value._asdict) {
      // a NamedTuple is a tuple: a list of its fields
      return value.constructor._fields.map(function (f) {
        return plain(value[f]);
      });
    }
    return value;
  }
  M.plain = plain;

  function problem_output(p, tr) {
    if (tr === undefined) tr = SK.notes.ENGLISH;
    return {
      hand: p.hand,
      field: p.field,
      seat: p.seat,
      template: p.template,
      params: plain(p.params),
      text: p.text(tr),
    };
  }
  M.problem_output = problem_output;

  // The engine's answer for decoded game-file JSON `data`: every line scored (`stored`: the
  // lines were accepted when logged; `entered`: line `entered` is new and gets every check, the
  // others are stored), or {problems: [...]} with every problem found, in the language of `tr`.
  // `options`: {entered, stored, tr}, Python's keyword arguments.
  function engine_output(data, options) {
    options = options || {};
    var entered = options.entered === undefined ? null : options.entered;
    var stored = options.stored === undefined ? false : options.stored;
    var tr = options.tr === undefined || options.tr === null ? SK.notes.ENGLISH : options.tr;
    var game, rules, tally;
    try {
      game = SK.gamefile_file.parse(data);
      rules = game.rules();
      if (entered !== null) {
        tally = SK.replays.replay_entered(rules, game.lines, entered, game.first_dealer, game.players);
      } else {
        tally = new SK.sheet.Sheet(rules, game.first_dealer, game.players).replay(game.lines, stored);
      }
    } catch (e) {
      if (!(e instanceof SK.errors.InvalidHand)) throw e;
      return {
        problems: e.problems.map(function (p) {
          return problem_output(p, tr);
        }),
      };
    }
    var out = score_output(game, tally, tr);
    py.zip_strict(out.hands, tally.lines).forEach(function (pair) {
      var hand = pair[0],
        line = pair[1];
      hand.kind = line.kind;
      hand.contract = line.contract;
      hand.outcome = SK.stats.contract_outcome(line); // the sheets' ✓ and ✗
      py.zip_strict(hand.notes, line.notes).forEach(function (pn) {
        pn[0].params = plain(pn[1].params);
      });
    });
    out.states = tally.players.map(function (p) {
      return p._asdict();
    });
    out.chips = tally.players.map(function (p) {
      return plain(asdict(SK.formspec.chips(rules, p, tally.finished)));
    });
    out.next_dealer = tally.next_dealer;
    out.sitting_out = tally.sitting_out;
    out.bidding = plain(asdict(tally.bidding));
    out.form = plain(asdict(SK.formspec.hand_form(rules, tally.next_dealer, tally.hands)));
    return out;
  }
  M.engine_output = engine_output;
})((globalThis.SK = globalThis.SK || {}));
