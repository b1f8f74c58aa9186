// Twin of the server's gettext catalogues (scorekeeper/catalogues.py, engine_catalogue): a translator from /engine/messages-<lang>.json.
(function (SK) {
  "use strict";
  var M = (SK.i18n = {});

  // --- the plural rule: a C expression of n, read without eval ---------------------------------
  // (gettext's Plural-Forms, as Python's gettext.c2py reads it: ?:, ||, &&, ==, !=, <, <=, >, >=,
  // +, -, *, /, %, !, unary -, parentheses, integers and n; / is integer division)

  var TOKEN = /\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[<>?:()+\-*\/%!]))/y;

  function tokenize(text) {
    var tokens = [];
    var pos = 0;
    text = String(text);
    for (;;) {
      TOKEN.lastIndex = pos;
      var m = TOKEN.exec(text);
      if (!m) {
        if (/^\s*$/.test(text.slice(pos))) break;
        throw new SyntaxError("plural forms expression: unexpected " + JSON.stringify(text.slice(pos)));
      }
      pos = TOKEN.lastIndex;
      if (m[1] !== undefined) tokens.push({ num: parseInt(m[1], 10) });
      else if (m[2] !== undefined) tokens.push({ n: true });
      else tokens.push({ op: m[3] });
    }
    return tokens;
  }

  var BINARY = {
    "||": 1,
    "&&": 2,
    "==": 3,
    "!=": 3,
    "<": 4,
    "<=": 4,
    ">": 4,
    ">=": 4,
    "+": 5,
    "-": 5,
    "*": 6,
    "/": 6,
    "%": 6,
  };

  function int(v) {
    return v === true ? 1 : v === false ? 0 : v;
  }

  function apply(op, a, b) {
    switch (op) {
      case "||":
        return int(a) !== 0 || int(b) !== 0 ? 1 : 0;
      case "&&":
        return int(a) !== 0 && int(b) !== 0 ? 1 : 0;
      case "==":
        return a === b ? 1 : 0;
      case "!=":
        return a !== b ? 1 : 0;
      case "<":
        return a < b ? 1 : 0;
      case "<=":
        return a <= b ? 1 : 0;
      case ">":
        return a > b ? 1 : 0;
      case ">=":
        return a >= b ? 1 : 0;
      case "+":
        return a + b;
      case "-":
        return a - b;
      case "*":
        return a * b;
      case "/":
        if (b === 0) throw new RangeError("plural forms expression: division by zero");
        return Math.floor(a / b);
      case "%":
        if (b === 0) throw new RangeError("plural forms expression: division by zero");
        var r = a % b;
        return r !== 0 && r < 0 !== b < 0 ? r + b : r;
    }
    throw new SyntaxError("plural forms expression: unknown operator " + op);
  }

  /** The plural rule as a function of n: a tree of closures, parsed once. */
  function plural_function(expression) {
    var tokens = tokenize(expression);
    var at = 0;

    function peek() {
      return tokens[at];
    }
    function expect(op) {
      var t = tokens[at];
      if (!t || t.op !== op) throw new SyntaxError("plural forms expression: expected " + op);
      at++;
    }

    // conditional: binary [? conditional : conditional]   (right-associative)
    function conditional() {
      var test = binary(1);
      var t = peek();
      if (t && t.op === "?") {
        at++;
        var yes = conditional();
        expect(":");
        var no = conditional();
        return function (n) {
          return int(test(n)) !== 0 ? yes(n) : no(n);
        };
      }
      return test;
    }

    function binary(level) {
      var left = unary();
      for (;;) {
        var t = peek();
        var prec = t && t.op !== undefined ? BINARY[t.op] : undefined;
        if (prec === undefined || prec < level) return left;
        at++;
        var right = binary(prec + 1);
        left = (function (op, l, r) {
          if (op === "||")
            return function (n) {
              return int(l(n)) !== 0 || int(r(n)) !== 0 ? 1 : 0;
            };
          if (op === "&&")
            return function (n) {
              return int(l(n)) !== 0 && int(r(n)) !== 0 ? 1 : 0;
            };
          return function (n) {
            return apply(op, int(l(n)), int(r(n)));
          };
        })(t.op, left, right);
      }
    }

    function unary() {
      var t = tokens[at];
      if (!t) throw new SyntaxError("plural forms expression: unexpected end");
      at++;
      if (t.num !== undefined) {
        var k = t.num;
        return function () {
          return k;
        };
      }
      if (t.n) {
        return function (n) {
          return n;
        };
      }
      if (t.op === "(") {
        var inner = conditional();
        expect(")");
        return inner;
      }
      if (t.op === "!") {
        var operand = unary();
        return function (n) {
          return int(operand(n)) === 0 ? 1 : 0;
        };
      }
      if (t.op === "-") {
        var neg = unary();
        return function (n) {
          return -int(neg(n));
        };
      }
      throw new SyntaxError("plural forms expression: unexpected " + t.op);
    }

    var rule = conditional();
    if (at !== tokens.length) throw new SyntaxError("plural forms expression: unexpected " + tokens[at].op);
    return function (n) {
      return int(rule(n));
    };
  }
  M.plural_function = plural_function;

  /** A translator (gettext, ngettext, pgettext) from an exported catalogue:
   * {"plural": "<C expression of n>", "messages": {msgid: msgstr or [plural forms]},
   *  "contexts": {"ctx\u0004msgid": msgstr}}. A message it lacks, or whose translation is empty,
   * is said in English, as gettext's GNUTranslations does: the msgid, or for ngettext the
   * singular when n == 1 and the plural otherwise. */
  function catalogue(json) {
    json = json || {};
    var messages = json.messages || {};
    var contexts = json.contexts || {};
    var plural = plural_function(json.plural === undefined || json.plural === null ? "(n != 1)" : json.plural);
    var has = Object.prototype.hasOwnProperty;

    return {
      gettext: function (message) {
        var t = has.call(messages, message) ? messages[message] : undefined;
        return typeof t === "string" && t !== "" ? t : message;
      },
      ngettext: function (singular, plural_msgid, n) {
        var forms = has.call(messages, singular) ? messages[singular] : undefined;
        if (Array.isArray(forms)) {
          var i = plural(+n);
          var t = forms[i];
          if (typeof t === "string" && t !== "") return t;
        }
        return +n === 1 ? singular : plural_msgid;
      },
      pgettext: function (context, message) {
        var key = context + "\u0004" + message;
        var t = has.call(contexts, key) ? contexts[key] : undefined;
        return typeof t === "string" && t !== "" ? t : message;
      },
    };
  }
  M.catalogue = catalogue;
})((globalThis.SK = globalThis.SK || {}));
