// The JavaScript twin of the rules, run by Node for the conformance test (docs/engine.md).
// Loads scorekeeper/static/engine/ in the order of files.json, as a page does, then answers one
// JSON line per job read from stdin: {"game": "<game file as JSON text>", "entered": n|null,
// "stored": bool, "lang": "pl"|null} -> the engine's output as Python's json.dumps writes it
// (py.json_dumps), or {"crash": "..."} when the engine throws anything but InvalidHand.
// argv[2]: a folder of catalogues, messages-<lang>.json (the server's /engine/ exports).
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import vm from "node:vm";
import { fileURLToPath } from "node:url";

// ENGINE_BUNDLE=file: the one script the server sends (/engine/engine.js) instead of the sources
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "scorekeeper", "static", "engine");
if (process.env.ENGINE_BUNDLE) {
  vm.runInThisContext(fs.readFileSync(process.env.ENGINE_BUNDLE, "utf8"), { filename: "engine.js" });
} else {
  for (const name of JSON.parse(fs.readFileSync(path.join(root, "files.json"), "utf8"))) {
    vm.runInThisContext(fs.readFileSync(path.join(root, name), "utf8"), { filename: name });
  }
}
const SK = globalThis.SK;
const catalogues = {};
function translator(lang) {
  if (!lang || lang === "en") return undefined;
  if (!(lang in catalogues)) {
    const file = path.join(process.argv[2] || ".", `messages-${lang}.json`);
    catalogues[lang] = SK.i18n.catalogue(JSON.parse(fs.readFileSync(file, "utf8")));
  }
  return catalogues[lang];
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  const job = JSON.parse(line);
  let out;
  try {
    const data = SK.py.parse_json(job.game);
    const options = { entered: job.entered ?? null, stored: !!job.stored };
    const tr = translator(job.lang);
    if (tr) options.tr = tr;
    out = SK.py.json_dumps(SK.engine_output(data, options));
  } catch (e) {
    out = JSON.stringify({ crash: String(e && e.stack || e) });
  }
  process.stdout.write(out + "\n");
}
