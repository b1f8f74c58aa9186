// Twin of the server's gettext catalogues (scorekeeper/catalogues.py, engine_catalogue): a translator from /engine/messages-<lang>.json.
(function (SK) {
  "use strict";
  var M = (SK.i18n = {});
  var has = Object.prototype.hasOwnProperty;

  /** A translator (gettext, ngettext, pgettext) from an exported catalogue:
   * {"plurals": [the plural form of n for n = 0..199], "messages": {msgid: msgstr or [plural
   * forms]}, "contexts": {"ctx\u0004msgid": msgstr}}. A count n of 200 or more takes the form of
   * 100 + n % 100 (catalogues.plural_table checks that the language's rule repeats so); with no
   * table, the form is English's (n != 1). A message it lacks, or whose translation is empty, is
   * said in English, as gettext's GNUTranslations does: the msgid, or for ngettext the singular
   * when n == 1 and the plural otherwise. */
  function catalogue(json) {
    json = json || {};
    var messages = json.messages || {};
    var contexts = json.contexts || {};
    var plurals = json.plurals;

    // the translation of `key` in `table`, or undefined (none, or empty)
    function lookup(table, key) {
      return has.call(table, key) && table[key] !== "" ? table[key] : undefined;
    }

    return {
      gettext: function (message) {
        var t = lookup(messages, message);
        return typeof t === "string" ? t : message;
      },
      ngettext: function (singular, plural, n) {
        n = +n;
        var forms = lookup(messages, singular);
        var t = Array.isArray(forms) ? forms[plurals ? plurals[n < 200 ? n : 100 + (n % 100)] : +(n !== 1)] : undefined;
        return typeof t === "string" && t !== "" ? t : n === 1 ? singular : plural;
      },
      pgettext: function (context, message) {
        var t = lookup(contexts, context + "\u0004" + message);
        return typeof t === "string" ? t : message;
      },
    };
  }
  M.catalogue = catalogue;
})((globalThis.SK = globalThis.SK || {}));
