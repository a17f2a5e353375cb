// The fuzz targets' findings and hostile shapes (Fuzz/runtimes/, docs/reliability.md), kept as
// regression cases: each runtimes/fixtures/fuzz/TARGET/NAME.input with the engine's verdict in
// NAME.verdict.json. Both runtimes' cases run here: a reader's answer is the same in every runtime.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fixtures, seedRules, featureRules } from "./helpers.js";
import { readJSON, JSONReadError } from "../src/json.js";

const folder = fixtures + "fuzz/";
const RULES = { seed: seedRules(), features: featureRules() };
// The types and models in the order of a validator input's first byte (Fuzz/runtimes/oracle.py).
const NAMES = ["seed", "features"].flatMap((set) => {
  const document = JSON.parse(readFileSync(fixtures + `${set}.schema.json`, "utf8"));
  return Object.keys(document.$defs ?? document.definitions).sort().map((name) => [set, name]);
});

function plain(result) {
  if (result.valid) return { valid: true, value: JSON.parse(JSON.stringify(result.value, (_, value) => (typeof value === "bigint" ? Number(value) : value))) };
  return { valid: false, violations: result.violations.map(({ code, path, message }) => ({ code, path, message })).sort((a, b) => JSON.stringify(a) < JSON.stringify(b) ? -1 : 1) };
}

const cases = readdirSync(folder).flatMap((target) => readdirSync(folder + target).filter((name) => name.endsWith(".input")).map((name) => [target, name]));
assert.ok(cases.length >= 20);

for (const [target, name] of cases) {
  const data = new Uint8Array(readFileSync(folder + target + "/" + name));
  const verdict = JSON.parse(readFileSync(folder + target + "/" + name.replace(/\.input$/, ".verdict.json"), "utf8"));
  test(`${target}/${name} is answered as the engine answers it`, () => {
    if (target.endsWith("JSONReader")) {
      let answer;
      try {
        readJSON(data);
        answer = { read: true };
      } catch (error) {
        if (!(error instanceof JSONReadError)) throw error;
        answer = { error: error.message, column: error.column };
      }
      assert.deepEqual(answer, verdict);
      return;
    }
    const [set, type] = NAMES[data[0] % NAMES.length];
    const result = plain(RULES[set].validateJSON(type, data.subarray(1), { today: "2026-11-28", language: "ja" }));
    if (verdict.violations) verdict.violations.sort((a, b) => JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
    assert.deepEqual(result, verdict);
  });
}
