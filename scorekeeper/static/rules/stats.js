// Twin of scorekeeper/rules/stats.py, contractOutcome alone: the sheets' ✓ and ✗ (the players'
// records are the server's).

/**
 * What became of the declarer's contract in a line: "made", "failed" or "given up", as the
 * rules scored it; null for a line without a declarer.
 * @param {import("./tally.js").LineResult} line
 * @returns {"made" | "failed" | "given up" | null}
 */
export function contractOutcome(line) {
  for (const { seat, rule, params } of line.notes) {
    if (seat !== line.declarer) continue;
    if (rule === "contract-made") return "made";
    if (rule === "contract-failed") return "failed";
    if (rule === "give-up" && params.role === "declarer") return "given up";
  }
  return null;
}
