// What the engine knows reaches this runtime as generated data (src/rulecheck-data.js, written by
// `rulecheck export runtime-data`; RuleExportTests fails while it is stale): no module under src/
// holds such a table by hand. A sentence, a list of checks, a code's bound or the date grammar typed
// into a module fails here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import * as data from "../src/rulecheck-data.js";
import * as text from "../src/text.js";
import { CHECKS, FORMAT_VERSION } from "../src/index.js";

const folder = new URL("../src/", import.meta.url);
// Generated files, which may hold what they generate.
const generated = new Set(["rulecheck-data.js", "unicode-scripts.js"]);
const sources = readdirSync(folder).filter((file) => file.endsWith(".js") && !generated.has(file))
  .map((file) => ({ file, source: readFileSync(new URL(file, folder), "utf8") }));

test("the modules are all read", () => assert.ok(sources.length >= 7, String(sources.length)));

const sentences = Object.values(data.PROBLEMS).flatMap((problem) => [problem.title, ...Object.values(problem.detail)]);

test("no module types a problem's title or detail; each comes from the data", () => {
  assert.ok(sentences.length >= 20);
  for (const { file, source } of sources) {
    for (const sentence of sentences) {
      // A detail is matched by its longest run without placeholders, so a split copy is found too.
      const words = sentence.split(/\{[a-z]+\}/).sort((a, b) => b.length - a.length)[0];
      assert.ok(!source.includes(words), `${file} holds ${JSON.stringify(words)}`);
    }
  }
});

test("no module types a sentence of the JSON reader; each comes from the data", () => {
  const runs = Object.values(data.JSON_SENTENCES).map((template) => template.split(/\{[a-zA-Z]+\}/).sort((a, b) => b.length - a.length)[0])
    .filter((run) => run.length >= 14);
  assert.ok(runs.length >= 25, String(runs.length));
  for (const { file, source } of sources) {
    for (const run of runs) assert.ok(!source.includes(run), `${file} holds ${JSON.stringify(run)}`);
  }
});

test("no module lists the checks, a code's bound, or the date units by hand", () => {
  const checks = Object.keys(data.CHECKS);
  const units = data.DATE_UNITS.join("|");
  for (const { file, source } of sources) {
    for (const line of source.split("\n")) {
      const named = checks.filter((check) => line.includes(`"${check}"`));
      assert.ok(named.length < 4, `${file}: a list of checks: ${line.trim()}`);
      assert.ok(!line.includes(units), `${file}: the date units: ${line.trim()}`);
      assert.doesNotMatch(line, /"(count|number|date)",[^,]*,\s*"(min|max)"/, `${file}: a bound by hand: ${line.trim()}`);
      assert.doesNotMatch(line, /\b(too[A-Z]\w+)"?\s*:\s*"(min|max)"/, `${file}: a placeholder by hand: ${line.trim()}`);
    }
  }
});

test("the runtime's tables are the data's: checks, format version, normalizers", () => {
  assert.deepEqual([...CHECKS], Object.keys(data.CHECKS).sort());
  assert.equal(FORMAT_VERSION, data.FORMAT_VERSION);
  assert.deepEqual(Object.keys(text.NORMALIZERS).sort(), [...data.NORMALIZERS].sort());
  // Every placeholder a bound fills is a field of Violation in the declarations (index.d.ts).
  const declarations = readFileSync(new URL("index.d.ts", folder), "utf8");
  const violation = declarations.slice(declarations.indexOf("export interface Violation {"));
  for (const [code, bound] of Object.entries(data.BOUNDS)) {
    assert.match(violation.slice(0, violation.indexOf("\n}")), new RegExp(`readonly ${bound.placeholder}\\?:`), code);
    assert.match(bound.kind, /^(count|number|date|text)$/, code);
  }
});

test("rules.js gives every check of the data its meaning (a case of its own; required is x-rulecheck-required)", () => {
  const rules = sources.find(({ file }) => file === "rules.js").source;
  for (const check of Object.keys(data.CHECKS)) {
    if (check === "required") assert.match(rules, /x-rulecheck-required/);
    else assert.ok(rules.includes(`case "${check}":`), `rules.js has no case for ${check}`);
  }
});

test("the Japanese texts hold no English words but names (application/json, Content-Type, headers, IANA)", () => {
  const names = /application\/json|Content-Type|Time-Zone|Rulecheck-Today|Asia\/Tokyo|IANA|YYYY-MM-DD/g;
  for (const [name, problem] of Object.entries(data.PROBLEMS)) {
    if (problem.detail.ja === undefined) continue;
    assert.doesNotMatch(problem.detail.ja.replace(names, "").replace(/\{[a-z]+\}/g, ""), /[A-Za-z]{2,}/, name);
  }
});
