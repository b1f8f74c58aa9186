// Offline, the line forms with no connection: the hand form checked and scored by the engine,
// kept in the outbox, and the live preview when the server cannot make one; an adjustment queued
// like a hand; #edit-N and #delete-N (the worker's, for a line's forms not kept): that
// adjustment changed or deleted, checked with every line after it, then queued as a PUT or
// DELETE of line N.
import { account, fill, make, newKey, online, outbox, path, put, words } from "./base.js";
import { problems, setFields, toFields, toLine, typedIn } from "./fields.js";
import { applied, edits, handCount, loadEngine, loadFile, queueChange, quoted, withChange } from "./files.js";

/** @typedef {import("./base.js").Line} Line */
/** @typedef {import("./base.js").Entry} Entry */
/** @typedef {import("./files.js").Output} Output */
/** @typedef {import("./files.js").GameText} GameText */
/** @typedef {import("./files.js").Applied} Applied */
/** @typedef {import("./files.js").Run} Run */
/** @typedef {import("./files.js").Problem} Problem */
/**
 * What the live preview shows (web/hands/posting.would_score, or the phone's engine's alike).
 * @typedef {object} Preview
 * @property {boolean} ok
 * @property {{field: string, seat?: number | null, message: string}[]} [errors]
 * @property {number[]} [scores]
 * @property {number[]} [totals]
 * @property {{seat: number | null, text: string}[]} [notes]
 */
/**
 * The hand form as pages/forms.js and the offline code share it: the fields the scorer touched, and
 * the preview the phone's engine makes when the server cannot (below).
 * @typedef {HTMLFormElement & {touched?: {[name: string]: boolean}, offlinePreview?: () => Promise<Preview>}} HandFormElement
 */


/**
 * The state a hand is logged in: the file and the engine, the game before the line (`before`),
 * and either the line changed (`now`, `line`) or the lines waiting before the new one (`base`,
 * `pending`, and `entry`, the refused one being fixed).
 * @typedef {object} Ready
 * @property {GameText} file
 * @property {Run} run
 * @property {Output} before
 * @property {Applied} [now]
 * @property {Line} [line]
 * @property {Entry} [entry]
 * @property {GameText} [base]
 * @property {Line[]} [pending]
 */

/** @param {HandFormElement} form the page's #hand-form */
export function handForm(form) {
  const game = parseInt(form.dataset.game || "", 10), F = words(form);
  const fixing = /^#fix-([0-9]+)$/.exec(location.hash), unsent = location.hash === "#unsent";
  // a line changed or deleted with no connection: the hand form kept, filled with that line
  const editing = /^#(edit|delete)-([0-9]+)$/.exec(location.hash), number = editing ? +editing[2] : 0;
  // a hand whose sending failed (sw.js brings its form back as #unsent): what was typed
  /** @type {{path: string, fields: [string, string][], line: Line | null} | null} */
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem("scorekeeper-post") || "null");
    if (!unsent) sessionStorage.removeItem("scorekeeper-post");
  } catch {
    // nothing kept
  }
  if (!unsent || !kept || kept.path !== path) kept = null;
  const names = Array.from(form.querySelectorAll(".seat-name"), (n) => n.textContent);
  /** @type {Promise<Ready> | null} */
  let ready = null;
  /** @type {Entry[]} */
  let queued = [];
  let busy = false;

  // the state the hand is logged in: the file, then the lines before it not sent yet
  function prepare() {
    ready ??= (async () => {
      const list = await outbox(game);
      const entry = fixing ? list.find((e) => e.id === parseInt(fixing[1], 10)) : undefined;
      queued = entry ? list.slice(0, list.indexOf(entry)) : list;
      const [file, run] = await Promise.all([loadFile(game), loadEngine()]);
      if (number) {  // the game as the phone has it; the state line `number` is logged in
        const now = applied(file, queued), upTo = JSON.parse(now.text);
        upTo.hands = now.lines.slice(0, number - 1);
        const before = run({ text: JSON.stringify(upTo), hands: number - 1 }, []);
        return { file, run, before, now, line: now.lines[number - 1] };
      }
      // after a line changed or deleted, the game as the phone has it, whole
      const base = edits(queued) ? applied(file, queued) : file;
      const pending = base === file ? queued.map((e) => /** @type {Line} */ (e.line)) : [];
      return { file, run, before: run(base, pending), entry, base, pending };
    })();
    return ready;
  }
  /**
   * The page as the engine has it: the number, who deals and sits out, who bids first; false
   * where another page is opened instead.
   * @param {Ready} st
   */
  function patch(st) {
    if (number && st.line?.adjustment) {  // an adjustment: its own form changes it
      location.replace(`/games/${game}/adjust#${editing?.[1]}-${number}`);
      return false;
    }
    if (number && !st.line) {  // no such line (any more) on this phone
      location.replace(`/games/${game}`);
      return false;
    }
    if (st.before.problems) return true;  // the hands waiting do not fit the file: Save says why
    const spec = st.before.form, b = st.before.bidding, golden = spec.golden;
    const rendered = Array.from(form.querySelectorAll(".seat .points-input"), (i) => parseInt(/** @type {HTMLElement} */ (i.closest(".seat")).dataset.seat || "", 10));
    const asked = /[?&]dealer=([0-9]+)/.exec(location.search);
    if (rendered.join() !== spec.playing.join() && !(asked && +asked[1] === spec.dealer)) {
      location.replace(`${path}?dealer=${spec.dealer}${location.hash}`);  // the form of that deal
      return false;
    }
    const typed = typedIn(form);  // before this fills anything: what the scorer typed stays
    const count = handCount(st.before, st.before.hands.length) + 1, h1 = /** @type {HTMLElement} */ (document.querySelector("h1"));
    const title = fill(editing ? F.edit : F.title, { number: count });
    document.title = title + document.title.slice((h1.textContent || "").length);
    h1.textContent = title;
    const facts = /** @type {HTMLElement} */ (form.querySelector(".facts")), banner = document.getElementById("golden-hand");
    // a golden hand (5.1) is said above the form, with its declarer and contract; it has no auction
    if (banner) {
      banner.hidden = !golden;
      banner.textContent = golden ? fill(F.golden, { ...golden, name: names[golden.declarer] }) : "";
    }
    facts.textContent = fill(spec.sitting_out != null ? F.deals_out : F.deals, { name: names[spec.dealer] });
    if (!golden && b.opener != null) facts.textContent += ` ${fill(b.forced ? F.forced : F.bids_first, { name: names[b.opener], bid: b.min_bid })}`;
    if (!golden) {
      for (const s of b.silent || []) {
        facts.textContent += ` ${fill(F.silent, { name: names[s], below: st.before.chips[s].silent_below, bid: b.min_bid })}`;
      }
    }
    const dealer = /** @type {HTMLSelectElement} */ (form.querySelector("[name=dealer]"));
    if (!typed.dealer) dealer.value = String(spec.dealer);
    const legend = form.querySelector("fieldset.declarer legend");  // a golden hand had no auction
    if (legend) legend.textContent = golden ? F.declarer : F.declarer_auction;
    const declarer = golden ? golden.declarer : b.opener;
    const radios = /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("[name=declarer]"));
    for (const r of radios) {
      if (!typed.declarer) r.checked = declarer != null && r.value === String(declarer);
      // the lowest bid each seat can have won with, for this deal (the form offers it: forms.js)
      const least = (spec.least_bids || [])[+r.value];
      if (least != null) r.dataset.leastBid = String(least);
      else delete r.dataset.leastBid;
    }
    // a new hand's bid is filled in only in a golden hand (the form kept may be a golden one's),
    // unless the scorer has typed one already
    const bid = /** @type {HTMLInputElement | null} */ (form.querySelector("[name=bid]"));
    if (!number && bid && !typed.bid) bid.value = golden ? String(golden.contract) : "";
    // the blind toggle where the engine's form has it (none in a golden hand)
    const blind = /** @type {HTMLElement | null} */ (form.querySelector(".blind-toggle"));
    if (blind) {
      blind.hidden = !spec.blind;
      if (!spec.blind) /** @type {HTMLInputElement} */ (blind.querySelector("input")).checked = false;
    }
    if (st.entry) setFields(form, toFields(/** @type {Line} */ (st.entry.line), spec.dealer), typed);
    if (number && st.line) {
      setFields(form, toFields(st.line, spec.dealer), typed);
      const why = /** @type {HTMLElement | null} */ (form.querySelector(".offline-reason"));  // why the change, kept in the trail
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
    }
    if (kept) setFields(form, kept.fields.filter((f) => !["csrf_token", "version", "token"].includes(f[0])), typed);
    if (!online() && !document.querySelector(".offline-note")) form.before(make("p", "flash offline-note", F.offline));
    form.dispatchEvent(new Event("filled"));  // forms.js shows the bid and the rest anew
    return true;
  }
  /** Problems of other lines than this one, said above the form. @param {Problem[]} list */
  function top(list) {
    return list.map((p) => ({ field: "hand", text: p.text }));
  }
  /** @param {Problem[]} list @param {number | null} at this line's number: its problems at their fields */
  function refused(list, at) {
    busy = false;
    problems(form, [...list.filter((p) => p.hand === at), ...top(list.filter((p) => p.hand !== at))]);
  }
  /**
   * A form sent that got no answer: the line it posted, on the version it was made on, with
   * its token as the key (the API answers as the form was, had it been stored: no double hand).
   * @param {Ready} st
   */
  function sentBefore(st) {
    if (!kept || !kept.line || st.entry) return null;
    const f = Object.fromEntries(kept.fields);
    return f.token && f.version ? { line: kept.line, key: f.token, version: quoted(+f.version) } : null;
  }
  /** @param {Ready} st */
  function save(st) {
    busy = false;
    if (number) return change(st, false);
    const first = sentBefore(st), base = /** @type {GameText} */ (st.base), pending = st.pending || [];
    if (first && first.version !== st.file.version && !queued.length) return keepLine(st, first.line, null, first);
    if (st.before.problems) return problems(form, top(st.before.problems));
    const lines = pending.concat([toLine(form, st.before.next_dealer)]), at = base.hands + lines.length;
    const out = st.run(base, lines, at);
    if (out.problems) return refused(out.problems, at);
    return keepLine(st, first ? first.line : lines[lines.length - 1], out, first);
  }
  /**
   * Line `number` changed, or deleted (`gone`): checked with every line after it, then queued.
   * @param {Ready} st
   * @param {boolean} gone
   */
  async function change(st, gone) {
    const now = /** @type {Applied} */ (st.now), line = gone ? null : toLine(form, st.before.next_dealer);
    const out = withChange(now, st.run, number, line);
    if (out.problems) return refused(out.problems, gone ? null : number);
    busy = true;
    await queueChange(game, st.file, queued, number, line, form, now);
    location.href = `/games/${game}`;
  }
  /**
   * @param {Ready} st
   * @param {Line} line
   * @param {Output | null} out
   * @param {{key: string, version: string} | null} first
   */
  async function keepLine(st, line, out, first) {
    busy = true;
    /** @type {Entry} */
    const entry = st.entry || { account, game, key: "" };
    entry.line = line;
    entry.key = first ? first.key : newKey();  // a line changed is a new request
    entry.version = first ? first.version : st.entry || !queued.length ? st.file.version : queued[queued.length - 1].version;
    entry.base = st.entry || !queued.length ? st.file.hands : queued[0].base;
    entry.trail = st.entry || !queued.length ? st.file.trail : queued[0].trail;
    entry.hand = out ? handCount(out, out.hands.length) : (st.before.hands ? handCount(st.before, st.before.hands.length) : 0) + 1;
    delete entry.state;
    delete entry.why;
    await put(entry);
    try {
      sessionStorage.removeItem("scorekeeper-post");
    } catch {
      // nothing kept to forget
    }
    location.href = `/games/${game}#unsent`;
  }

  // The live preview when the server cannot give one (pages/forms.js asks): what the engine
  // says this hand would score, in the shape of the server's preview
  // (web/hands/posting.would_score).
  form.offlinePreview = async () => {
    // a preview is no Save: it must not turn the page's next Save into an offline one
    const was = ready, state = prepare();
    if (!was) ready = null;
    const st = await state;
    if (st.before.problems) throw new Error("the hands waiting do not fit");
    const line = toLine(form, st.before.next_dealer);
    let out, at;
    if (number) {
      const now = /** @type {Applied} */ (st.now), data = JSON.parse(now.text);
      data.hands = now.lines.slice(0, number - 1).concat([line]);
      at = number;
      out = st.run({ text: JSON.stringify(data), hands: data.hands.length }, [], at);
    } else {
      const mine = (st.pending || []).concat([line]), base = /** @type {GameText} */ (st.base);
      at = base.hands + mine.length;
      out = st.run(base, mine, at);
    }
    if (out.problems) {
      return {
        ok: false,
        errors: out.problems.filter((p) => p.hand === at).map((p) => ({ field: p.field, seat: p.seat, message: p.text })),
      };
    }
    const h = out.hands[at - 1];
    return { ok: true, scores: h.scores, totals: h.totals, notes: h.notes };
  };

  if (!online() || unsent || fixing || editing) {
    prepare().then(patch).then((shown) => (shown && kept ? prepare().then(save) : undefined)).catch(() => {});
  } else {
    outbox(game).then((list) => {
      if (list.length) prepare().then(patch).catch(() => {});
    });
  }

  form.addEventListener("submit", (/** @type {SubmitEvent} */ ev) => {
    if (ev.defaultPrevented) return;
    if (online() && !fixing && !unsent && !editing && !ready) {
      // sent as the page always did; should it not get through, the worker brings the form
      // back (#unsent) and what was typed is kept on the phone instead
      try {
        const dealer = form.querySelector("[name=dealer]");
        const rotation = dealer instanceof HTMLSelectElement ? Array.from(dealer.options).find((o) => o.defaultSelected) : null;
        sessionStorage.setItem("scorekeeper-post", JSON.stringify({
          path, fields: Array.from(new FormData(form), ([k, v]) => [k, String(v)]), line: rotation ? toLine(form, +rotation.value) : null,
        }));
      } catch {
        // not kept: the offline page says it was not saved
      }
      return;
    }
    ev.preventDefault();
    if (busy) return;
    busy = true;
    ready = null;  // the outbox and the file as they are now: a send may have changed them
    prepare().then(save).catch(() => {
      // no engine or no file on this phone: the server decides, or the offline page says so
      busy = false;
      if (navigator.serviceWorker?.controller && (!online() || fixing || queued.length)) location.href = "/offline";
      else HTMLFormElement.prototype.submit.call(form);
    });
  });
}

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
