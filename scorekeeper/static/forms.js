// Thousand Scorekeeper: the hand form, loaded by its page only; the form works without this file.
(function () {
  "use strict";

  function handForm(form) {
    var deck = parseInt(form.dataset.deck, 10);
    var allCards = form.dataset.allCards === "true";
    var inputs = Array.prototype.slice.call(form.querySelectorAll(".points-input"));

    // +/- buttons step a bid or contract by the bid step, within the variant's limits.
    form.querySelectorAll(".step").forEach(function (button) {
      button.addEventListener("click", function () {
        var input = form.querySelector("[name=" + button.dataset.for + "]");
        var min = parseInt(input.dataset.min, 10), max = parseInt(input.dataset.max, 10);
        var base = parseInt(input.value, 10);
        if (isNaN(base)) {
          // an empty box counts as what it shows: the lowest bid, or the bid for the contract
          var bid = parseInt((form.querySelector("[name=bid]") || {}).value, 10);
          base = button.dataset.for === "contract" && !isNaN(bid) ? bid : min;
        }
        input.value = Math.min(max, Math.max(min, base + parseInt(button.dataset.step, 10)));
        showBidInContract();
        changed();
      });
    });

    // An empty contract box shows what it counts as: the bid (words would not fit the box).
    var bidBox = form.querySelector("[name=bid]"), contractBox = form.querySelector("[name=contract]");
    function showBidInContract() {
      if (bidBox && contractBox) contractBox.placeholder = bidBox.value || bidBox.placeholder;
    }
    if (bidBox) bidBox.addEventListener("input", showBidInContract);

    // Where all cards are in play, the last player's points are the rest of the deck: a
    // suggestion, never typed for the scorer. Once every other box holds a number, the one
    // empty box shows the rest as its placeholder and its value stays empty, so typing over
    // it, or backspacing a box to empty, is plain typing. An empty suggested box is taken as
    // the rest when the hand is saved (and by the live preview), as "the rest" on paper; a
    // tap into it only opens the keyboard. A box with anything typed in it is never changed.
    inputs.forEach(function (i) { i.dataset.placeholder = i.placeholder; });
    function suggested() {
      var box = null, sum = 0, empty = [];
      inputs.forEach(function (i) {
        i.placeholder = i.dataset.placeholder;
        i.classList.remove("suggested");
        var v = i.value.trim();
        if (v === "") empty.push(i);
        else if (/^-?[0-9]+$/.test(v)) sum += parseInt(v, 10);
        else sum = NaN;
      });
      if (allCards && empty.length === 1 && sum >= 0 && sum <= deck) {
        box = empty[0];
        box.placeholder = String(deck - sum);
        box.classList.add("suggested");
      }
      return box;
    }
    suggested();
    form.addEventListener("input", suggested);
    form.addEventListener("submit", function () {
      var box = suggested();
      if (box) box.value = box.placeholder;
    });
    function posted() {
      var data = new FormData(form), box = suggested();
      if (box) data.set(box.name, box.placeholder);
      return data;
    }

    // The card counter of each points box (closed by default; the box stays a plain input):
    // tap the ranks of a pile as its cards are turned over, at most the deck's 4 of each.
    form.querySelectorAll(".count-toggle").forEach(function (toggle) {
      var panel = document.getElementById(toggle.getAttribute("aria-controls"));
      var box = toggle.parentElement.querySelector(".points-input");
      var undo = panel.querySelector(".undo"), taps = [];
      function sum() { return taps.reduce(function (a, t) { return a + t.value; }, 0); }
      function open(yes) { panel.hidden = !yes; toggle.setAttribute("aria-expanded", String(yes)); }
      function show() {
        panel.querySelector(".sum").textContent = String(sum());
        panel.querySelector(".tapped").textContent = taps.map(function (t) { return t.rank; }).join(" ");
        panel.querySelectorAll(".rank").forEach(function (b) {
          b.disabled = taps.filter(function (t) { return t.button === b; }).length >= 4;
        });
        undo.disabled = taps.length === 0;
      }
      toggle.hidden = false;
      toggle.addEventListener("click", function () { open(panel.hidden); });
      panel.querySelectorAll(".rank").forEach(function (b) {
        b.addEventListener("click", function () {
          taps.push({ button: b, rank: b.dataset.rank, value: parseInt(b.dataset.value, 10) });
          show();
        });
      });
      undo.addEventListener("click", function () { taps.pop(); show(); });
      panel.querySelector(".use").addEventListener("click", function () {
        box.value = String(sum());
        open(false);
        box.dispatchEvent(new Event("input", { bubbles: true }));
        toggle.focus();
      });
    });

    // A trump needed only with a marriage (in-tricks variants) is asked for once one is ticked;
    // it stays while it holds a choice or an error.
    var trump = form.querySelector("fieldset.trump[data-with-marriage]");
    function showTrump() {
      if (!trump) return;
      var needed = form.querySelector("input[name=marriages]:checked") ||
        trump.querySelector("input:checked") || trump.querySelector(".error");
      trump.hidden = !needed;
    }
    form.addEventListener("change", showTrump);
    showTrump();

    // The order marriages were declared in matters when trump doubles: remember the taps.
    var order = form.querySelector("[name=marriage_order]");
    form.querySelectorAll("input[name=marriages]").forEach(function (box) {
      box.addEventListener("change", function () {
        var list = order.value ? order.value.split(",") : [];
        list = list.filter(function (v) { return v !== box.value; });
        if (box.checked) list.push(box.value);
        order.value = list.join(",");
      });
    });

    var giveUp = form.querySelector("[name=give_up]");
    function showGiveUp() { form.classList.toggle("gave-up", !!(giveUp && giveUp.checked)); }
    if (giveUp) giveUp.addEventListener("change", showGiveUp);
    showGiveUp();

    // Live preview: what the hand would score, before saving.
    var preview = document.getElementById("preview");
    var timer = null;
    function changed() { clearTimeout(timer); timer = setTimeout(refresh, 250); }
    // A preview that cannot be made (no connection, a server error, a page instead of JSON)
    // says so in the box, in the page's language (data-text-preview-failed), and keeps the
    // last one out of sight: an old preview must not pass for this hand's.
    function failed() {
      var body = preview.querySelector(".preview-body");
      body.textContent = "";
      var p = document.createElement("p");
      p.className = "error";
      p.textContent = form.dataset.textPreviewFailed || "No preview just now.";
      body.appendChild(p);
    }
    function refresh() {
      fetch(form.dataset.preview, { method: "POST", body: posted(), credentials: "same-origin" })
        .then(function (r) {
          var json = (r.headers.get("Content-Type") || "").indexOf("application/json") === 0;
          if (!r.ok || !json) throw new Error("preview " + r.status);
          return r.json();
        })
        .then(show, function () {
          // no server just now: the engine on the phone (static/offline/), if this page has it
          return form.offlinePreview ? form.offlinePreview().then(show) : failed();
        })
        .catch(failed);
    }
    // A problem of the declarer, the bid, the contract, the give-up or the blind bid is also
    // said at its field, as Save would say it (where the blind toggle or a golden hand's fixed
    // declarer and contract are refused); the card points' problems stay in the preview.
    function fieldOf(name) {
      if (name === "declarer") return form.querySelector("fieldset.declarer");
      var box = form.querySelector("[name=" + name + "]");
      if (!box) return null;
      return name === "bid" || name === "contract" ? box.closest(".row") : box.closest("label");
    }
    var live = ["declarer", "bid", "contract", "give_up", "blind"];
    function atFields(errors) {
      // the hand as it is now replaces what Save said of these fields
      form.querySelectorAll(".error.live").forEach(function (e) { e.remove(); });
      live.forEach(function (name) {
        form.querySelectorAll("[id='" + name + "-error']").forEach(function (e) { e.remove(); });
      });
      errors.forEach(function (e) {
        var at = live.indexOf(e.field) >= 0 && fieldOf(e.field);
        if (!at || at.hidden) return;
        var p = document.createElement("p");
        p.className = "error live";
        p.textContent = e.message;
        at.parentNode.insertBefore(p, at.nextSibling);
      });
    }
    function show(data) {
      var body = preview.querySelector(".preview-body");
      body.textContent = "";
      var list = document.createElement("ul");
      atFields(data.ok ? [] : data.errors);
      if (!data.ok) {
        data.errors.forEach(function (e) {
          var li = document.createElement("li"); li.className = "error"; li.textContent = e.message; list.appendChild(li);
        });
      } else {
        var names = Array.prototype.map.call(form.querySelectorAll(".seat-name"), function (n) { return n.textContent; });
        data.scores.forEach(function (score, seat) {
          var li = document.createElement("li");
          var notes = data.notes.filter(function (n) { return n.seat === seat; }).map(function (n) { return n.text; });
          li.textContent = names[seat] + ": " + (score > 0 ? "+" : "") + score + " → " + data.totals[seat] +
            (notes.length ? " (" + notes.join("; ") + ")" : "");
          list.appendChild(li);
        });
      }
      body.appendChild(list);
    }
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var hand = document.getElementById("hand-form");
    if (hand) handForm(hand);
  });
})();
