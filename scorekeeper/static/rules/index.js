// Twin of scorekeeper/rules/__init__.py: the variants by key, and the rules of a variant with
// a game's option overrides.
import { N_, InvalidHand } from "./errors.js";
import { PRESETS } from "./presets.js";
import { Rules } from "./ruleset.js";

/** The presets by key, in the order of PRESETS. */
export const VARIANTS = new Map(PRESETS.map((preset) => [preset.key, preset]));

/**
 * The preset of `key`; InvalidHand names the presets for an unknown one.
 * @param {unknown} key
 */
export function findVariant(key) {
  const preset = typeof key === "string" ? VARIANTS.get(key) : undefined;
  if (preset) return preset;
  const template = N_("unknown variant {key!r}; the variants are {variants}");
  throw InvalidHand.one(null, "variant", template, { key, variants: [...VARIANTS.keys()].join(", ") });
}

/**
 * The rules of preset `key` with option overrides.
 * @param {unknown} key
 * @param {Readonly<Record<string, unknown>> | null} [options]
 */
export function rulesFor(key, options = null) {
  return new Rules(findVariant(key), options);
}
