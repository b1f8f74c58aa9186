// Offline, fields.js: the hand form's fields as a line of the game file and back, and the rules'
// problems at the fields.
// A part of the offline code (docs/table.md): the files of static/offline/, in the order of
// files.json, share one scope; web/engine.py serves them as one script, /engine/offline.js.
// --- the hand form ---------------------------------------------------------------------------
// The form's fields as a line of the game file: HandForm.to_line and line_to_dict of Python.
function toLine(form, rotation) {
  function field(name) { return form.querySelector("[name='" + name + "']"); }
  function int(name) {
    var el = field(name), v = el ? el.value.trim() : "";
    return /^[-+]?[0-9]+$/.test(v) ? parseInt(v, 10) : null;
  }
  function ticked(name) {
    return array(form.querySelectorAll("[name='" + name + "']:checked")).map(function (e) { return e.value; });
  }
  var n = form.querySelectorAll(".seat").length, line = {}, seats = [];
  for (var s = 0; s < n; s++) seats.push(s);
  var playing = seats.filter(function (s) { return !!form.querySelector("[name='points-" + s + "'].points-input"); });
  var dealer = int("dealer"), giveUp = ticked("give_up").length > 0;
  if (dealer !== null && dealer !== rotation) line.dealer = dealer;
  if (field("declarer")) {
    var declarer = ticked("declarer")[0];
    if (declarer != null) line.declarer = parseInt(declarer, 10);
    if (int("bid") !== null) line.bid = int("bid");
    if (int("contract") !== null) line.contract = int("contract");
  }
  if (giveUp) line.give_up = true;
  else {
    line.points = seats.map(function (s) { return playing.indexOf(s) >= 0 ? int("points-" + s) : null; });
    var chosen = ticked("marriages"), order = (field("marriage_order").value || "").split(",");
    var ordered = order.filter(function (m) { return chosen.indexOf(m) >= 0; })
      .concat(chosen.filter(function (m) { return order.indexOf(m) < 0; }));
    var switches = ticked("switches"), marriages = [];
    ordered.forEach(function (m) {
      var found = /^([0-9]+):([a-z]+)$/.exec(m);
      if (!found) return;
      var one = { seat: parseInt(found[1], 10), suit: found[2] };
      if (switches.indexOf(m) >= 0) one.switch = true;
      marriages.push(one);
    });
    if (marriages.length) line.marriages = marriages;
  }
  var trump = ticked("trump")[0];
  if (trump) line.trump = trump;
  var tricks = seats.map(function (s) { return int("tricks-" + s); });
  if (!giveUp && tricks.some(function (t) { return t !== null; })) {
    line.tricks = seats.map(function (s) { return playing.indexOf(s) >= 0 ? tricks[s] || 0 : null; });
  }
  if (field("musik_aces")) {
    var aces = ticked("musik_aces")[0];
    line.musik = { aces: aces ? parseInt(aces, 10) || 0 : 0, marriage: ticked("musik_marriage")[0] || null };
  }
  // a blind bid (5.1), where the toggle shows: the engine's form hides it in a golden hand
  var blind = field("declarer") && field("blind");
  if (blind && blind.checked && !blind.closest("[hidden]")) line.blind = true;
  return line;
}
// ... and back, for a line to change: the fields a form would have posted
function toFields(line, rotation) {
  var f = [["dealer", line.dealer == null ? rotation : line.dealer]], order = [];
  ["declarer", "bid", "contract"].forEach(function (k) { if (line[k] != null) f.push([k, line[k]]); });
  if (line.give_up) f.push(["give_up", "y"]);
  if (line.blind) f.push(["blind", "y"]);
  (line.points || []).forEach(function (p, s) { f.push(["points-" + s, p == null ? "" : p]); });
  (line.tricks || []).forEach(function (t, s) { f.push(["tricks-" + s, t == null ? "" : t]); });
  (line.marriages || []).forEach(function (m) {
    order.push(m.seat + ":" + m.suit);
    f.push(["marriages", m.seat + ":" + m.suit]);
    if (m.switch) f.push(["switches", m.seat + ":" + m.suit]);
  });
  f.push(["marriage_order", order.join(",")]);
  if (line.trump) f.push(["trump", line.trump]);
  if (line.musik) f.push(["musik_aces", line.musik.aces], ["musik_marriage", line.musik.marriage || ""]);
  return f;
}
// the fields the scorer has changed from the page as it came: a line filled in a moment later
// (once the file and the engine are loaded, slow on a cheap phone) leaves what was typed meanwhile
function typedIn(form) {
  var names = {};
  all(form.elements, function (el) {
    var changed = el.type === "radio" || el.type === "checkbox" ? el.checked !== el.defaultChecked
      : el.tagName === "SELECT" ? el.selectedIndex !== Math.max(0, array(el.options).map(function (o) {
        return o.defaultSelected; }).indexOf(true))
      : el.type !== "hidden" && el.value !== el.defaultValue;
    if (changed && el.name) names[el.name] = true;
  });
  // and those touched at all, if only to set them back as they came (forms.js)
  Object.keys(form.touched || {}).forEach(function (name) { names[name] = true; });
  // the marriages' order and switches go with the marriages ticked
  if (names.marriages || names.switches) names.marriages = names.switches = names.marriage_order = true;
  return names;
}
// the form's fields set to these pairs, but for those in `typed` (typedIn, taken before)
function setFields(form, pairs, typed) {
  pairs.forEach(function (pair) {
    if (typed && typed[pair[0]]) return;
    all(form.querySelectorAll("[name='" + pair[0] + "']"), function (el) {
      if (el.type === "radio" || el.type === "checkbox") { if (el.value === String(pair[1])) el.checked = true; }
      else if (el.type !== "hidden" || pair[0] === "marriage_order") el.value = pair[1];
    });
  });
  form.dispatchEvent(new Event("change", { bubbles: true }));
  form.dispatchEvent(new Event("input", { bubbles: true }));
}

// the rules' problems at the fields they name, as the server's page puts them (LineForm.take_problems)
function problems(form, list) {
  all(form.querySelectorAll(".error.offline"), function (e) { e.remove(); });
  var firstShown = null;
  list.forEach(function (p) {
    var el = null, at = null, where = "append", seatBox = p.seat != null && form.querySelector(".seat[data-seat='" + p.seat + "']");
    if ((p.field === "points" || p.field === "tricks") && seatBox) at = seatBox;
    else if (p.field === "points" || p.field === "tricks" || p.field === "marriages") {
      at = form.querySelector(".seat").parentNode.querySelector("legend");
      where = "after";
    } else if (p.field === "declarer" || p.field === "trump") at = form.querySelector("fieldset." + p.field);
    else if (p.field === "bid" || p.field === "contract" || p.field === "give_up" || p.field === "blind") {
      at = form.querySelector("[name='" + p.field + "']");
      at = at && (p.field === "bid" || p.field === "contract" ? at.closest(".amounts") : at.closest("label"));
      where = "after";
    } else if (p.field === "dealer") { at = form.querySelector("details.more"); if (at) at.open = true; }
    if (!at) { at = form.querySelector(".facts"); where = "before"; }
    el = make(where === "append" ? "span" : "p", "error offline", p.text);
    if (where !== "append") el.setAttribute("role", "alert");
    if (where === "append") at.appendChild(el);
    else at.parentNode.insertBefore(el, where === "after" ? at.nextSibling : at);
    firstShown = firstShown || el;
  });
  if (firstShown) firstShown.scrollIntoView({ block: "center" });
}
