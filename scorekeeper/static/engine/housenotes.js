// Twin of scorekeeper/rules/housenotes.py: the words of the house rules' and club agreements' notes (scoring.md 5, 5.1), for notes.js.
(function (SK) {
  "use strict";
  var py = SK.py;
  var M = (SK.housenotes = {});

  // A render takes a note's parameters, a translator and a function naming a seat; notes.js joins
  // these to the notes of a hand's own steps. The messages are gettext messages with `{name}`
  // fields, translated where they are shown.

  // p["key"]: a KeyError when the note has no such parameter, as Python's
  function need(p, key) {
    if (p instanceof Map) {
      if (!p.has(key)) throw key_error(key);
      return p.get(key);
    }
    if (!Object.prototype.hasOwnProperty.call(p, key)) throw key_error(key);
    return p[key];
  }
  M.need = need;
  function key_error(key) {
    var e = new Error("'" + key + "'");
    e.name = "KeyError";
    return e;
  }
  // p.get("key")
  function get(p, key) {
    return py.get(p, key);
  }
  M.get = get;
  // **p, as one object of names (a Map's entries too)
  function spread(p) {
    if (!(p instanceof Map)) return p;
    var out = Object.create(null);
    p.forEach(function (v, k) {
      out[k] = v;
    });
    return out;
  }
  M.spread = spread;
  function fmt(template, params) {
    return py.format(template, spread(params));
  }
  M.fmt = fmt;

  function signed(n) {
    return n > 0 ? "+" + py.str(n) : py.str(n);
  }
  M.signed = signed;

  function give_up(p, tr, seat) {
    var score = signed(need(p, "score"));
    if (need(p, "role") === "declarer") {
      return py.format(tr.gettext("gave up the contract of {contract}: {score}"), {
        contract: need(p, "contract"),
        score: score,
      });
    }
    if (py.truthy(get(p, "half"))) {
      return py.format(tr.gettext("{declarer} gave up: half of {contract}, {score}"), {
        declarer: seat(need(p, "declarer")),
        contract: need(p, "contract"),
        score: score,
      });
    }
    return py.format(tr.gettext("{declarer} gave up: {score}"), {
      declarer: seat(need(p, "declarer")),
      score: score,
    });
  }
  M.give_up = give_up;

  function barrel(p, tr, seat) {
    var event = need(p, "event");
    if (event === "climb") {
      return fmt(tr.gettext("{total} reaches the barrel: climbs on it at {at}"), p);
    }
    if (event === "idle") {
      if (py.truthy(get(p, "lost"))) {
        return fmt(tr.gettext("on the barrel: scores nothing ({lost} lost)"), p);
      }
      return tr.gettext("on the barrel: scores nothing");
    }
    if (event === "stay") {
      // notes stored before the total was in them said the barrel's mark
      return py.format(
        tr.gettext("on the barrel: a made {contract} does not reach {target}, scores 0 and stays " + "at {total}"),
        Object.assign(Object.create(null), { total: need(p, "at") }, spread(p))
      );
    }
    if (event === "try") {
      return fmt(tr.gettext("on the barrel: try {try} of {tries}"), p);
    }
    if (event === "fall") {
      return fmt(tr.gettext("on the barrel for {tries} hands: falls off to {total} (-{penalty})"), p);
    }
    if (event === "knock-off") {
      return py.format(tr.gettext("knocked off the barrel by {by}: falls to {total}"), {
        by: seat(need(p, "by")),
        total: need(p, "total"),
      });
    }
    if (event === "fall-zero") {
      // 5.1 falls_to_zero: the seat's n-th fall sets its total to 0, whichever way it fell
      var by = get(p, "by");
      if (by !== null && by !== undefined) {
        return py.format(tr.gettext("knocked off the barrel by {by}: fall {falls} from the barrel, back to 0"), {
          by: seat(by),
          falls: need(p, "falls"),
        });
      }
      return fmt(tr.gettext("on the barrel for {tries} hands: fall {falls} from the barrel, back to 0"), p);
    }
    if (event === "off") {
      return tr.gettext("off the barrel");
    }
    return py.format(tr.gettext("on the barrel: {event}"), { event: event });
  }
  M.barrel = barrel;

  function bolt(p, tr, _seat) {
    var penalty = py.eq(need(p, "bolt"), need(p, "count"));
    if (py.truthy(get(p, "in_a_row"))) {
      // 5.1 consecutive: only bolts in a row count
      if (py.truthy(get(p, "tricks"))) {
        if (penalty) {
          return fmt(tr.gettext("no trick: bolt {bolt} of {count} in a row, -{penalty}"), p);
        }
        return fmt(tr.gettext("no trick: bolt {bolt} of {count} in a row"), p);
      }
      if (penalty) {
        return fmt(tr.gettext("no points: bolt {bolt} of {count} in a row, -{penalty}"), p);
      }
      return fmt(tr.gettext("no points: bolt {bolt} of {count} in a row"), p);
    }
    if (py.truthy(get(p, "tricks"))) {
      // 5.1 kind tricks: a hand with no trick is the bolt
      if (penalty) {
        return fmt(tr.gettext("no trick: bolt {bolt} of {count}, -{penalty}"), p);
      }
      return fmt(tr.gettext("no trick: bolt {bolt} of {count}"), p);
    }
    if (penalty) {
      return fmt(tr.gettext("no points: bolt {bolt} of {count}, -{penalty}"), p);
    }
    return fmt(tr.gettext("no points: bolt {bolt} of {count}"), p);
  }
  M.bolt = bolt;

  function bolt_run(p, tr, _seat) {
    return fmt(
      tr.ngettext(
        "not a bolt: the run of {run} bolt ends, the count starts again",
        "not a bolt: the run of {run} bolts ends, the count starts again",
        need(p, "run")
      ),
      p
    );
  }
  M.bolt_run = bolt_run;

  function give_up_penalty(p, tr, _seat) {
    return fmt(
      tr.gettext("give-up number {count} in the game: every {every} give-ups cost {penalty}, -{penalty}"),
      p
    );
  }
  M.give_up_penalty = give_up_penalty;

  function blind(p, tr, _seat) {
    return fmt(tr.gettext("bid blind: {score} × {multiplier} = {blind}"), p);
  }
  M.blind = blind;

  function golden(p, tr, _seat) {
    return fmt(
      tr.gettext("golden hand {hand} of {hands}: scores × {multiplier}, {score} × {multiplier} = {golden}"),
      p
    );
  }
  M.golden = golden;

  function golden_reset(p, tr, _seat) {
    return fmt(tr.gettext("nobody made a golden contract: the total of {total} goes back to 0"), p);
  }
  M.golden_reset = golden_reset;

  // The renders of the notes of sections 5 and 5.1, by rule key.
  var RENDER = Object.create(null);
  RENDER["lock"] = function (p, tr, _s) {
    return fmt(tr.gettext("{total} is at or above the lock at {lock}: points count only as declarer, {lost} lost"), p);
  };
  RENDER["bolt"] = bolt;
  RENDER["dump"] = function (p, tr, _s) {
    return fmt(tr.gettext("a total of exactly {total} is dumped: back to 0"), p);
  };
  RENDER["give-up"] = give_up;
  RENDER["barrel"] = barrel;
  RENDER["blind"] = blind;
  RENDER["golden"] = golden;
  RENDER["golden-reset"] = golden_reset;
  RENDER["give-up-penalty"] = give_up_penalty;
  RENDER["bolt-run"] = bolt_run;
  M.RENDER = RENDER;
})((globalThis.SK = globalThis.SK || {}));
