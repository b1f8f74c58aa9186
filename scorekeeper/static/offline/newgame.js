// Offline, a game started with no connection: the new-game form kept in the outbox and sent as
// that form when the connection is back; the games list shows it until then.
//
// The phone cannot check a new game's house rules (the form's fields become options on the
// server: web/games/newgame.py), so the form is sent as it was filled in: the server checks it,
// and a refusal is kept with its reasons until the scorer changes it (#fix-N) or drops it.
// Its hands wait for the game: the hand form is the server's, made for the game it starts.
import { W, account, drop, fill, kept, keepForm, make, newKey, online, outbox, path, put } from "./base.js";
import { setFields, typedIn } from "./fields.js";

/** @typedef {import("./base.js").Entry} Entry */

/** @param {Entry} e */
export function isGame(e) {
  return e.kind === "game";
}

/**
 * The game's players and its variant as the form named it ("Polish Tysiąc, 3 players"; a game
 * kept before: its key).
 * @param {Entry} e
 */
export function gameName(e) {
  return `${(e.names || []).join(", ")} (${e.title || e.variant})`;
}

/**
 * A form's fields (FormData order), as text.
 * @param {HTMLFormElement} form
 * @returns {[string, string][]}
 */
export function formFields(form) {
  return Array.from(new FormData(form), ([name, value]) => [name, String(value)]);
}

/**
 * @param {[string, string][]} fields
 * @param {string} name
 */
function fieldValue(fields, name) {
  return fields.find((f) => f[0] === name)?.[1] ?? "";
}

/**
 * The form kept; the token makes it one game however often it is sent.
 * @param {[string, string][]} fields
 * @param {string} key
 */
async function keepGame(fields, key) {
  fields = fields.filter((f) => f[0] !== "csrf_token" && f[0] !== "token");
  fields.push(["token", key]);
  const names = [0, 1, 2, 3].map((s) => fieldValue(fields, `players-${s}`).trim()).filter((n) => n);
  const title = document.querySelector("#new-game [name=variant]:checked")?.closest("label")?.querySelector("b");
  await put({
    account, kind: "game", game: `new-${key}`, key, fields, names,
    variant: fieldValue(fields, "variant"), title: title ? title.textContent || "" : "",
  });
  try {
    sessionStorage.removeItem("scorekeeper-post");
  } catch {
    // nothing kept to forget
  }
  location.href = "/#unsent";
}

/**
 * The form kept, sent with the CSRF token of a new-game page read now (the one kept may have
 * expired); the server answers with the game (its page, after a redirect) or the form with its
 * reasons (422).
 * @param {Entry} e
 * @returns {Promise<Response>}
 */
export async function startGame(e) {
  const r = await fetch("/games/new", { cache: "no-store" });
  if (r.redirected || !r.ok) return r;  // signed out (the sign-in page), or the server's trouble
  const page = new DOMParser().parseFromString(await r.text(), "text/html"), data = new URLSearchParams();
  // someone else signed in since (in another tab): not started under them, kept (as a 403)
  if (page.body.dataset.account !== e.account) return new Response(null, { status: 403 });
  const csrf = page.querySelector("[name=csrf_token]");
  for (const [name, value] of e.fields || []) data.append(name, value);
  if (csrf instanceof HTMLInputElement) data.append("csrf_token", csrf.value);
  return fetch("/games/new", { method: "POST", body: data });
}

/** The game a new-game form's answer started, if it did. @param {Response} r */
export function gameStarted(r) {
  const made = r.ok && r.redirected && /^\/games\/([0-9]+)$/.exec(new URL(r.url).pathname);
  return made ? parseInt(made[1], 10) : null;
}

/** @param {Response} r */
export function signedOut(r) {
  return r.redirected && /^\/signin/.test(new URL(r.url).pathname);
}

/** The reasons a refused form gives, as its page shows them. @param {Response} r */
export async function formReasons(r) {
  try {
    const page = new DOMParser().parseFromString(await r.text(), "text/html");
    return Array.from(page.querySelectorAll("form .error"), (el) => (el.textContent || "").trim())
      .filter((t) => t).join("; ") || String(r.status);
  } catch {
    return String(r.status);
  }
}

/**
 * The new-game page: kept with no connection, filled again to be changed (#fix-N), or kept
 * after a Save that got no answer (the worker brings the form back as #unsent).
 * @param {HTMLFormElement} form
 */
export function newGameForm(form) {
  const fixing = /^#fix-([0-9]+)$/.exec(location.hash);
  let busy = false, /** @type {Entry | undefined} */ entry;
  /** @type {{path: string, fields: [string, string][]} | null} */
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem("scorekeeper-post") || "null");
  } catch {
    // nothing kept
  }
  if (location.hash === "#unsent" && kept && kept.path === path) {
    keepGame(kept.fields, fieldValue(kept.fields, "token") || newKey());
    return;
  }
  try {
    sessionStorage.removeItem("scorekeeper-post");
  } catch {
    // nothing kept to forget
  }
  if (!online()) form.before(make("p", "flash offline-note", W.game_offline));
  if (fixing) {
    outbox().then((list) => {
      entry = list.find((e) => e.id === +fixing[1] && isGame(e));
      if (!entry) return;
      setFields(form, (entry.fields || []).filter((f) => f[0] !== "token"), typedIn(form));
      const why = make("p", "error", fill(W.game_refused, { names: gameName(entry), reason: entry.why || "" }));
      why.setAttribute("role", "alert");
      form.before(why);
    });
  }
  form.addEventListener("submit", async (ev) => {
    if (ev.defaultPrevented) return;
    const fields = formFields(form), offline = !online() && !!account && !!window.indexedDB;
    const remember = () => {  // should the Save not get through, what was typed is kept (#unsent)
      try {
        sessionStorage.setItem("scorekeeper-post", JSON.stringify({ path, fields }));
      } catch {
        // not kept: the offline page says it was not saved
      }
    };
    if (!offline && !entry) {
      remember();  // sent as the page always did
      return;
    }
    ev.preventDefault();
    if (busy) return;
    busy = true;
    if (entry) await drop(entry.id);  // the scorer sends it again now
    if (offline) {
      await keepGame(fields, newKey());
      return;
    }
    remember();
    history.replaceState(null, "", path);  // the game's page is not to open at #fix-N
    HTMLFormElement.prototype.submit.call(form);
  });
}

/**
 * The games list: the games waiting to be started, and the new-game form kept for next time.
 * @param {HTMLElement} main
 */
export async function gamesList(main) {
  if (kept()) keepForm("/games/new");
  document.addEventListener("outbox", () => location.replace(path));
  const games = (await outbox()).filter(isGame);
  if (!games.length) return;
  const box = make("div", "flash pending-games");
  for (const e of games) {
    const p = make("p", null, e.state ? fill(W.game_refused, { names: gameName(e), reason: e.why })
      : fill(W.game_waiting, { names: gameName(e) }));
    if (e.state) {
      const fix = make("a", null, W.fix);
      fix.href = `/games/new#fix-${e.id}`;
      p.append(" ", fix);
    }
    box.append(p);
  }
  main.querySelector("h1")?.after(box);
  if (location.hash === "#unsent") history.replaceState(null, "", path);
}
