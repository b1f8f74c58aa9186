// Twin of scorekeeper/rules/__init__.py: the variants by key, and the rules of a variant with option overrides.
(function (SK) {
  "use strict";
  var py = SK.py;
  var M = (SK.rules = {});

  var N_ = SK.errors.N_;

  // VARIANTS: dict[str, Preset] = {preset.key: preset for preset in PRESETS}; a Map, in the
  // order of PRESETS (", ".join(VARIANTS) names them in that order)
  var VARIANTS = new Map();
  SK.presets.PRESETS.forEach(function (preset) {
    VARIANTS.set(preset.key, preset);
  });
  M.VARIANTS = VARIANTS;

  // The preset of `key`; InvalidHand names the presets for an unknown one.
  function find_variant(key) {
    if (!py.is_str(key) || !VARIANTS.has(key)) {
      throw new SK.errors.InvalidHand([
        new SK.errors.Problem({
          hand: null,
          field: "variant",
          template: N_("unknown variant {key!r}; the variants are {variants}"),
          seat: null,
          params: { key: key, variants: Array.from(VARIANTS.keys()).join(", ") },
        }),
      ]);
    }
    return VARIANTS.get(key);
  }
  M.find_variant = find_variant;

  // The rules of preset `key` with option overrides.
  function rules_for(key, options) {
    if (options === undefined) options = null;
    return new SK.ruleset.Rules(find_variant(key), options);
  }
  M.rules_for = rules_for;

  SK.find_variant = find_variant;
  SK.rules_for = rules_for;
})((globalThis.SK = globalThis.SK || {}));
