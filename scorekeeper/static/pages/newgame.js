// Thousand Scorekeeper: the new-game form, loaded by its page only; the form works without this file.
(function () {
  "use strict";

  // New game: placeholders show the chosen variant's values; only its seats are asked for.
  // Every word comes from the page, in the reader's language (web/words.py): data-text-none,
  // -yes, -no, -on, -off, data-text-as-variant ("as the variant: {value}") and data-text-player
  // ("player {number}") on the form, and the words of each select's own choices.
  function newGame(form) {
    var presets = JSON.parse(form.dataset.presets);
    function word(key) { return form.dataset[key]; }
    function update() {
      var checked = form.querySelector("[name=variant]:checked");
      if (!checked) return;
      var values = presets[checked.value];
      function shown(v) {
        if (v === null) return word("textNone");
        if (v === true) return word("textYes");
        if (v === false) return word("textNo");
        if (typeof v === "object") return word("textOn");
        return String(v);
      }
      form.querySelectorAll("input[data-option]").forEach(function (input) {
        input.placeholder = shown(values[input.dataset.option]);
      });
      // a house rule's first choice names the way the variant plays it (data-ways: the
      // value of one of the toggle's own choices, whose words are already on the page)
      var ways = JSON.parse(form.dataset.ways || "{}")[checked.value] || {};
      form.querySelectorAll("select[data-rule]").forEach(function (select) {
        var own = select.querySelector("option[value='" + ways[select.dataset.rule] + "']");
        var value = own ? own.textContent : word("textOff");
        select.options[0].textContent = word("textAsVariant").replace("{value}", function () { return value; });
      });
      // a select's first choice says what the variant itself does
      form.querySelectorAll("select[data-option]").forEach(function (select) {
        var v = values[select.dataset.option];
        // the choice's own words when the value is one of them ("standard deck", not "standard")
        var same = v === null ? null : select.querySelector("option[value='" + String(v) + "']");
        var value = same && same.value ? same.textContent : v === null ? word("textOff") : shown(v);
        select.options[0].textContent = word("textAsVariant").replace("{value}", function () { return value; });
      });
      var seats = parseInt(checked.dataset.seats, 10);
      // a hidden row is disabled too: its name, if any, is not sent (the server would refuse it)
      form.querySelectorAll(".player-row").forEach(function (row) {
        row.hidden = parseInt(row.dataset.seat, 10) >= seats;
        row.querySelectorAll("input").forEach(function (input) { input.disabled = row.hidden; });
      });
      form.querySelectorAll("[name=first_dealer] option").forEach(function (o) {
        var seat = parseInt(o.value, 10);
        var name = (form.querySelector("[name=players-" + seat + "]") || {}).value;
        o.hidden = seat >= seats;
        o.textContent = name ? name : word("textPlayer").replace("{number}", String(seat + 1));
      });
    }
    form.addEventListener("change", update);
    form.addEventListener("input", update);
    form.classList.add("seats-by-variant");  // the "(4-player games only)" notes are for no JS
    update();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var game = document.getElementById("new-game");
    if (game) newGame(game);
  });
})();
