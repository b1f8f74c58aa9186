// Offline, an adjustment: with no connection, or with lines of this game waiting, queued like a
// hand; #edit-N and #delete-N (the worker's, for a line's forms not kept): that adjustment
// changed or deleted, checked with every line after it, then queued as a PUT or DELETE of line N.
import { account, fill, make, newKey, online, outbox, put, words } from "./base.js";
import { applied, edits, handCount, loadEngine, loadFile, queueChange, withChange } from "./files.js";
import { typedIn } from "./fields.js";

/** @typedef {import("./base.js").Line} Line */
/** @typedef {import("./base.js").Entry} Entry */
/** @typedef {import("./files.js").Output} Output */
/** @typedef {{list: Entry[], file: import("./files.js").GameText, run: import("./files.js").Run, now: import("./files.js").Applied, line: Line}} Editing */

/** @param {HTMLFormElement} form the page's #adjust-form */
export function adjustForm(form) {
  const game = parseInt(form.dataset.game || "", 10), F = words(form);
  const editing = /^#(edit|delete)-([0-9]+)$/.exec(location.hash), number = editing ? +editing[2] : 0;
  let busy = false, waiting = false;
  /** @type {Promise<Editing | null>} */
  const state = outbox(game).then(async (list) => {
    waiting = list.length > 0;
    if (!number) return null;
    const [file, run] = await Promise.all([loadFile(game), loadEngine()]);
    const now = applied(file, list);
    return { list, file, run, now, line: now.lines[number - 1] };
  });
  const boxes = () => /** @type {HTMLInputElement[]} */ (Array.from(form.querySelectorAll("[name^='values-']")));
  const reasonBox = /** @type {HTMLInputElement} */ (form.querySelector("[name=reason]"));
  /** @param {HTMLInputElement} el @param {number} seat */
  function value(el, seat) {
    const n = /^[-+]?[0-9]+$/.test(el.value.trim()) ? parseInt(el.value, 10) : 0;
    const minus = form.querySelector(`[name=minus][value='${seat}']`);
    return minus instanceof HTMLInputElement && minus.checked ? -Math.abs(n) : n;  // the seat's "−" toggle (web/forms.py)
  }
  /** @returns {Line} */
  function entered() {
    return { adjustment: boxes().map(value), reason: reasonBox.value.trim() };
  }
  /** @param {Output} out */
  function refused(out) {
    busy = false;
    const p = make("p", "error offline", (out.problems || []).map((x) => x.text).join("; "));
    p.setAttribute("role", "alert");
    form.prepend(p);
  }
  function clear() {
    for (const e of form.querySelectorAll(".error.offline")) e.remove();
  }
  if (number) {
    state.then((st) => {
      if (!st || !st.line || !st.line.adjustment) return location.replace(`/games/${game}`);
      const h1 = document.querySelector("h1"), adjustment = st.line.adjustment;
      if (h1) {
        h1.textContent = `${F.edit_adjustment} `;
        h1.append(make("small", null, fill(F.line, { number })));
      }
      const typed = typedIn(form);  // what the scorer typed while the line loaded stays
      boxes().forEach((el, seat) => {
        if (!typed[el.name]) el.value = adjustment[seat] ? String(adjustment[seat]) : "";
      });
      if (!typed.reason) reasonBox.value = st.line.reason || "";
      const why = /** @type {HTMLElement | null} */ (form.querySelector(".offline-reason"));
      if (why) why.hidden = false;
      const del = make("button", "danger big offline-delete", fill(F.delete, { number }));
      del.type = "button";
      del.addEventListener("click", () => {
        if (busy) return;
        busy = true;
        change(st, true);
      });
      form.append(del);
      if (editing?.[1] === "delete") del.scrollIntoView({ block: "center" });
    });
  }
  /**
   * Line `number` changed, or deleted: checked with every line after it, then queued.
   * @param {Editing} st
   * @param {boolean} gone
   */
  async function change(st, gone) {
    clear();
    const line = gone ? null : entered(), out = withChange(st.now, st.run, number, line);
    if (out.problems) return refused(out);
    await queueChange(game, st.file, st.list, number, line, form, st.now);
    location.href = `/games/${game}`;
  }
  /** A new adjustment after the lines waiting, checked and queued. */
  async function queue() {
    const list = await outbox(game);
    const [file, run] = await Promise.all([loadFile(game), loadEngine()]);
    const base = edits(list) ? applied(file, list) : file;
    const lines = (base === file ? list.map((e) => /** @type {Line} */ (e.line)) : []).concat([entered()]);
    const out = run(base, lines, base.hands + lines.length), last = list.at(-1);
    if (out.problems) return refused(out);
    await put({
      account, game, line: lines[lines.length - 1], key: newKey(),
      version: last ? last.version : file.version, base: last ? list[0].base : file.hands,
      trail: last ? last.trail : file.trail, hand: handCount(out, out.hands.length),
    });
    location.href = `/games/${game}#unsent`;
  }
  form.addEventListener("submit", (ev) => {
    // online with nothing waiting, a new adjustment is sent as always; a change made here is not
    // the new adjustment the form posts, so it is always queued (and sent at once when it can)
    if (ev.defaultPrevented || (online() && !waiting && !number)) return;
    ev.preventDefault();
    if (busy) return;
    busy = true;
    clear();
    if (number) {
      state.then((st) => {
        if (st && st.line) change(st, false);
        else busy = false;
      });
      return;
    }
    queue().catch(() => {
      busy = false;
      if (online()) HTMLFormElement.prototype.submit.call(form);
      else location.href = "/offline";
    });
  });
}
