// Thousand Scorekeeper: the hand form, loaded by its page only; the form works without this file.
(function () {
  "use strict";

  function handForm(form) {
    // The fields the scorer has touched, from the first tap: the offline code fills the form in
    // a moment later and leaves these as they are (static/offline/fields.js, typedIn), even one
    // set back to what the page came with (the declarer it ticked, tapped before the engine
    // moved the tick to its own opener)
    form.touched = {};
    function touched(ev) { if (ev.isTrusted && ev.target.name) form.touched[ev.target.name] = true; }
    form.addEventListener("input", touched, true);
    form.addEventListener("change", touched, true);
    form.addEventListener("click", touched, true);  // a tick tapped where it already was
    var deck = parseInt(form.dataset.deck, 10);
    var allCards = form.dataset.allCards === "true";
    var inputs = Array.prototype.slice.call(form.querySelectorAll(".points-input"));

    // The bid and the contract: chips of the usual amounts beside each box, one tap setting it
    // (the bid's from the lowest the declarer can have won with, the contract's from the bid,
    // by the variant's step). An empty box counts as what it shows: the bid as that lowest bid
    // (data-least-bid, the rules' answer: with a forced opening, a step above the opener's),
    // the contract as the bid. A shown bid other than the box's own default is a suggestion,
    // taken by Save and the preview like the remainder below; typing replaces it.
    var bidBox = form.querySelector("[name=bid]"), contractBox = form.querySelector("[name=contract]");
    var CHIPS = 5;
    function int(box) { var v = box ? box.value.trim() : ""; return /^[0-9]+$/.test(v) ? parseInt(v, 10) : null; }
    function leastBid() {
      var d = form.querySelector("[name=declarer]:checked");
      return parseInt((d && d.dataset.leastBid) || bidBox.dataset.min, 10);
    }
    // the bid Save takes from an empty box, where the server's default (the lowest bid) is not it
    function suggestedBid() {
      if (!bidBox || bidBox.value.trim() !== "") return null;
      var least = leastBid();
      return least !== parseInt(bidBox.dataset.min, 10) ? least : null;
    }
    function amounts() {
      if (!bidBox) return;
      var least = leastBid(), bid = int(bidBox);
      bidBox.placeholder = String(least);
      bidBox.classList.toggle("suggested", suggestedBid() !== null);
      var shownBid = bid === null ? least : bid;
      if (contractBox) contractBox.placeholder = String(shownBid);
      form.querySelectorAll(".amount-chips").forEach(function (group) {
        var box = group.dataset.for === "bid" ? bidBox : contractBox;
        var from = box === bidBox ? least : Math.max(shownBid, parseInt(box.dataset.min, 10));
        var step = parseInt(box.dataset.step, 10), most = parseInt(box.dataset.max, 10);
        var now = int(box) === null ? (box === bidBox ? least : shownBid) : int(box);
        Array.prototype.forEach.call(group.children, function (chip, k) {
          var value = from + k * step;
          chip.hidden = value > most;
          chip.textContent = String(value);
          chip.value = String(value);
          chip.setAttribute("aria-pressed", String(value === now));
        });
      });
    }
    form.querySelectorAll(".amount-chips").forEach(function (group) {
      var box = form.querySelector("[name=" + group.dataset.for + "]");
      for (var k = 0; k < CHIPS; k++) {
        var chip = document.createElement("button");
        chip.type = "button";
        chip.className = "chip-button";
        chip.addEventListener("click", function (ev) {
          box.value = ev.currentTarget.value;
          box.dispatchEvent(new Event("input", { bubbles: true }));
        });
        group.appendChild(chip);
      }
      group.hidden = false;
    });
    form.addEventListener("input", amounts);
    form.addEventListener("change", amounts);
    form.addEventListener("filled", amounts);  // the offline code filled the form in (static/offline/)
    amounts();

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
      var box = suggested(), bid = suggestedBid();
      if (box) box.value = box.placeholder;
      if (bid !== null) bidBox.value = String(bid);
    });
    function posted() {
      var data = new FormData(form), box = suggested(), bid = suggestedBid();
      if (box) data.set(box.name, box.placeholder);
      if (bid !== null) data.set("bid", String(bid));
      return data;
    }

    // Points typed as on paper: a number that cannot take another digit (35: 350 is more than
    // the deck) moves on to the next empty box, and so does Enter (a phone's Next); with no box
    // left empty, Enter saves. Only typing moves on: a paste, a deletion or the counter's sum
    // stay where they are.
    function nextEmpty(from) {
      var i = inputs.indexOf(from);
      for (var k = 1; k < inputs.length; k++) {
        var box = inputs[(i + k) % inputs.length];
        if (box.value.trim() === "") return box;
      }
      return null;
    }
    inputs.forEach(function (box) {
      box.addEventListener("input", function (ev) {
        var v = box.value.trim();
        if (ev.inputType !== "insertText" || !/^[0-9]+$/.test(v)) return;
        if (v !== "0" && parseInt(v, 10) * 10 <= deck) return;  // 12 may yet be 120
        var next = nextEmpty(box);
        if (next) next.focus();
      });
      box.addEventListener("keydown", function (ev) {
        if (ev.key !== "Enter") return;
        var next = nextEmpty(box);
        if (next) { ev.preventDefault(); next.focus(); }
      });
      box.addEventListener("focus", function () { box.enterKeyHint = nextEmpty(box) ? "next" : "go"; });
    });

    // Save in reach with the keyboard up: where the keyboard covers the page instead of
    // shrinking it (iOS), the bar is lifted by what the keyboard covers
    var bar = form.querySelector(".form-bar"), vv = window.visualViewport;
    if (bar && vv) {
      var lift = function () {
        var typing = document.activeElement && document.activeElement.tagName === "INPUT";
        var covered = Math.round(window.innerHeight - vv.height - vv.offsetTop);
        bar.style.bottom = typing && covered > 0 ? covered + "px" : "";
      };
      vv.addEventListener("resize", lift);
      vv.addEventListener("scroll", lift);
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
      return name === "bid" || name === "contract" ? box.closest(".amounts") : box.closest("label");
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
