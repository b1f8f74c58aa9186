// Twin of scorekeeper/rules/notes.py: why a number is what it is; notes with a stable rule key
// and their numbers, in any language; the house rules' and club agreements' sentences with them
// (the notes of scoring.md 5 and 5.1).
import { ENGLISH, format } from "./i18n.js";

export { ENGLISH } from "./i18n.js";

// The sentences are gettext messages with `{name}` fields. The caller passes a translator (the
// server its catalogue, the phone catalogue(json)); without one the text is English, as the
// command line prints it (scoring.md section 6).

/**
 * @typedef {import("./i18n.js").Translator} Translator
 */

/** One rule that shaped `seat`'s score in a line; `params` holds the numbers it used.
 *
 * The rule key and the parameter names are stable: they are the game file's `notes` and the
 * statistics read them. Only `text()` turns them into words.
 */
export class Note {
  /** @param {{seat: number, rule: string, params: Params}} fields */
  constructor({ seat, rule, params }) {
    this.seat = seat;
    this.rule = rule;
    this.params = params;
  }
}

/**
 * A suit as a noun ("trump: hearts").
 * @param {string} suit
 * @param {Translator} [tr]
 * @returns {string}
 */
export function suitName(suit, tr = ENGLISH) {
  switch (suit) {
    case "spades":
      return tr.pgettext("suit", "spades");
    case "clubs":
      return tr.pgettext("suit", "clubs");
    case "diamonds":
      return tr.pgettext("suit", "diamonds");
    case "hearts":
      return tr.pgettext("suit", "hearts");
    case "aces":
      return tr.pgettext("suit", "aces");
    default:
      return suit;
  }
}

/**
 * A marriage named by its suit, as players say it ("hearts marriage", "meldunek kierowy").
 * @param {string} suit
 * @param {Translator} [tr]
 * @returns {string}
 */
export function marriageName(suit, tr = ENGLISH) {
  switch (suit) {
    case "spades":
      return tr.gettext("spades marriage");
    case "clubs":
      return tr.gettext("clubs marriage");
    case "diamonds":
      return tr.gettext("diamonds marriage");
    case "hearts":
      return tr.gettext("hearts marriage");
    case "aces":
      return tr.gettext("aces marriage");
    default:
      return suit;
  }
}

/** @type {Render} */
function marriage(p, tr) {
  const values = { marriage: marriageName(p.suit, tr), value: p.value };
  if (p.in_tricks) {
    return p.trump
      ? format(tr.gettext("trump {marriage} in tricks: {value}"), values)
      : format(tr.gettext("{marriage} in tricks: {value}"), values);
  }
  return format(tr.gettext("{marriage}: {value}"), values);
}

/**
 * The points the declarer took, rounded when they were.
 * @param {Params} p
 * @param {Translator} tr
 */
const took = (p, tr) => (p.rounded == null ? `${p.points}` : format(tr.gettext("{points}, rounded to {rounded}"), p));

/** @type {Render} */
function musik(p, tr) {
  const parts = [];
  if (p.aces) parts.push(format(tr.ngettext("{aces} ace x {ace}", "{aces} aces x {ace}", p.aces), p));
  if (p.marriage) parts.push(`${marriageName(p.marriage, tr)} ${p.marriage_value}`);
  return format(tr.gettext("musik bonus for the dealer: {parts} = {bonus}"), {
    parts: parts.join(" + ") || tr.gettext("nothing"),
    bonus: p.bonus,
  });
}

/** @type {Render} */
function gameWon(p, tr) {
  if (p.why === "declarer") return format(tr.gettext("reached {target} as declarer with {total}: wins"), p);
  if (p.why === "exact") return format(tr.gettext("exactly {target}: wins"), p); // 5.2 finish exact
  if (p.why === "exact-joint") return format(tr.gettext("exactly {target}, as another player: wins jointly"), p);
  if (p.why === "joint") return format(tr.gettext("shares the highest total, {total}: wins jointly"), p);
  return format(tr.gettext("highest total, {total}: wins"), p);
}

/** @type {Render} */
function deals(p, tr) {
  // section 4: a game of a fixed number of deals that no total ended before
  return format(tr.ngettext("the game ended after {deals} deal", "the game ended after {deals} deals", p.deals), p);
}

/** @type {Render} */
function adjustment(p, tr) {
  const value = signed(p.value);
  return p.reason
    ? format(tr.gettext("adjustment {value}: {reason}"), { value, reason: p.reason })
    : format(tr.gettext("adjustment {value}"), { value });
}

// The notes of a hand's own steps; the house rules' and club agreements' are HOUSE_RENDER's,
// below.
/** @type {Readonly<Record<string, Render>>} */
const RENDER = {
  points: (p, tr) =>
    p.marriages
      ? format(tr.gettext("{cards} card points + {marriages} for marriages = {raw}"), p)
      : format(tr.gettext("{cards} card points"), p),
  marriage,
  "trump-double": (p, tr) =>
    format(
      p.switch
        ? tr.gettext("{marriage} switches trump to {suit}: {base} doubled to {value}")
        : tr.gettext("{marriage} declared with {suit} trump: {base} doubled to {value}"),
      { marriage: marriageName(p.suit, tr), suit: suitName(p.suit, tr), base: p.base, value: p.value },
    ),
  "trump-switch": (p, tr) =>
    format(tr.gettext("the {marriage} makes {suit} trump for the rest of the hand"), {
      marriage: marriageName(p.suit, tr),
      suit: suitName(p.suit, tr),
    }),
  "marriage-no-trick": (p, tr) =>
    format(tr.gettext("{marriage} {value} does not count: took no trick"), {
      marriage: marriageName(p.suit, tr),
      value: p.value,
    }),
  rounding: (p, tr) => format(tr.gettext("{raw} rounded to {rounded}"), p),
  "contract-made": (p, tr) =>
    format(tr.gettext("made the contract of {contract} (took {took}): +{contract}"), {
      contract: p.contract,
      took: took(p, tr),
    }),
  "contract-failed": (p, tr) =>
    format(tr.gettext("failed the contract of {contract} (took {took}, {short} short): -{contract}"), {
      contract: p.contract,
      took: took(p, tr),
      short: p.short,
    }),
  slam: (p, tr) =>
    format(
      tr.gettext(
        "all tricks for {contract} with no marriage: the cards out of play count, " +
          "the contract is made with {points} in hand",
      ),
      p,
    ),
  "musik-bonus": musik,
  adjustment,
  deals,
  "game-won": gameWon,
};

/**
 * The note in words; `names` (seat order) replaces "seat N" where a note names a seat.
 * @param {Note} note
 * @param {readonly string[] | null} [names]
 * @param {Translator} [tr]
 * @returns {string}
 */
export function text(note, names = null, tr = ENGLISH) {
  /** @type {Seat} */
  const seat = (n) =>
    names?.length && 0 <= n && n < names.length ? names[n] : format(tr.gettext("seat {n}"), { n });
  const render = Object.hasOwn(RENDER, note.rule)
    ? RENDER[note.rule]
    : Object.hasOwn(HOUSE_RENDER, note.rule)
      ? HOUSE_RENDER[note.rule]
      : null;
  return render ? render(note.params, tr, seat) : note.rule;
}

// A render takes a note's parameters, a translator and a function naming a seat; notes.js joins
// these to the notes of a hand's own steps. The messages are gettext messages with `{name}`
// fields, translated where they are shown.

/**
 * A note's parameters: numbers, words and flags, by the names its messages use.
 * @typedef {Readonly<Record<string, any>>} Params
 * @typedef {(n: number) => string} Seat
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
    if (p.free) {
      // 5.2 free: a seat's first give-ups cost nothing
      return format(tr.gettext("gave up the contract of {contract}: free give-up {free} of {frees}, {score}"), { ...p, score });
    }
    return format(tr.gettext("gave up the contract of {contract}: {score}"), { contract: p.contract, score });
  }
  if (p.least != null) {
    // 5.2 opponents_min: half the contract was less
    return format(tr.gettext("{declarer} gave up: half of {contract} is less than {least}, {score}"), { ...p, declarer: seat(p.declarer), score });
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
      return format(
        tr.ngettext(
          "on the barrel for {tries} hand: falls off to {total} (-{penalty})",
          "on the barrel for {tries} hands: falls off to {total} (-{penalty})",
          p.tries,
        ),
        p,
      );
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
      return format(
        tr.ngettext(
          "on the barrel for {tries} hand: fall {falls} from the barrel, back to 0",
          "on the barrel for {tries} hands: fall {falls} from the barrel, back to 0",
          p.tries,
        ),
        p,
      );
    case "off":
      return tr.gettext("off the barrel");
    // the agreements of 5.2
    case "fail-try":
      return format(tr.gettext("on the barrel: a failed {contract} scores 0, stays at {total} and uses a try"), p);
    case "finish":
      return format(tr.gettext("on the barrel, but {score} takes the total to {target}: counted"), { ...p, score: signed(p.score) });
    case "together":
      if (p.declarer != null) {
        return format(
          tr.gettext(
            "{reached} reaches the barrel with the declarer {by}: only the declarer climbs, back to {total} (-{penalty})",
          ),
          { ...p, by: seat(p.declarer) },
        );
      }
      return format(
        tr.gettext("{reached} reaches the barrel in the same hand as another player: nobody climbs, back to {total} (-{penalty})"),
        p,
      );
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

/** The renders of the notes of sections 5, 5.1 and 5.2, by rule key. @type {Readonly<Record<string, Render>>} */
export const HOUSE_RENDER = {
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
  finish: (p, tr) => format(tr.gettext("would pass {target}: {total}, not counted"), p), // 5.2 finish exact
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
