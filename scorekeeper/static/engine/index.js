// The engine's entry point (docs/engine.md): SK.engine_output, twin of scorekeeper.gamefile.output.engine_output.
(function (SK) {
  "use strict";

  // SK.engine_output(data, {entered, stored, tr}): the decoded game file (py.parse_json) scored,
  // or {problems: [...]}, as Python's engine_output gives it.
  SK.engine_output = SK.gamefile_output.engine_output;
  // the game file both ways (the offline page writes a hand in game-file shape)
  SK.gamefile = {
    FORMAT: SK.gamefile_file.FORMAT,
    GameFile: SK.gamefile_file.GameFile,
    decode: SK.gamefile_file.decode,
    dumps: SK.gamefile_file.dumps,
    line_to_dict: SK.gamefile_lines.line_to_dict,
    loads: SK.gamefile_file.loads,
    parse: SK.gamefile_file.parse,
    parse_line: SK.gamefile_lines.parse_line,
    to_dict: SK.gamefile_file.to_dict,
  };
})((globalThis.SK = globalThis.SK || {}));
