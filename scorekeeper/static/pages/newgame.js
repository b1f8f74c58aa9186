// Thousand Scorekeeper: the new-game form, loaded by its page only; the form works without this
// file. A module: it runs once the page is parsed.

/**
 * New game: placeholders show the chosen variant's values; only its seats are asked for.
 * Every word comes from the page, in the reader's language (web/words.py): data-text-none,
 * -yes, -no, -on, -off, data-text-as-variant ("as the variant: {value}") and data-text-player
 * ("player {number}") on the form, and the words of each select's own choices.
 * @param {HTMLFormElement} form
 */
function newGame(form) {
  /** @type {{[variant: string]: {[option: string]: unknown}}} */
  const presets = JSON.parse(form.dataset.presets || "{}");
  /** @type {{[variant: string]: {[rule: string]: string}}} */
  const allWays = JSON.parse(form.dataset.ways || "{}");
  /** @param {string} key */
  const word = (key) => form.dataset[key] || "";
  /** @param {string} value */
  const asVariant = (value) => word("textAsVariant").replace("{value}", () => value);
  /** @param {unknown} v */
  function shown(v) {
    if (v === null) return word("textNone");
    if (v === true) return word("textYes");
    if (v === false) return word("textNo");
    if (typeof v === "object") return word("textOn");
    return String(v);
  }
  function update() {
    /** @type {HTMLInputElement | null} */
    const checked = form.querySelector("[name=variant]:checked");
    if (!checked) return;
    const values = presets[checked.value];
    for (const input of form.querySelectorAll("input[data-option]")) {
      /** @type {HTMLInputElement} */ (input).placeholder = shown(values[/** @type {string} */ (/** @type {HTMLInputElement} */ (input).dataset.option)]);
    }
    // a house rule's first choice names the way the variant plays it (data-ways: the
    // value of one of the toggle's own choices, whose words are already on the page)
    const ways = allWays[checked.value] || {};
    for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (form.querySelectorAll("select[data-rule]"))) {
      const own = select.querySelector(`option[value='${ways[select.dataset.rule || ""]}']`);
      select.options[0].textContent = asVariant(own ? own.textContent || "" : word("textOff"));
    }
    // a select's first choice says what the variant itself does
    for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (form.querySelectorAll("select[data-option]"))) {
      const v = values[select.dataset.option || ""];
      // the choice's own words when the value is one of them ("standard deck", not "standard")
      /** @type {HTMLOptionElement | null} */
      const same = v === null ? null : select.querySelector(`option[value='${String(v)}']`);
      select.options[0].textContent = asVariant(same && same.value ? same.textContent || "" : v === null ? word("textOff") : shown(v));
    }
    const seats = parseInt(checked.dataset.seats || "", 10);
    // a hidden row is disabled too: its name, if any, is not sent (the server would refuse it)
    for (const row of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".player-row"))) {
      row.hidden = parseInt(row.dataset.seat || "", 10) >= seats;
      for (const input of row.querySelectorAll("input")) input.disabled = row.hidden;
    }
    for (const o of /** @type {NodeListOf<HTMLOptionElement>} */ (form.querySelectorAll("[name=first_dealer] option"))) {
      const seat = parseInt(o.value, 10);
      /** @type {HTMLInputElement | null} */
      const name = form.querySelector(`[name=players-${seat}]`);
      o.hidden = seat >= seats;
      o.textContent = name?.value || word("textPlayer").replace("{number}", String(seat + 1));
    }
  }
  form.addEventListener("change", update);
  form.addEventListener("input", update);
  form.classList.add("seats-by-variant");  // the "(4-player games only)" notes are for no JS
  update();
}

const game = document.getElementById("new-game");
if (game instanceof HTMLFormElement) newGame(game);
