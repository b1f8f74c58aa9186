// Offline, the game page: the lines not sent yet on the sheet, the totals as the engine has them,
// and what another phone wrote meanwhile (a conflict) or the server refused.
import { drop, fill, keep, keepForm, kept, lang, make, outbox, path, plural, put, words } from "./base.js";
import { applied, edits, handCount, loadEngine, loadFile, rebase } from "./files.js";
import { state, sync } from "./sync.js";

/** @typedef {import("./base.js").Line} Line */
/** @typedef {import("./base.js").Entry} Entry */
/** @typedef {import("./files.js").Output} Output */
/** @typedef {import("./files.js").GameText} GameText */
/** @typedef {import("./files.js").Run} Run */

/** @param {HTMLElement} hook the page's #offline-game */
export async function gamePage(hook) {
  const game = parseInt(hook.dataset.game || "", 10), G = words(hook);
  /** @type {string[]} */
  const short = JSON.parse(hook.dataset.short || "[]"), seats = short.length;
  const log = /** @type {HTMLAnchorElement | null} */ (document.querySelector(".actions a.primary[href$='/hands/new']"));
  const sheet = /** @type {HTMLElement} */ (document.getElementById("hands"));
  // with a connection, what logging a hand without one needs: the game file, the sentences of
  // the page's language and the hand form as each seat would deal it (the worker keeps them,
  // and the engine's modules with its shell); the file is read every time
  if (log && kept()) {
    keep(`/api/games/${game}/file`);
    if (lang !== "en") keep(`/engine/messages-${lang}.json`);
    const forms = [/** @type {string} */ (log.getAttribute("href"))], adjust = log.nextElementSibling;
    const to = adjust?.getAttribute("href");
    if (to && /\/adjust$/.test(to)) forms.push(to);
    for (let d = 0; d < seats; d++) forms.push(`/games/${game}/hands/new?dealer=${d}`);
    forms.forEach(keepForm);
  }
  try {
    const list = await outbox(game);
    if (!list.length) return;
    document.addEventListener("outbox", () => location.replace(path));
    const [file, run] = await Promise.all([loadFile(game), loadEngine()]);
    show(list, file, run);
  } catch {
    // no file or no engine on this phone: the page stays the server's
  }

  /**
   * A line of the sheet as the engine scored it (games/_line.html's row).
   * @param {Output} out
   * @param {number} k
   * @param {Line} line
   * @param {string | null} mark
   * @param {string | null} [note]
   */
  function row(out, k, line, mark, note) {
    const h = out.hands[k], tr = make("tr", mark ? "unsent" : ""), what = make("td", "what");
    const adjustment = h.kind === "adjustment";
    tr.append(make("th", null, adjustment ? G.adj : String(handCount(out, k + 1))));
    /** @type {HTMLTableCellElement} */ (tr.firstChild).scope = "row";
    if (adjustment) what.textContent = `± ${line.reason || ""}`;
    else if (h.declarer == null) what.textContent = fill(G.dealt, { name: short[h.dealer] });
    else if (line.give_up) what.textContent = fill(G.gave_up, { name: short[h.declarer], contract: h.contract });
    else {
      what.textContent = `${short[h.declarer]} ${h.contract}`;
      outcome(what, h.outcome);  // as games/_line.html marks it: ✓ made, ✗ failed
    }
    if (mark || note) what.append(" ", make("span", mark ? "chip unsent" : "chip", mark || note));
    tr.append(what);
    h.scores.forEach((s, i) => {
      const td = make("td", "num");
      td.append(make("span", "score", (s > 0 ? "+" : "") + s), make("span", "running", String(h.totals[i])));
      tr.append(td);
    });
    return tr;
  }
  /** @param {HTMLTableRowElement[]} rows newest last */
  function table(rows) {
    const t = make("table", "sheet"), head = make("tr"), tbody = make("tbody");
    head.append(make("th", null, "#"), make("th", null, G.hand));
    for (const n of short) head.append(make("th", "num name", n));
    t.append(make("thead"), tbody);
    /** @type {HTMLElement} */ (t.firstChild).append(head);
    for (const r of rows) tbody.prepend(r);
    return t;
  }
  /** @param {HTMLElement} what @param {string | null | undefined} key */
  function outcome(what, key) {
    const mark = key && G.outcome[key];
    if (!mark) return;
    const box = make("span", `outcome ${key}`);
    what.append(" ", box);
    box.append(make("span", null, mark[0]), make("span", "visually-hidden", mark[1]));
    /** @type {HTMLElement} */ (box.firstChild).setAttribute("aria-hidden", "true");
  }
  /** @param {HTMLElement} box @param {string} text @param {boolean} [hot] */
  function chip(box, text, hot) {
    box.append(make("span", hot ? "chip hot" : "chip", text));
  }
  /** @param {string} text @param {string} cls @param {() => void} fn */
  function button(text, cls, fn) {
    const b = make("button", cls, text);
    b.type = "button";
    b.addEventListener("click", fn);
    return b;
  }
  function reload() {
    location.replace(path);
  }

  /** @param {Entry[]} list @param {GameText} file @param {Run} run */
  function show(list, file, run) {
    const out = edits(list) ? run(applied(file, list), []) : run(file, list.map((e) => /** @type {Line} */ (e.line)));
    const conflict = list[0].state === "conflict";
    // another phone wrote: the sheet stays the server's, the box shows mine as they would be
    if (!out.problems && !conflict) patch(list, file, out);
    const undo = document.querySelector("form[action$='/undo']");
    if (undo instanceof HTMLElement && conflict) undo.hidden = true;  // the server's last line is theirs
    issues(list, file, run);
  }
  /** @param {Entry[]} list @param {GameText} file @param {Output} out */
  function patch(list, file, out) {
    const base = file.hands, live = !out.finished, b = out.bidding, golden = b.golden;
    // the totals, the dealer and the bidding, as the engine has them after every line
    document.querySelectorAll(".totals .total").forEach((box, i) => {
      const marks = out.chips[i], chips = /** @type {HTMLElement} */ (box.querySelector(".chips"));
      /** @type {HTMLElement} */ (box.querySelector(".points")).textContent = String(out.totals[i]);
      box.classList.toggle("dealing", live && out.next_dealer === i);
      box.classList.toggle("won", out.winners.includes(i));
      chips.textContent = "";
      if (live && out.next_dealer === i) chip(chips, out.sitting_out === i ? G.deals_out : G.deals);
      // a golden hand (5.1): its declarer, at its contract, no auction
      if (live && golden) {
        if (golden.declarer === i) chip(chips, fill(G.golden, golden), true);
      } else if (live && b.opener === i) chip(chips, b.forced ? fill(G.must_bid, { bid: b.min_bid }) : G.bids_first, true);
      if (live && !golden && (b.may_skip || []).includes(i)) chip(chips, G.may_skip);
      if (live && !golden && (b.may_not_pass || []).includes(i)) chip(chips, G.may_not_pass, true);
      if (marks.locked_at != null) chip(chips, fill(G.locked, { points: marks.locked_at }));
      if (marks.barrel_tries != null) chip(chips, plural(G.barrel, marks.barrel_tries), true);
      if (marks.bolts) chip(chips, fill(G.bolts, { bolts: marks.bolts[0], count: marks.bolts[1] }));
      if (marks.give_ups_left === 0) chip(chips, G.give_ups_none, true);
      else if (marks.give_ups_left === 1) chip(chips, G.give_up_last);
      // the club agreements (5.1), as the game page has them
      if (marks.silent_below != null) chip(chips, fill(G.silent, { below: marks.silent_below }), true);
      if (marks.give_ups_to_penalty === 1) chip(chips, G.penalty_next, true);
      else if (marks.give_ups_to_penalty != null) chip(chips, plural(G.penalty_in, marks.give_ups_to_penalty));
      if (marks.barrel_falls) chip(chips, fill(G.falls, { falls: marks.barrel_falls[0], count: marks.barrel_falls[1] }));
    });
    // the sheet: the lines not sent yet on top, marked; after a change or a deletion, all of it
    const now = edits(list) ? applied(file, list) : null;
    const rows = now ? now.lines.map((l, k) => row(out, k, l, now.changed[k] ? G.unsent : null))
      : list.map((e, j) => row(out, base + j, /** @type {Line} */ (e.line), G.unsent));
    let tbody = sheet.querySelector("tbody");
    if (!tbody) {
      sheet.querySelector("p")?.remove();
      sheet.append(table([]));
      tbody = /** @type {HTMLTableSectionElement} */ (sheet.querySelector("tbody"));
    }
    if (now) tbody.textContent = "";
    rows.forEach((r, i) => {
      // a line not sent yet is changed or deleted on its form, as a stored one is (#edit-N)
      const k = now ? i : base + i, th = /** @type {HTMLElement} */ (r.firstChild);
      if (r.classList.contains("unsent")) {
        const a = make("a", null, th.textContent);
        a.href = `/games/${game}/hands/new#edit-${k + 1}`;
        a.setAttribute("aria-label", out.hands[k].kind === "adjustment" ? G.edit_adjustment : fill(G.edit, { number: th.textContent }));
        th.textContent = "";
        th.append(a);
      }
      /** @type {HTMLElement} */ (tbody).prepend(r);
    });
    if (location.hash === "#unsent") {
      if (!now) rows[rows.length - 1].classList.add("saved");
      history.replaceState(null, "", path);
    }
    const hands = handCount(out, out.hands.length);
    if (log) {
      log.textContent = fill(G.log, { number: hands + 1 });
      log.href = `/games/${game}/hands/new?dealer=${out.next_dealer}`;
      log.hidden = !live;
      const adjust = log.nextElementSibling;
      if (adjust instanceof HTMLElement && !live) adjust.hidden = true;
    }
    // Undo takes back the last line not sent yet, on this phone
    const undo = document.querySelector("form[action$='/undo']");
    if (undo) {
      /** @type {HTMLElement} */ (undo.querySelector("button")).textContent = fill(G.undo, { number: hands });
      undo.addEventListener("submit", async (ev) => {
        ev.preventDefault();
        if (state.sending) return;
        await drop(list[list.length - 1].id);
        reload();
      });
    }
  }

  /**
   * A line waiting for the scorer: another phone's hands first (412), or refused (400).
   * @param {Entry[]} list @param {GameText} file @param {Run} run
   */
  function issues(list, file, run) {
    const first = list[0];
    if (!first.state) return;
    const box = make("section", "flash outbox-issue"), actions = make("div", "actions");
    box.setAttribute("role", "alert");
    if (first.state === "refused") {
      const now = run(file, []);  // the hand as the table counts it, after the server's
      const number = now.problems ? first.hand : handCount(now, file.hands) + 1;
      box.append(make("p", null, fill(G.refused, { number, reason: first.why })));
      const fix = make("a", "button", G.fix);
      fix.href = `/games/${game}/hands/new#fix-${first.id}`;
      if (!first.op) actions.append(fix);  // a line changed or deleted: dropped, or done again
      actions.append(button(G.drop_it, "danger", () => drop(first.id).then(reload)));
    } else conflict(list, first, box, actions, run);
    box.append(actions);
    document.querySelector(".totals")?.before(box);
  }
  /**
   * Another phone wrote (412): its lines, and mine as they will be after them (files.js, a line's identity), every
   * line in its place and scored as the server will score it; a change of a line the other
   * phone changed or deleted meanwhile is not sent (it says so), and nothing of theirs is
   * written over.
   * @param {Entry[]} list @param {Entry} first @param {HTMLElement} box @param {HTMLElement} actions @param {Run} run
   */
  function conflict(list, first, box, actions, run) {
    const theirs = /** @type {{file: string, version: string}} */ (first.theirs);
    const data = JSON.parse(theirs.file), plan = rebase(list, data, run), out = plan.out;
    /** @type {HTMLTableRowElement[]} */
    const their = [];
    /** @type {{at: number, rows: HTMLTableRowElement[]}[]} */
    const mine = [];
    if (out.problems) return;
    plan.cur.forEach((t, k) => {
      if (t.kind === "add") mine.push({ at: k, rows: [row(out, k, /** @type {Line} */ (t.line), G.unsent)] });
      else if (t.put) mine.push({ at: k, rows: [row(out, k, /** @type {Line} */ (t.put.line), G.unsent)] });
      else if (t.theirs || t.changed) their.push(row(out, k, plan.lines[k], null, t.changed && G.changed));
    });
    for (const s of plan.steps) {  // mine not in the game as it will be: deleted, or not sent
      const e = s.entry, why = s.misfit ? fill(G.misfit, { reason: s.misfit }) : s.why && G[`lost_${s.why}`];
      const number = !s.number ? "" : s.hand == null ? G.adj : String(s.hand);
      if (why) {
        const line = (e.op === "delete" ? s.was || e.was : s.line) || {};
        mine.push({ at: (s.number || e.number || 0) - 1, rows: [lineRow(number, line, G.unsent), noteRow(why)] });
      } else if (s.kind === "delete") mine.push({ at: (s.number ?? 0) - 1.5, rows: [lineRow(number, s.was || {}, G.deleted)] });
    }
    box.append(make("p", null, G.theirs));
    if (their.length) box.append(table(their));
    box.append(make("p", null, G.mine));
    mine.sort((a, b) => b.at - a.at);  // newest on top, as the sheet
    box.append(table(mine.flatMap((m) => m.rows).reverse()));
    actions.append(button(G.append, "primary", async () => {
      await Promise.all(plan.steps.map((s) => {
        const e = s.entry;
        if (s.kind === "gone" || s.kind === "lost") return drop(e.id);  // as the box said
        delete e.state;
        delete e.theirs;
        e.version = theirs.version;
        e.trail = (data.trail || []).length;
        e.base = data.hands.length;
        if (s.kind === "add") {
          e.line = s.line;
          e.hand = s.hand || e.hand;  // its number after theirs, as the server would say it
        } else e.number = s.number;
        return put(e);
      }));
      sync();
    }));
    actions.append(button(G.drop, "danger", async () => {
      await Promise.all(list.map((e) => drop(e.id)));
      reload();
    }));
  }
  /**
   * A line that is not scored here (deleted, or not sent), as the game file has it.
   * @param {string} number @param {Line} line @param {string} mark
   */
  function lineRow(number, line, mark) {
    const tr = make("tr", "unsent"), what = make("td", "what"), head = make(number ? "th" : "td", null, number);
    if (number) /** @type {HTMLTableCellElement} */ (head).scope = "row";
    tr.append(head);
    if (line.adjustment) what.textContent = `± ${line.reason || ""}`;
    else if (line.declarer == null) what.textContent = fill(G.dealt, { name: short[line.dealer ?? -1] || "" });
    else {
      const contract = line.contract || line.bid;
      what.textContent = line.give_up ? fill(G.gave_up, { name: short[line.declarer], contract }) : `${short[line.declarer]} ${contract}`;
    }
    what.append(" ", make("span", "chip unsent", mark));
    tr.append(what);
    for (let i = 0; i < seats; i++) tr.append(make("td", "num"));
    return tr;
  }
  /** A sentence about the line above it, across the whole table. @param {string} text */
  function noteRow(text) {
    const tr = make("tr", "unsent"), td = make("td", "note");
    td.colSpan = seats + 2;
    td.append(make("p", "error", text));
    tr.append(td);
    return tr;
  }
}
