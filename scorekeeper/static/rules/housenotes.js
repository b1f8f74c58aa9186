// Twin of scorekeeper/rules/housenotes.py: the words of the house rules' and club agreements'
// notes (scoring.md 5, 5.1), for notes.js.
import { format } from "./errors.js";

// A render takes a note's parameters, a translator and a function naming a seat; notes.js joins
// these to the notes of a hand's own steps. The messages are gettext messages with `{name}`
// fields, translated where they are shown.

/**
 * A note's parameters: numbers, words and flags, by the names its messages use.
 * @typedef {Readonly<Record<string, any>>} Params
 * @typedef {(n: number) => string} Seat
 * @typedef {import("./i18n.js").Translator} Translator
 * @typedef {(p: Params, tr: Translator, seat: Seat) => string} Render
 */

/**
 * A score with its sign: "+20", "0", "-120".
 * @param {number} n
 * @returns {string}
 */
export const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

/** @type {Render} */
function giveUp(p, tr, seat) {
  const score = signed(p.score);
  if (p.role === "declarer") {
    return format(tr.gettext("gave up the contract of {contract}: {score}"), { contract: p.contract, score });
  }
  if (p.half) {
    return format(tr.gettext("{declarer} gave up: half of {contract}, {score}"), {
      declarer: seat(p.declarer),
      contract: p.contract,
      score,
    });
  }
  return format(tr.gettext("{declarer} gave up: {score}"), { declarer: seat(p.declarer), score });
}

/** @type {Render} */
function barrel(p, tr, seat) {
  switch (p.event) {
    case "climb":
      return format(tr.gettext("{total} reaches the barrel: climbs on it at {at}"), p);
    case "idle":
      return p.lost
        ? format(tr.gettext("on the barrel: scores nothing ({lost} lost)"), p)
        : tr.gettext("on the barrel: scores nothing");
    case "stay":
      // notes stored before the total was in them said the barrel's mark
      return format(
        tr.gettext("on the barrel: a made {contract} does not reach {target}, scores 0 and stays at {total}"),
        { total: p.at, ...p },
      );
    case "try":
      return format(tr.gettext("on the barrel: try {try} of {tries}"), p);
    case "fall":
      return format(tr.gettext("on the barrel for {tries} hands: falls off to {total} (-{penalty})"), p);
    case "knock-off":
      return format(tr.gettext("knocked off the barrel by {by}: falls to {total}"), {
        by: seat(p.by),
        total: p.total,
      });
    case "fall-zero":
      // 5.1 falls_to_zero: the seat's n-th fall sets its total to 0, whichever way it fell
      if (p.by != null) {
        return format(tr.gettext("knocked off the barrel by {by}: fall {falls} from the barrel, back to 0"), {
          by: seat(p.by),
          falls: p.falls,
        });
      }
      return format(tr.gettext("on the barrel for {tries} hands: fall {falls} from the barrel, back to 0"), p);
    case "off":
      return tr.gettext("off the barrel");
    default:
      return format(tr.gettext("on the barrel: {event}"), { event: p.event });
  }
}

/** @type {Render} */
function bolt(p, tr) {
  const penalty = p.bolt === p.count;
  if (p.in_a_row) {
    // 5.1 consecutive: only bolts in a row count
    if (p.tricks) {
      return penalty
        ? format(tr.gettext("no trick: bolt {bolt} of {count} in a row, -{penalty}"), p)
        : format(tr.gettext("no trick: bolt {bolt} of {count} in a row"), p);
    }
    return penalty
      ? format(tr.gettext("no points: bolt {bolt} of {count} in a row, -{penalty}"), p)
      : format(tr.gettext("no points: bolt {bolt} of {count} in a row"), p);
  }
  if (p.tricks) {
    // 5.1 kind tricks: a hand with no trick is the bolt
    return penalty
      ? format(tr.gettext("no trick: bolt {bolt} of {count}, -{penalty}"), p)
      : format(tr.gettext("no trick: bolt {bolt} of {count}"), p);
  }
  return penalty
    ? format(tr.gettext("no points: bolt {bolt} of {count}, -{penalty}"), p)
    : format(tr.gettext("no points: bolt {bolt} of {count}"), p);
}

/** The renders of the notes of sections 5 and 5.1, by rule key. @type {Readonly<Record<string, Render>>} */
export const RENDER = {
  lock: (p, tr) =>
    format(tr.gettext("{total} is at or above the lock at {lock}: points count only as declarer, {lost} lost"), p),
  bolt,
  dump: (p, tr) => format(tr.gettext("a total of exactly {total} is dumped: back to 0"), p),
  "give-up": giveUp,
  barrel,
  blind: (p, tr) => format(tr.gettext("bid blind: {score} × {multiplier} = {blind}"), p),
  golden: (p, tr) =>
    format(
      tr.gettext("golden hand {hand} of {hands}: scores × {multiplier}, {score} × {multiplier} = {golden}"),
      p,
    ),
  "golden-reset": (p, tr) =>
    format(tr.gettext("nobody made a golden contract: the total of {total} goes back to 0"), p),
  "give-up-penalty": (p, tr) =>
    format(tr.gettext("give-up number {count} in the game: every {every} give-ups cost {penalty}, -{penalty}"), p),
  "bolt-run": (p, tr) =>
    format(
      tr.ngettext(
        "not a bolt: the run of {run} bolt ends, the count starts again",
        "not a bolt: the run of {run} bolts ends, the count starts again",
        p.run,
      ),
      p,
    ),
};
