// Offline, what each page starts: the entry point pages/app.js imports where this code has work
// (a page the worker controls, no connection, a form that keeps what was typed, lines waiting).
import { account, fill, make, outbox, path, store, words } from "./base.js";
import { adjustForm, handForm } from "./handform.js";
import { gamesList, newGameForm } from "./newgame.js";
import { gamePage } from "./sheet.js";
import { saySent, soon, status, sync } from "./sync.js";

/** @typedef {import("./base.js").Entry} Entry */

/**
 * Signing out with hands not sent: they stay under this account, and the button says so.
 * @param {HTMLFormElement} form
 */
function signOut(form) {
  const T = words(form);
  let warned = false, count = 0;
  outbox().then((list) => {
    count = list.length;
  });
  form.addEventListener("submit", (ev) => {
    if (!count || warned) return;
    ev.preventDefault();
    warned = true;
    const p = make("p", "flash", fill(T.warn, { n: count }));
    p.setAttribute("role", "alert");
    form.before(p);
    /** @type {HTMLElement} */ (form.querySelector("button")).textContent = T.again;
  });
}

/**
 * The sign-in and sign-up pages: hands of another account wait on this phone; they are neither
 * shown nor sent under this one (its own are on the status line), the page only says they wait.
 * @param {HTMLElement} note
 */
async function waitingElsewhere(note) {
  if (!window.indexedDB) return;
  try {
    /** @type {Entry[]} */
    const list = await store("readonly", (s) => s.getAll());
    note.hidden = !list.some((e) => e.account !== account);
  } catch {
    // no outbox on this phone: nothing waits
  }
}

const hook = document.getElementById("offline-game"), form = document.getElementById("hand-form");
if (hook) gamePage(hook);
if (form instanceof HTMLFormElement && form.dataset.game) handForm(form);
const adjust = document.getElementById("adjust-form");
if (adjust instanceof HTMLFormElement) adjustForm(adjust);
const newGame = document.getElementById("new-game");
if (newGame instanceof HTMLFormElement) newGameForm(newGame);
const main = document.querySelector("main");
if (path === "/" && account && main) gamesList(main);
document.querySelectorAll("form[data-unsent]").forEach((f) => signOut(/** @type {HTMLFormElement} */ (f)));
const elsewhere = document.getElementById("waiting-hands");
if (elsewhere) waitingElsewhere(elsewhere);
try {
  if (Date.now() - Number(sessionStorage.getItem("scorekeeper-sent")) < 5000) saySent();
  sessionStorage.removeItem("scorekeeper-sent");
} catch {
  // nothing was sent just before
}
status();
sync();
window.addEventListener("online", () => {
  soon();
  status();
  sync();
});
window.addEventListener("offline", status);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") sync();
});
