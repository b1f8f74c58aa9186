// The JavaScript twin of the rules, run by Node for the conformance test (docs/engine.md): it
// imports static/gamefile/output.js as the phone does and answers one JSON line per job read
// from stdin, {"game": "<game file as JSON text>", "entered": n|null, "stored": bool,
// "lang": "pl"|null}, with engineOutput's answer as JSON, or {"crash": "..."} when the engine
// throws anything but InvalidHand.
// argv[2]: a folder of catalogues, messages-<lang>.json (the server's /engine/ exports);
// ENGINE_ROOT: another folder of the modules than scorekeeper/static/ (as the server sends them).
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

const root = process.env.ENGINE_ROOT
  ? pathToFileURL(path.resolve(process.env.ENGINE_ROOT) + "/")
  : new URL("../scorekeeper/static/", import.meta.url);
/** @type {typeof import("../scorekeeper/static/gamefile/output.js")} */
const { engineOutput } = await import(new URL("gamefile/output.js", root).href);
/** @type {typeof import("../scorekeeper/static/rules/i18n.js")} */
const { catalogue } = await import(new URL("rules/i18n.js", root).href);

/** @type {Map<string, import("../scorekeeper/static/rules/i18n.js").Translator>} */
const translators = new Map();

/** @param {string | null | undefined} lang */
function translator(lang) {
  if (!lang || lang === "en") return undefined;
  if (!translators.has(lang)) {
    const file = path.join(process.argv[2] || ".", `messages-${lang}.json`);
    translators.set(lang, catalogue(JSON.parse(fs.readFileSync(file, "utf8"))));
  }
  return translators.get(lang);
}

const answers = [];
for await (const line of readline.createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  const job = JSON.parse(line);
  try {
    const how = { entered: job.entered ?? null, stored: Boolean(job.stored), tr: translator(job.lang) };
    answers.push(JSON.stringify(engineOutput(JSON.parse(job.game), how)));
  } catch (e) {
    answers.push(JSON.stringify({ crash: String((e instanceof Error && e.stack) || e) }));
  }
  if (answers.length >= 200) process.stdout.write(answers.splice(0).join("\n") + "\n");
}
if (answers.length) process.stdout.write(answers.join("\n") + "\n");
