// Offline, the hand form's fields: as a line of the game file and back (HandForm.to_line and
// line_to_dict of Python), what the scorer typed, and the rules' problems at the fields.
import { make } from "./base.js";

/** @typedef {import("./base.js").Line} Line */
/** @typedef {import("./handform.js").HandFormElement} HandFormElement */
/** @typedef {{field: string, seat?: number | null, text: string}} FieldProblem */

/**
 * The form's fields as a line of the game file; `rotation`: the dealer the file would name
 * without the line saying it.
 * @param {HTMLFormElement} form
 * @param {number} rotation
 * @returns {Line}
 */
export function toLine(form, rotation) {
  /** @param {string} name */
  const field = (name) => /** @type {HTMLInputElement | null} */ (form.querySelector(`[name='${name}']`));
  /** @param {string} name */
  const int = (name) => {
    const v = field(name)?.value.trim() ?? "";
    return /^[-+]?[0-9]+$/.test(v) ? parseInt(v, 10) : null;
  };
  /** @param {string} name */
  const ticked = (name) => Array.from(form.querySelectorAll(`[name='${name}']:checked`), (e) => /** @type {HTMLInputElement} */ (e).value);
  const seats = Array.from(form.querySelectorAll(".seat"), (_, s) => s);
  const playing = seats.filter((s) => !!form.querySelector(`[name='points-${s}'].points-input`));
  const dealer = int("dealer"), giveUp = ticked("give_up").length > 0;
  /** @type {Line} */
  const line = {};
  if (dealer !== null && dealer !== rotation) line.dealer = dealer;
  if (field("declarer")) {
    const declarer = ticked("declarer")[0], bid = int("bid"), contract = int("contract");
    if (declarer != null) line.declarer = parseInt(declarer, 10);
    if (bid !== null) line.bid = bid;
    if (contract !== null) line.contract = contract;
  }
  if (giveUp) line.give_up = true;
  else {
    line.points = seats.map((s) => (playing.includes(s) ? int(`points-${s}`) : null));
    const chosen = ticked("marriages"), order = (field("marriage_order")?.value || "").split(",");
    const ordered = order.filter((m) => chosen.includes(m)).concat(chosen.filter((m) => !order.includes(m)));
    const switches = ticked("switches"), marriages = [];
    for (const m of ordered) {
      const found = /^([0-9]+):([a-z]+)$/.exec(m);
      if (!found) continue;
      marriages.push({ seat: parseInt(found[1], 10), suit: found[2], ...(switches.includes(m) && { switch: true }) });
    }
    if (marriages.length) line.marriages = marriages;
  }
  const trump = ticked("trump")[0];
  if (trump) line.trump = trump;
  const tricks = seats.map((s) => int(`tricks-${s}`));
  if (!giveUp && tricks.some((t) => t !== null)) {
    line.tricks = seats.map((s) => (playing.includes(s) ? tricks[s] || 0 : null));
  }
  if (field("musik_aces")) {
    const aces = ticked("musik_aces")[0];
    line.musik = { aces: aces ? parseInt(aces, 10) || 0 : 0, marriage: ticked("musik_marriage")[0] || null };
  }
  // a blind bid (5.1), where the toggle shows: the engine's form hides it in a golden hand
  const blind = field("declarer") && field("blind");
  if (blind && blind.checked && !blind.closest("[hidden]")) line.blind = true;
  return line;
}

/**
 * ... and back, for a line to change: the fields a form would have posted.
 * @param {Line} line
 * @param {number} rotation
 * @returns {[string, unknown][]}
 */
export function toFields(line, rotation) {
  /** @type {[string, unknown][]} */
  const f = [["dealer", line.dealer ?? rotation]];
  const order = [];
  for (const k of /** @type {const} */ (["declarer", "bid", "contract"])) if (line[k] != null) f.push([k, line[k]]);
  if (line.give_up) f.push(["give_up", "y"]);
  if (line.blind) f.push(["blind", "y"]);
  (line.points || []).forEach((p, s) => f.push([`points-${s}`, p ?? ""]));
  (line.tricks || []).forEach((t, s) => f.push([`tricks-${s}`, t ?? ""]));
  for (const m of line.marriages || []) {
    order.push(`${m.seat}:${m.suit}`);
    f.push(["marriages", `${m.seat}:${m.suit}`]);
    if (m.switch) f.push(["switches", `${m.seat}:${m.suit}`]);
  }
  f.push(["marriage_order", order.join(",")]);
  if (line.trump) f.push(["trump", line.trump]);
  if (line.musik) f.push(["musik_aces", line.musik.aces], ["musik_marriage", line.musik.marriage || ""]);
  return f;
}

/**
 * The fields the scorer has changed from the page as it came: a line filled in a moment later
 * (once the file and the engine are loaded, slow on a cheap phone) leaves what was typed
 * meanwhile.
 * @param {HTMLFormElement} form
 * @returns {{[name: string]: boolean}}
 */
export function typedIn(form) {
  /** @type {{[name: string]: boolean}} */
  const names = {};
  for (const el of /** @type {HTMLInputElement[]} */ (Array.from(form.elements))) {
    const changed = el.type === "radio" || el.type === "checkbox" ? el.checked !== el.defaultChecked
      : el instanceof HTMLSelectElement ? el.selectedIndex !== Math.max(0, Array.from(el.options).findIndex((o) => o.defaultSelected))
        : el.type !== "hidden" && el.value !== el.defaultValue;
    if (changed && el.name) names[el.name] = true;
  }
  // and those touched at all, if only to set them back as they came (pages/forms.js)
  for (const name of Object.keys(/** @type {HandFormElement} */ (form).touched || {})) names[name] = true;
  // the marriages' order and switches go with the marriages ticked
  if (names.marriages || names.switches) names.marriages = names.switches = names.marriage_order = true;
  return names;
}

/**
 * The form's fields set to these pairs, but for those in `typed` (typedIn, taken before).
 * @param {HTMLFormElement} form
 * @param {[string, unknown][]} pairs
 * @param {{[name: string]: boolean}} [typed]
 */
export function setFields(form, pairs, typed) {
  for (const [name, value] of pairs) {
    if (typed?.[name]) continue;
    for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll(`[name='${name}']`))) {
      if (el.type === "radio" || el.type === "checkbox") {
        if (el.value === String(value)) el.checked = true;
      } else if (el.type !== "hidden" || name === "marriage_order") el.value = String(value);
    }
  }
  form.dispatchEvent(new Event("change", { bubbles: true }));
  form.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * The rules' problems at the fields they name, as the server's page puts them
 * (LineForm.take_problems).
 * @param {HTMLFormElement} form
 * @param {FieldProblem[]} list
 */
export function problems(form, list) {
  for (const e of form.querySelectorAll(".error.offline")) e.remove();
  /** @type {HTMLElement | null} */
  let firstShown = null;
  for (const p of list) {
    const seatBox = p.seat != null && form.querySelector(`.seat[data-seat='${p.seat}']`);
    /** @type {Element | null} */
    let at = null;
    let where = "append";
    if ((p.field === "points" || p.field === "tricks") && seatBox) at = seatBox;
    else if (p.field === "points" || p.field === "tricks" || p.field === "marriages") {
      at = form.querySelector(".seat")?.parentElement?.querySelector("legend") ?? null;
      where = "after";
    } else if (p.field === "declarer" || p.field === "trump") at = form.querySelector(`fieldset.${p.field}`);
    else if (["bid", "contract", "give_up", "blind"].includes(p.field)) {
      at = form.querySelector(`[name='${p.field}']`);
      at = at && (p.field === "bid" || p.field === "contract" ? at.closest(".amounts") : at.closest("label"));
      where = "after";
    } else if (p.field === "dealer") {
      at = form.querySelector("details.more");
      if (at) /** @type {HTMLDetailsElement} */ (at).open = true;
    }
    if (!at) {
      at = /** @type {Element} */ (form.querySelector(".facts"));
      where = "before";
    }
    const el = make(where === "append" ? "span" : "p", "error offline", p.text);
    if (where === "append") at.append(el);
    else {
      el.setAttribute("role", "alert");
      if (where === "after") at.after(el);
      else at.before(el);
    }
    firstShown ||= el;
  }
  firstShown?.scrollIntoView({ block: "center" });
}
