// Thousand Scorekeeper: the hand form, loaded by its page only; the form works without this file.
// A module: it runs once the page is parsed, before the offline code (pages/app.js).

/** @typedef {import("../offline/handform.js").Preview} Preview */
/** @typedef {import("../offline/handform.js").HandFormElement} HandFormElement */

/**
 * An element of the page that is there (the template writes it).
 * @template {Element} T
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {T}
 */
const one = (root, selector) => /** @type {T} */ (root.querySelector(selector));

/**
 * Every element of the page that matches.
 * @template {Element} T
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {T[]}
 */
const every = (root, selector) => /** @type {T[]} */ (Array.from(root.querySelectorAll(selector)));

/** @param {HandFormElement} form */
function handForm(form) {
  // The fields the scorer has touched, from the first tap: the offline code fills the form in
  // a moment later and leaves these as they are (static/offline/fields.js, typedIn), even one
  // set back to what the page came with (the declarer it ticked, tapped before the engine
  // moved the tick to its own opener)
  /** @type {{[name: string]: boolean}} */
  const touchedNames = {};
  form.touched = touchedNames;
  /** @param {Event} ev */
  const touched = (ev) => {
    const name = /** @type {HTMLInputElement} */ (ev.target).name;
    if (ev.isTrusted && name) touchedNames[name] = true;
  };
  form.addEventListener("input", touched, true);
  form.addEventListener("change", touched, true);
  form.addEventListener("click", touched, true);  // a tick tapped where it already was
  const deck = parseInt(form.dataset.deck || "", 10);
  const allCards = form.dataset.allCards === "true";
  /** @type {HTMLInputElement[]} */
  const inputs = every(form, ".points-input");

  // The bid and the contract: chips of the usual amounts beside each box, one tap setting it
  // (the bid's from the lowest the declarer can have won with, the contract's from the bid,
  // by the variant's step). An empty box counts as what it shows: the bid as that lowest bid
  // (data-least-bid, the rules' answer: with a forced opening, a step above the opener's),
  // the contract as the bid. A shown bid other than the box's own default is a suggestion,
  // taken by Save and the preview like the remainder below; typing replaces it.
  /** @type {HTMLInputElement | null} */
  const bidBox = form.querySelector("[name=bid]");
  /** @type {HTMLInputElement | null} */
  const contractBox = form.querySelector("[name=contract]");
  const CHIPS = 5;
  /** @param {HTMLInputElement | null} box */
  function int(box) {
    const v = box ? box.value.trim() : "";
    return /^[0-9]+$/.test(v) ? parseInt(v, 10) : null;
  }
  /** @param {HTMLInputElement} bids */
  function leastBid(bids) {
    /** @type {HTMLInputElement | null} */
    const d = form.querySelector("[name=declarer]:checked");
    return parseInt(d?.dataset.leastBid || bids.dataset.min || "", 10);
  }
  // the bid Save takes from an empty box, where the server's default (the lowest bid) is not it
  function suggestedBid() {
    if (!bidBox || bidBox.value.trim() !== "") return null;
    const least = leastBid(bidBox);
    return least !== parseInt(bidBox.dataset.min || "", 10) ? least : null;
  }
  function amounts() {
    if (!bidBox) return;
    const least = leastBid(bidBox), bid = int(bidBox);
    bidBox.placeholder = String(least);
    bidBox.classList.toggle("suggested", suggestedBid() !== null);
    const shownBid = bid === null ? least : bid;
    if (contractBox) contractBox.placeholder = String(shownBid);
    for (const group of every(form, ".amount-chips")) {
      const box = /** @type {HTMLInputElement} */ (/** @type {HTMLElement} */ (group).dataset.for === "bid" ? bidBox : contractBox);
      const from = box === bidBox ? least : Math.max(shownBid, parseInt(box.dataset.min || "", 10));
      const step = parseInt(box.dataset.step || "", 10), most = parseInt(box.dataset.max || "", 10);
      const typed = int(box), now = typed === null ? (box === bidBox ? least : shownBid) : typed;
      /** @type {HTMLButtonElement[]} */ (Array.from(group.children)).forEach((chip, k) => {
        const value = from + k * step;
        chip.hidden = value > most;
        chip.textContent = String(value);
        chip.value = String(value);
        chip.setAttribute("aria-pressed", String(value === now));
      });
    }
  }
  for (const group of /** @type {HTMLElement[]} */ (every(form, ".amount-chips"))) {
    const box = one(form, `[name=${group.dataset.for}]`);
    for (let k = 0; k < CHIPS; k++) {
      const chip = document.createElement("button");
      chip.type = "button";
      chip.className = "chip-button";
      chip.addEventListener("click", () => {
        /** @type {HTMLInputElement} */ (box).value = chip.value;
        box.dispatchEvent(new Event("input", { bubbles: true }));
      });
      group.append(chip);
    }
    group.hidden = false;
  }
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
  for (const i of inputs) i.dataset.placeholder = i.placeholder;
  function suggested() {
    /** @type {HTMLInputElement[]} */
    const empty = [];
    let sum = 0;
    for (const i of inputs) {
      i.placeholder = i.dataset.placeholder || "";
      i.classList.remove("suggested");
      const v = i.value.trim();
      if (v === "") empty.push(i);
      else if (/^-?[0-9]+$/.test(v)) sum += parseInt(v, 10);
      else sum = NaN;
    }
    if (!(allCards && empty.length === 1 && sum >= 0 && sum <= deck)) return null;
    const box = empty[0];
    box.placeholder = String(deck - sum);
    box.classList.add("suggested");
    return box;
  }
  suggested();
  form.addEventListener("input", suggested);
  form.addEventListener("submit", () => {
    const box = suggested(), bid = suggestedBid();
    if (box) box.value = box.placeholder;
    if (bidBox && bid !== null) bidBox.value = String(bid);
  });
  function posted() {
    const data = new FormData(form), box = suggested(), bid = suggestedBid();
    if (box) data.set(box.name, box.placeholder);
    if (bid !== null) data.set("bid", String(bid));
    return data;
  }

  // Points typed as on paper: a number that cannot take another digit (35: 350 is more than
  // the deck) moves on to the next empty box, and so does Enter (a phone's Next); with no box
  // left empty, Enter saves. Only typing moves on: a paste, a deletion or the counter's sum
  // stay where they are.
  /** @param {HTMLInputElement} from */
  function nextEmpty(from) {
    const i = inputs.indexOf(from);
    for (let k = 1; k < inputs.length; k++) {
      const box = inputs[(i + k) % inputs.length];
      if (box.value.trim() === "") return box;
    }
    return null;
  }
  for (const box of inputs) {
    box.addEventListener("input", (ev) => {
      const v = box.value.trim();
      if (/** @type {InputEvent} */ (ev).inputType !== "insertText" || !/^[0-9]+$/.test(v)) return;
      if (v !== "0" && parseInt(v, 10) * 10 <= deck) return;  // 12 may yet be 120
      nextEmpty(box)?.focus();
    });
    box.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter") return;
      const next = nextEmpty(box);
      if (next) {
        ev.preventDefault();
        next.focus();
      }
    });
    box.addEventListener("focus", () => {
      box.enterKeyHint = nextEmpty(box) ? "next" : "go";
    });
  }

  // Save in reach with the keyboard up: where the keyboard covers the page instead of
  // shrinking it (iOS), the bar is lifted by what the keyboard covers
  /** @type {HTMLElement | null} */
  const bar = form.querySelector(".form-bar");
  const vv = window.visualViewport;
  if (bar && vv) {
    const lift = () => {
      const typing = document.activeElement?.tagName === "INPUT";
      const covered = Math.round(window.innerHeight - vv.height - vv.offsetTop);
      bar.style.bottom = typing && covered > 0 ? `${covered}px` : "";
    };
    vv.addEventListener("resize", lift);
    vv.addEventListener("scroll", lift);
  }

  // The card counter of each points box (closed by default; the box stays a plain input):
  // tap the ranks of a pile as its cards are turned over, at most the deck's 4 of each.
  for (const toggle of /** @type {HTMLButtonElement[]} */ (every(form, ".count-toggle"))) {
    const panel = /** @type {HTMLElement} */ (document.getElementById(toggle.getAttribute("aria-controls") || ""));
    /** @type {HTMLInputElement} */
    const box = one(/** @type {HTMLElement} */ (toggle.parentElement), ".points-input");
    /** @type {HTMLButtonElement} */
    const undo = one(panel, ".undo");
    /** @type {HTMLButtonElement[]} */
    const ranks = every(panel, ".rank");
    /** @type {{button: HTMLButtonElement, rank: string, value: number}[]} */
    const taps = [];
    const sum = () => taps.reduce((a, t) => a + t.value, 0);
    /** @param {boolean} yes */
    const open = (yes) => {
      panel.hidden = !yes;
      toggle.setAttribute("aria-expanded", String(yes));
    };
    const show = () => {
      one(panel, ".sum").textContent = String(sum());
      one(panel, ".tapped").textContent = taps.map((t) => t.rank).join(" ");
      for (const b of ranks) b.disabled = taps.filter((t) => t.button === b).length >= 4;
      undo.disabled = taps.length === 0;
    };
    toggle.hidden = false;
    toggle.addEventListener("click", () => open(panel.hidden));
    for (const b of ranks) {
      b.addEventListener("click", () => {
        taps.push({ button: b, rank: b.dataset.rank || "", value: parseInt(b.dataset.value || "", 10) });
        show();
      });
    }
    undo.addEventListener("click", () => {
      taps.pop();
      show();
    });
    one(panel, ".use").addEventListener("click", () => {
      box.value = String(sum());
      open(false);
      box.dispatchEvent(new Event("input", { bubbles: true }));
      toggle.focus();
    });
  }

  // A trump needed only with a marriage (in-tricks variants) is asked for once one is ticked;
  // it stays while it holds a choice or an error.
  /** @type {HTMLElement | null} */
  const trump = form.querySelector("fieldset.trump[data-with-marriage]");
  function showTrump() {
    if (!trump) return;
    trump.hidden = !(form.querySelector("input[name=marriages]:checked") ||
      trump.querySelector("input:checked") || trump.querySelector(".error"));
  }
  form.addEventListener("change", showTrump);
  showTrump();

  // The order marriages were declared in matters when trump doubles: remember the taps.
  /** @type {HTMLInputElement} */
  const order = one(form, "[name=marriage_order]");
  for (const box of /** @type {HTMLInputElement[]} */ (every(form, "input[name=marriages]"))) {
    box.addEventListener("change", () => {
      const list = (order.value ? order.value.split(",") : []).filter((v) => v !== box.value);
      if (box.checked) list.push(box.value);
      order.value = list.join(",");
    });
  }

  /** @type {HTMLInputElement | null} */
  const giveUp = form.querySelector("[name=give_up]");
  const showGiveUp = () => form.classList.toggle("gave-up", !!giveUp?.checked);
  giveUp?.addEventListener("change", showGiveUp);
  showGiveUp();

  // Live preview: what the hand would score, before saving.
  /** @type {HTMLElement} */
  const body = one(document, "#preview .preview-body");
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  function changed() {
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  }
  // A preview that cannot be made (no connection, a server error, a page instead of JSON)
  // says so in the box, in the page's language (data-text-preview-failed), and keeps the
  // last one out of sight: an old preview must not pass for this hand's.
  function failed() {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = form.dataset.textPreviewFailed || "No preview just now.";
    body.replaceChildren(p);
  }
  async function refresh() {
    /** @type {Preview} */
    let data;
    try {
      const r = await fetch(form.dataset.preview || "", { method: "POST", body: posted(), credentials: "same-origin" });
      if (!r.ok || !(r.headers.get("Content-Type") || "").startsWith("application/json")) throw new Error(`preview ${r.status}`);
      data = await r.json();
    } catch {
      // no server just now: the engine on the phone (static/offline/), if this page has it
      try {
        if (!form.offlinePreview) return failed();
        data = await form.offlinePreview();
      } catch {
        return failed();
      }
    }
    try {
      show(data);
    } catch {
      failed();
    }
  }
  // A problem of the declarer, the bid, the contract, the give-up or the blind bid is also
  // said at its field, as Save would say it (where the blind toggle or a golden hand's fixed
  // declarer and contract are refused); the card points' problems stay in the preview.
  /** @param {string} name */
  function fieldOf(name) {
    if (name === "declarer") return form.querySelector("fieldset.declarer");
    const box = form.querySelector(`[name=${name}]`);
    if (!box) return null;
    return name === "bid" || name === "contract" ? box.closest(".amounts") : box.closest("label");
  }
  const live = ["declarer", "bid", "contract", "give_up", "blind"];
  /** @param {{field: string, message: string}[]} errors */
  function atFields(errors) {
    // the hand as it is now replaces what Save said of these fields
    for (const e of form.querySelectorAll(".error.live")) e.remove();
    for (const name of live) for (const e of form.querySelectorAll(`[id='${name}-error']`)) e.remove();
    for (const e of errors) {
      const at = live.includes(e.field) && /** @type {HTMLElement | null} */ (fieldOf(e.field));
      if (!at || at.hidden) continue;
      const p = document.createElement("p");
      p.className = "error live";
      p.textContent = e.message;
      at.after(p);
    }
  }
  /** @param {Preview} data */
  function show(data) {
    const list = document.createElement("ul");
    /** @param {string} text @param {string} [cls] */
    const item = (text, cls) => {
      const li = document.createElement("li");
      if (cls) li.className = cls;
      li.textContent = text;
      list.append(li);
    };
    body.textContent = "";
    atFields(data.ok ? [] : data.errors || []);
    if (!data.ok) for (const e of data.errors || []) item(e.message, "error");
    else {
      const names = Array.from(form.querySelectorAll(".seat-name"), (n) => n.textContent);
      const notes = data.notes || [], totals = data.totals || [];
      (data.scores || []).forEach((score, seat) => {
        const own = notes.filter((n) => n.seat === seat).map((n) => n.text);
        item(`${names[seat]}: ${score > 0 ? "+" : ""}${score} → ${totals[seat]}${own.length ? ` (${own.join("; ")})` : ""}`);
      });
    }
    body.append(list);
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
}

const hand = document.getElementById("hand-form");
if (hand instanceof HTMLFormElement) handForm(hand);
