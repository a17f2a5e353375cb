// The Swift library's verdict on every shared request body (runtimes/fixtures/), text byte for
// byte: a valid body's value, or its RFC 9457 problem details.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { problemJSON, problemDetails, valueJSON, JSONReadError, UndeclaredServerCode } from "../src/index.js";
import { fixtures, seedRules, featureRules } from "./helpers.js";

const cases = JSON.parse(readFileSync(fixtures + "body_cases.json", "utf8"));
const verdicts = readFileSync(fixtures + "verdicts.jsonl", "utf8").split("\n").filter((line) => line !== "");
const rules = { seed: seedRules(), features: featureRules() };

test("one recorded verdict per body case", () => {
  assert.ok(cases.length >= 30);
  assert.equal(verdicts.length, cases.length);
});

function numberBounds(problem) {
  const violations = problem.violations.map((violation) => {
    const copy = { ...violation };
    // NB: compared as numbers: JSON.parse reads `1000.00` as 1000, the runtime keeps the written `"1000.00"`.
    for (const key of ["min", "max"]) if (copy.boundKind === "number" && key in copy) copy[key] = Number(copy[key]);
    return copy;
  });
  return { ...problem, violations };
}

cases.forEach((bodyCase, index) => {
  test(`body case ${index}: ${bodyCase.rules} ${bodyCase.type} ${bodyCase.body ?? "(base64)"}`.slice(0, 120), () => {
    const body = bodyCase.body ?? new Uint8Array(Buffer.from(bodyCase.bodyBase64, "base64"));
    const verdict = rules[bodyCase.rules].verdict(bodyCase.type, body, {
      acceptLanguage: bodyCase.acceptLanguage, today: bodyCase.today,
    });
    const line = verdict.valid ? `{"status":200,"value":${valueJSON(verdict.value)}}` : problemJSON(verdict.problem);
    assert.equal(line, verdicts[index]);
    // The problem is an object a client reads as JSON, member for member (a number bound is kept
    // exact, as the text of its digits).
    if (!verdict.valid) assert.deepEqual(numberBounds(verdict.problem), numberBounds(JSON.parse(verdicts[index])));
  });
});

test("problemDetails of a result and of a JSONReadError equal the verdict's problem", () => {
  const seed = rules.seed;
  const body = '{"title": "123456789012345678901", "dueDate": "2026-11-21"}';
  const result = seed.validateJSON("ToDoTask", body, { today: "2026-11-22" });
  assert.equal(result.valid, false);
  const problem = problemDetails(result, { rules: seed, acceptLanguage: "ja, en;q=0.5" });
  assert.equal(problemJSON(problem), verdicts[2]);
  assert.throws(() => seed.validateJSON("ToDoTask", '{"title": "a",}'), (error) => {
    assert.ok(error instanceof JSONReadError);
    assert.equal(problemJSON(problemDetails(error, { rules: seed })), verdicts[6]);
    return true;
  });
});

// A violation the server adds (`serverCodes:`): the problem details byte for byte, or the same
// sentence refusing a code or path the rules do not declare there.
const serverCases = JSON.parse(readFileSync(fixtures + "server_cases.json", "utf8"));
const serverVerdicts = readFileSync(fixtures + "server_verdicts.jsonl", "utf8").split("\n").filter((line) => line !== "");

test("one recorded verdict per server case", () => {
  assert.ok(serverCases.length >= 20);
  assert.equal(serverVerdicts.length, serverCases.length);
});

serverCases.forEach((serverCase, index) => {
  test(`server case ${index}: ${serverCase.rules} ${serverCase.name} ${serverCase.code} at ${JSON.stringify(serverCase.path)}`, () => {
    const found = [{ code: serverCase.code, path: serverCase.path, value: serverCase.value }];
    let line;
    try {
      line = problemJSON(rules[serverCase.rules].serverProblem(serverCase.name, found, { acceptLanguage: serverCase.acceptLanguage }));
    } catch (error) {
      if (!(error instanceof UndeclaredServerCode)) throw error;
      assert.deepEqual({ error: error.message }, JSON.parse(serverVerdicts[index]));
      return;
    }
    assert.equal(line, serverVerdicts[index]);
  });
});
