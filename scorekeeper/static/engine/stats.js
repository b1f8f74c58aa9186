// Twin of scorekeeper/rules/stats.py, contract_outcome alone: the sheets' ✓ and ✗ (the players' figures are the server's).
(function (SK) {
  "use strict";
  var M = (SK.stats = {});

  // What became of the declarer's contract in a line: "made", "failed" or "given up", as
  // the rules scored it; None for a line without a declarer.
  M.contract_outcome = function (line) {
    for (var i = 0; i < line.notes.length; i++) {
      var note = line.notes[i];
      if (note.seat !== line.declarer) continue;
      if (note.rule === "contract-made") return "made";
      if (note.rule === "contract-failed") return "failed";
      if (note.rule === "give-up" && note.params.role === "declarer") return "given up";
    }
    return null;
  };
})(globalThis.SK = globalThis.SK || {});
