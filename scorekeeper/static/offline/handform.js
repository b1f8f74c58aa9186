// Offline, handform.js: the hand form with no connection: checked and scored by the engine, kept
// in the outbox.
// A part of the offline code (docs/table.md): the files of static/offline/, in the order of
// files.json, share one scope; web/engine.py serves them as one script, /engine/offline.js.
function handForm(form) {
  var game = parseInt(form.dataset.game, 10), F = words(form);
  var fixing = /^#fix-([0-9]+)$/.exec(location.hash), unsent = location.hash === "#unsent";
  // a line changed or deleted with no connection: the hand form kept, filled with that line
  var editing = /^#(edit|delete)-([0-9]+)$/.exec(location.hash), number = editing ? +editing[2] : 0;
  // a hand whose sending failed (sw.js brings its form back as #unsent): what was typed
  var kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem("scorekeeper-post") || "null");
    if (!unsent) sessionStorage.removeItem("scorekeeper-post");
  } catch (e) {}
  if (!unsent || !kept || kept.path !== path) kept = null;
  var names = array(form.querySelectorAll(".seat-name")).map(function (n) { return n.textContent; });
  var ready = null, queued = [], busy = false;

  // the state the hand is logged in: the file, then the lines before it not sent yet
  function prepare() {
    ready = ready || outbox(game).then(function (list) {
      var entry = fixing && list.filter(function (e) { return e.id === parseInt(fixing[1], 10); })[0];
      queued = entry ? list.slice(0, list.indexOf(entry)) : list;
      return Promise.all([loadFile(game), loadEngine()]).then(function (got) {
        if (number) {  // the game as the phone has it; the state line `number` is logged in
          var now = applied(got[0], queued), upTo = JSON.parse(now.text);
          upTo.hands = now.lines.slice(0, number - 1);
          var was = got[1]({ text: JSON.stringify(upTo), hands: number - 1 }, []);
          return { file: got[0], run: got[1], before: was, now: now, line: now.lines[number - 1] };
        }
        // after a line changed or deleted, the game as the phone has it, whole
        var base = edits(queued) ? applied(got[0], queued) : got[0];
        var pending = base === got[0] ? queued.map(function (e) { return e.line; }) : [];
        var before = got[1](base, pending);
        return { file: got[0], run: got[1], before: before, entry: entry, base: base, pending: pending };
      });
    });
    return ready;
  }
  // the page as the engine has it: the number, who deals and sits out, who bids first
  function patch(st) {
    if (number && st.line && st.line.adjustment) {  // an adjustment: its own form changes it
      location.replace("/games/" + game + "/adjust#" + editing[1] + "-" + number);
      return false;
    }
    if (number && !st.line) {  // no such line (any more) on this phone
      location.replace("/games/" + game);
      return false;
    }
    if (st.before.problems) return true;  // the hands waiting do not fit the file: Save says why
    var spec = st.before.form, b = st.before.bidding;
    var rendered = array(form.querySelectorAll(".seat .points-input")).map(function (i) {
      return parseInt(i.closest(".seat").dataset.seat, 10);
    });
    var asked = /[?&]dealer=([0-9]+)/.exec(location.search);
    if (rendered.join() !== spec.playing.join() && !(asked && +asked[1] === spec.dealer)) {
      location.replace(path + "?dealer=" + spec.dealer + location.hash);  // the form of that deal
      return false;
    }
    var typed = typedIn(form);  // before this fills anything: what the scorer typed stays
    var count = handCount(st.before, st.before.hands.length) + 1, h1 = document.querySelector("h1");
    var title = fill(editing ? F.edit : F.title, { number: count });
    document.title = title + document.title.slice(h1.textContent.length);
    h1.textContent = title;
    var facts = form.querySelector(".facts"), golden = spec.golden, banner = document.getElementById("golden-hand");
    // a golden hand (5.1) is said above the form, with its declarer and contract; it has no auction
    if (banner) {
      banner.hidden = !golden;
      banner.textContent = golden ? fill(F.golden, {
        hand: golden.hand, hands: golden.hands, name: names[golden.declarer], contract: golden.contract, multiplier: golden.multiplier
      }) : "";
    }
    facts.textContent = fill(spec.sitting_out != null ? F.deals_out : F.deals, { name: names[spec.dealer] });
    if (!golden && b.opener != null) facts.textContent += " " + fill(b.forced ? F.forced : F.bids_first, { name: names[b.opener], bid: b.min_bid });
    if (!golden) (b.silent || []).forEach(function (s) {
      facts.textContent += " " + fill(F.silent, { name: names[s], below: st.before.chips[s].silent_below, bid: b.min_bid });
    });
    if (!typed.dealer) form.querySelector("[name=dealer]").value = String(spec.dealer);
    var legend = form.querySelector("fieldset.declarer legend");  // a golden hand had no auction
    if (legend) legend.textContent = golden ? F.declarer : F.declarer_auction;
    var declarer = golden ? golden.declarer : b.opener;
    if (!typed.declarer) all(form.querySelectorAll("[name=declarer]"), function (r) { r.checked = declarer != null && r.value === String(declarer); });
    // the lowest bid each seat can have won with, for this deal (the form offers it: forms.js)
    all(form.querySelectorAll("[name=declarer]"), function (r) {
      var least = (spec.least_bids || [])[+r.value];
      if (least != null) r.dataset.leastBid = String(least);
      else delete r.dataset.leastBid;
    });
    // a new hand's bid is filled in only in a golden hand (the form kept may be a golden one's),
    // unless the scorer has typed one already
    var bid = form.querySelector("[name=bid]");
    if (!number && bid && !typed.bid) bid.value = golden ? String(golden.contract) : "";
    // the blind toggle where the engine's form has it (none in a golden hand)
    var blind = form.querySelector(".blind-toggle");
    if (blind) {
      blind.hidden = !spec.blind;
      if (!spec.blind) blind.querySelector("input").checked = false;
    }
    if (st.entry) setFields(form, toFields(st.entry.line, spec.dealer), typed);
    if (number) {
      setFields(form, toFields(st.line, spec.dealer), typed);
      var why = form.querySelector(".offline-reason");  // why the change, kept in the trail
      if (why) why.hidden = false;
      var del = make("button", "danger big offline-delete", fill(F.delete, { number: number }));
      del.type = "button";
      del.addEventListener("click", function () { if (!busy) { busy = true; remove(st); } });
      form.appendChild(del);
      if (editing[1] === "delete") del.scrollIntoView({ block: "center" });
    }
    if (kept) setFields(form, kept.fields.filter(function (f) { return ["csrf_token", "version", "token"].indexOf(f[0]) < 0; }), typed);
    if (!online() && !document.querySelector(".offline-note")) {
      form.parentNode.insertBefore(make("p", "flash offline-note", F.offline), form);
    }
    form.dispatchEvent(new Event("filled"));  // forms.js shows the bid and the rest anew
    return true;
  }
  function top(list) { return list.map(function (p) { return { field: "hand", text: p.text }; }); }
  // a form sent that got no answer: the line it posted, on the version it was made on, with
  // its token as the key (the API answers as the form was, had it been stored: no double hand)
  function sentBefore(st) {
    var f = {};
    if (!kept || !kept.line || st.entry) return null;
    kept.fields.forEach(function (p) { f[p[0]] = p[1]; });
    return f.token && f.version ? { line: kept.line, key: f.token, version: quoted(f.version) } : null;
  }
  function save(st) {
    busy = false;
    if (number) return change(st);
    var first = sentBefore(st);
    if (first && first.version !== st.file.version && !queued.length) return keepLine(st, first.line, null, first);
    if (st.before.problems) return problems(form, top(st.before.problems));
    var line = toLine(form, st.before.next_dealer);
    var lines = st.pending.concat([line]);
    var out = st.run(st.base, lines, st.base.hands + lines.length);
    if (out.problems) {
      var at = st.base.hands + lines.length;
      return problems(form, out.problems.filter(function (p) { return p.hand === at; })
        .concat(top(out.problems.filter(function (p) { return p.hand !== at; }))));
    }
    return keepLine(st, first ? first.line : line, out, first);
  }
  // line `number` changed, or deleted: checked with every line after it, then queued
  function change(st, gone) {
    var line = gone ? null : toLine(form, st.before.next_dealer);
    var out = withChange(st.now, st.run, number, line);
    if (out.problems) {
      busy = false;
      return problems(form, out.problems.filter(function (p) { return !gone && p.hand === number; })
        .concat(top(out.problems.filter(function (p) { return gone || p.hand !== number; }))));
    }
    busy = true;
    return queueChange(game, st.file, queued, number, line, form, st.now).then(function () {
      location.href = "/games/" + game;
    });
  }
  function remove(st) { change(st, true); }
  function keepLine(st, line, out, first) {
    busy = true;
    var entry = st.entry || { account: account, game: game };
    entry.line = line;
    entry.key = first ? first.key : newKey();  // a line changed is a new request
    entry.version = st.entry ? st.file.version : queued.length ? queued[queued.length - 1].version : st.file.version;
    if (first) entry.version = first.version;
    entry.base = st.entry ? st.file.hands : queued.length ? queued[0].base : st.file.hands;
    entry.trail = st.entry || !queued.length ? st.file.trail : queued[0].trail;
    entry.hand = out ? handCount(out, out.hands.length) : (st.before.hands ? handCount(st.before, st.before.hands.length) : 0) + 1;
    delete entry.state;
    delete entry.why;
    return put(entry).then(function () {
      try { sessionStorage.removeItem("scorekeeper-post"); } catch (e) {}
      location.href = "/games/" + game + "#unsent";
    });
  }

  // The live preview when the server cannot give one (forms.js asks): what the engine says
  // this hand would score, in the shape of the server's preview (web/hands/posting.would_score).
  form.offlinePreview = function () {
    // a preview is no Save: it must not turn the page's next Save into an offline one
    var was = ready, state = prepare();
    if (!was) ready = null;
    return state.then(function (st) {
      if (st.before.problems) throw new Error("the hands waiting do not fit");
      var line = toLine(form, st.before.next_dealer), out, at;
      if (number) {
        var data = JSON.parse(st.now.text), lines = st.now.lines.slice(0, number - 1).concat([line]);
        data.hands = lines;
        at = number;
        out = st.run({ text: JSON.stringify(data), hands: lines.length }, [], at);
      } else {
        var mine = st.pending.concat([line]);
        at = st.base.hands + mine.length;
        out = st.run(st.base, mine, at);
      }
      if (out.problems) {
        return { ok: false, errors: out.problems.filter(function (p) { return p.hand === at; })
          .map(function (p) { return { field: p.field, seat: p.seat, message: p.text }; }) };
      }
      var h = out.hands[at - 1];
      return { ok: true, scores: h.scores, totals: h.totals, notes: h.notes };
    });
  };

  if (!online() || unsent || fixing || editing) prepare().then(patch).then(function (shown) {
    if (shown && kept) return prepare().then(save);
  }).catch(function () {});
  else outbox(game).then(function (list) { if (list.length) prepare().then(patch).catch(function () {}); });

  form.addEventListener("submit", function (ev) {
    if (ev.defaultPrevented) return;
    var direct = online() && !fixing && !unsent && !editing && !ready;
    if (direct) {
      // sent as the page always did; should it not get through, the worker brings the form
      // back (#unsent) and what was typed is kept on the phone instead
      try {
        var dealer = form.querySelector("[name=dealer]"), rotation = dealer && dealer.options ?
          array(dealer.options).filter(function (o) { return o.defaultSelected; }).map(function (o) { return +o.value; })[0] : null;
        sessionStorage.setItem("scorekeeper-post", JSON.stringify({
          path: path, fields: Array.from(new FormData(form)), line: rotation == null ? null : toLine(form, rotation)
        }));
      } catch (e) {}
      return;
    }
    ev.preventDefault();
    if (busy) return;
    busy = true;
    ready = null;  // the outbox and the file as they are now: a send may have changed them
    prepare().then(save).catch(function () {
      // no engine or no file on this phone: the server decides, or the offline page says so
      busy = false;
      var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
      if (worker && (!online() || fixing || queued.length)) location.href = "/offline";
      else HTMLFormElement.prototype.submit.call(form);
    });
  });
}
