// bin/conformance.mjs speaks the conformance protocol (docs/conformance.md): one answer line per
// request line, the checks it implements, and a clear refusal of bad arguments and requests.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { fixtures } from "./helpers.js";
import { CHECKS } from "../src/index.js";

const program = fileURLToPath(new URL("../bin/conformance.mjs", import.meta.url));
const run = (args, input = "") => spawnSync(process.execPath, [program, ...args], { input, encoding: "utf8", timeout: 20_000 });

test("--checks prints the checks it implements, as the reference implementation's list", () => {
  const result = run(["--checks"]);
  assert.equal(result.status, 0);
  assert.equal(result.stdout, JSON.stringify([...CHECKS].sort()) + "\n");
  // NB: CHECKS is the reference's list, generated from its descriptors (rulecheck export runtime-data), never
  // typed here again; CheckConsumerTests asks the reference for the same list.
  assert.ok(JSON.parse(result.stdout).includes("length"));
});

test("each request gets one answer line, in order", () => {
  const requests = [
    { type: "ToDoTask", input: { title: " a ", note: "", dueDate: "2026-12-01" }, today: "2026-11-22", language: "en" },
    { type: "ToDoTask", input: { title: " a ", dueDate: "2026-11-21" }, today: "2026-11-22", language: "ja" },
    { type: "BirthYear", input: 1990, today: "2026-11-22", language: "en" },
    { type: "BirthYear", input: "1990", today: "2026-11-22", language: "en" },
  ];
  const result = run([fixtures + "seed.schema.json"], requests.map((r) => JSON.stringify(r)).join("\n") + "\n");
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(result.stdout.split("\n"), [
    '{"valid":true,"value":{"dueDate":"2026-12-01","note":"","title":"a"}}',
    '{"valid":false,"violations":[{"code":"required","path":["note"],"message":"入力してください。"},{"code":"tooEarly","path":["dueDate"],"message":"2026-11-22以降の日付を入力してください。"}]}',
    '{"valid":true,"value":1990}',
    '{"valid":true,"value":1990}',
    "",
  ]);
});

test("bad arguments exit 2 with the usage", () => {
  for (const args of [[], ["a", "b"], ["--nope"], ["--custom", "a.mjs"]]) {
    const result = run(args);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /usage: conformance.mjs \[--custom MODULE.mjs\] SCHEMA.json \| --checks/);
  }
});

test("--custom gives the custom checks' implementations, and without them the rules do not load", () => {
  const luhn = fixtures + "../js/test/luhn.mjs";
  const request = JSON.stringify({ type: "CardNumber", input: "4539578763621487" }) + "\n";
  const answered = run(["--custom", luhn, fixtures + "cards.schema.json"], request);
  assert.equal(answered.status, 0, answered.stderr);
  assert.match(answered.stdout, /invalidChecksum/);
  const refused = run([fixtures + "cards.schema.json"], request);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /custom check 'luhn'/);
});

test("a schema that cannot be used exits 2, naming it", () => {
  const result = run([fixtures + "body_cases.json"]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /body_cases.json: not a schema exported by rulecheck/);
  assert.equal(run(["/nonexistent.schema.json"]).status, 2);
});

test("a request that cannot be answered is said on standard error, and the answer is no response", () => {
  const result = run([fixtures + "seed.schema.json"], '{"type": "Nope", "input": "x"}\n{"type": 1}\nnot json\n');
  assert.equal(result.status, 0);
  assert.match(result.stderr, /no type or model 'Nope'/);
  assert.match(result.stderr, /the request has no string "type"/);
  assert.match(result.stderr, /the request is not JSON: 1:1: expected a value; found 'not'/);
  assert.equal(result.stdout.trim().split("\n").length, 3);
  for (const line of result.stdout.trim().split("\n")) assert.equal(JSON.parse(line).valid, undefined);
});
