// node --test runtimes/js/bench/: the benchmark's inputs are Benchmarks/'s, its hand-written
// rules mean what the runtime means on every one of them, and its hand-written same results are
// the runtime's results, member for member (else the ratios measure nothing).

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import test from "node:test";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HANDWRITTEN, SAME_RESULT, UTF16, differences, loadRules, resultDifferences, run } from "./bench.mjs";
import * as hand from "./handwritten.mjs";
import { Generator, inputs } from "./inputs.mjs";

test("SplitMix64 gives the published sequence", () => {
  // The first outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
  const generator = new Generator(0);
  assert.deepEqual([generator.next(), generator.next(), generator.next()],
    [0xe220a8397b1dcdafn, 0x6e789e6aa1b965f4n, 0x06c45d188009454fn]);
});

test("draws stay in their ranges, as Swift's Int.random(in:) and Bool.random do", () => {
  const generator = new Generator(42);
  const seen = new Set();
  let trues = 0;
  for (let i = 0; i < 10_000; i++) {
    const value = generator.closed(9, 12);
    assert.ok(value >= 9 && value <= 12);
    seen.add(value);
    assert.ok(generator.halfOpen(0, 3) < 3);
    if (generator.bool()) trues++;
  }
  assert.deepEqual([...seen].sort(), [10, 11, 12, 9]);
  assert.ok(trues > 4_500 && trues < 5_500, `${trues} of 10,000 true`);
});

// SHA-256 of each rule's 1,000 inputs joined by U+0000, as Benchmarks/Benchmarks/Baselines/Inputs.swift
// makes them: recorded from a Swift build of Inputs.swift on 2026-11-24 (its JSON compared input
// by input with inputs.mjs's: all 5,000 the same). A change on either side shows here.
const SWIFT_INPUTS_SHA256 = {
  TaskTitle: "35784524aec517c10a4bc7143a0e7c19f440fc895a6a36789dec95e03f2ed00d",
  Username: "5b5611f1fad2b06a19ec1dfe10b6105ecc84de74796c9a1bd16406f2d6f30b52",
  EmailAddress: "926feae1cb1f2e16ee5d348dbb046633252f860f95027c8d402b9f6fbf7d4968",
  TaskDueDate: "20e287e8e4b8921932f43170e4feab62a4dcd8f73ab7249e5986bc7c73a762cb",
  SearchQuery: "8402f2e73e6ee5f5f1ed512231463f751dc2eb0a686c2ad31dc2cb95fa964749",
};

test("the inputs are the Swift benchmarks' own, input for input", () => {
  const all = inputs();
  for (const [rule, digest] of Object.entries(SWIFT_INPUTS_SHA256)) {
    assert.equal(createHash("sha256").update(all[rule].join("\u0000")).digest("hex"), digest, rule);
  }
});

test("each rule has the same 1,000 inputs every time, mixed as Benchmarks/ describes them", () => {
  const first = inputs();
  assert.deepEqual(inputs(), first);
  for (const list of Object.values(first)) assert.equal(list.length, 1000);
  // docs/performance.md: about 70% of the due dates are invalid (before 2026-11-22, or malformed).
  const invalid = first.TaskDueDate.filter((date) => typeof hand.dueDate(date, [2026, 11, 22]) === "number");
  assert.ok(invalid.length > 650 && invalid.length < 750, `${invalid.length} invalid dates`);
  assert.ok(first.EmailAddress.some((email) => email.startsWith(" ") && email.endsWith(" ")));
  assert.ok(first.TaskTitle.some((title) => title.includes("👨\u200d👩\u200d👧")));
  assert.ok(first.SearchQuery.includes(""));
});

test("the hand-written rules mean what the runtime means on all 5,000 inputs", () => {
  assert.deepEqual(differences(loadRules()), []);
});

test("a hand-written rule that means something else is caught", () => {
  const rules = loadRules();
  const all = inputs();
  // Counting UTF-16 code units instead of characters, and not trimming: both are caught.
  const units = { ...HANDWRITTEN, Username: (name) => (name.length < 1 ? hand.TOO_SHORT : name.length > 10 ? hand.TOO_LONG : name) };
  const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
  const untrimmed = {
    ...HANDWRITTEN,
    TaskTitle: (title) => {
      const count = [...segmenter.segment(title)].length;
      return count < 1 ? hand.TOO_SHORT : count > 20 ? hand.TOO_LONG : title;
    },
  };
  assert.ok(differences(rules, { Username: all.Username }, units).length > 50);
  assert.ok(differences(rules, { TaskTitle: all.TaskTitle }, untrimmed).length > 50);
});

test("the hand-written same results are the runtime's results on all 5,000 inputs", () => {
  assert.deepEqual(resultDifferences(loadRules()), []);
});

test("a hand-written same result that differs in any member is caught", () => {
  const rules = loadRules();
  const all = inputs();
  const changed = (rule, change) => ({ ...SAME_RESULT, [rule]: (input) => change(SAME_RESULT[rule](input)) });
  const violation = (change) => (result) => (result.valid ? result : { ...result, violations: [change({ ...result.violations[0] })] });
  for (const [rule, change, atLeast] of [
    // Another message, a missing bound kind, an extra member, a path that is not an array, a
    // count bound as text, and a valid result with a member more.
    ["SearchQuery", violation((v) => ({ ...v, message: "Required." })), 100],
    ["TaskDueDate", violation((v) => { delete v.boundKind; return v; }), 600],
    ["EmailAddress", violation((v) => ({ ...v, sensitive: false })), 500],
    ["Username", violation((v) => ({ ...v, path: "" })), 200],
    ["TaskTitle", violation((v) => ("max" in v ? { ...v, max: "20" } : v)), 150],
    ["TaskTitle", (result) => (result.valid ? { ...result, violations: [] } : result), 700],
  ]) {
    const found = resultDifferences(rules, { [rule]: all[rule] }, changed(rule, change));
    assert.ok(found.length >= atLeast, `${rule}: ${found.length} caught`);
  }
});

test("the UTF-16 baselines count code units: the rules' meaning on single-unit text, not on the rest", () => {
  assert.deepEqual(Object.keys(UTF16), ["TaskTitle", "Username"]);
  for (const [rule, units] of Object.entries(UTF16)) {
    for (const input of ["a", "qZ7", "漢字あ", " a ", "", "a".repeat(21)]) assert.equal(units(input), HANDWRITTEN[rule](input), `${rule} ${input}`);
  }
  // One character each, 8 and 2 code units: too long by units, not by characters.
  const family = "👨\u200d👩\u200d👧";
  assert.equal(hand.usernameUnits(family.repeat(2)), hand.TOO_LONG);
  assert.equal(hand.username(family.repeat(2)), family.repeat(2));
  assert.equal(hand.taskTitleUnits("e\u0301".repeat(11)), hand.TOO_LONG);
  assert.equal(hand.taskTitle("e\u0301".repeat(11)), "e\u0301".repeat(11));
});

test("a run prints a row per rule with every way and the ratios", () => {
  const rows = run(["--rounds", "1", "--passes", "1", "--json"]);
  assert.deepEqual(rows.map((row) => row.rule), ["TaskTitle", "Username", "EmailAddress", "TaskDueDate", "SearchQuery"]);
  for (const row of rows) {
    assert.ok(row.runtime > 0 && row.byname > 0 && row.handwritten > 0 && row.same > 0, JSON.stringify(row));
    assert.equal(row.ratio, row.runtime / row.same);
    assert.equal(row.bynameRatio, row.byname / row.same);
    assert.equal(row.bareRatio, row.runtime / row.handwritten);
    // The UTF-16 baseline where a rule counts characters, and no column elsewhere.
    if (UTF16[row.rule]) assert.equal(row.utf16Ratio, row.runtime / row.utf16);
    else assert.ok(!("utf16" in row) && !("utf16Ratio" in row), JSON.stringify(row));
  }
  const two = run(["--rounds", "1", "--passes", "1", "--rule", "SearchQuery", "--way", "same", "--way", "runtime", "--json"]);
  assert.deepEqual(Object.keys(two[0]).sort(), ["ratio", "rule", "runtime", "same"]);
  const byName = run(["--rounds", "1", "--passes", "1", "--rule", "SearchQuery", "--way", "byname", "--way", "same", "--json"]);
  assert.deepEqual(Object.keys(byName[0]).sort(), ["byname", "bynameRatio", "rule", "same"]);
});

// A stand-in for Benchmarks/' ValidatorProfile: `time PASSES RULE...` answered with fixed times,
// its arguments written beside it, or a failure when FAIL is set.
function fakeProfile(body) {
  const folder = mkdtempSync(join(tmpdir(), "bench-swift-"));
  const path = join(folder, "ValidatorProfile");
  writeFileSync(path, `#!/usr/bin/env node\n${body}\n`);
  chmodSync(path, 0o755);
  return { folder, path };
}

test("--swift PATH times the Swift engine once a round and gives runtime ÷ Swift compiled", () => {
  const { folder, path } = fakeProfile(`
const fs = require("node:fs");
fs.appendFileSync(__filename + ".calls", process.argv.slice(2).join(" ") + "\\n");
const [, passes, ...rules] = process.argv.slice(2);
const times = { TaskTitle: [400, 300, 900], SearchQuery: [20, 15, 10] };
console.log(JSON.stringify(Object.fromEntries(rules.map((rule) => [rule, { compiled: times[rule][0], generated: times[rule][1], handTuned: times[rule][2] }]))));`);
  try {
    const rows = run(["--rounds", "3", "--passes", "1", "--rule", "TaskTitle", "--rule", "SearchQuery", "--swift", path, "--json"]);
    assert.deepEqual(rows.map((row) => row.swift), [
      { compiled: 400, generated: 300, handTuned: 900 },
      { compiled: 20, generated: 15, handTuned: 10 },
    ]);
    for (const row of rows) assert.equal(row.swiftRatio, row.runtime / row.swift.compiled);
    // Once each counted round, the rules' passes and names as arguments.
    const calls = readFileSync(`${path}.calls`, "utf8").trim().split("\n");
    assert.deepEqual(calls, Array(3).fill("time 1 TaskTitle SearchQuery"));
  } finally {
    rmSync(folder, { recursive: true });
  }
});

test("--swift stops the run with the profile's error, or on an answer without times", () => {
  for (const [body, message] of [
    ["process.stderr.write('no rules folder'); process.exit(2);", /time 1 SearchQuery: no rules folder/],
    ["console.log(JSON.stringify({ SearchQuery: { compiled: 3 } }));", /gave no times for SearchQuery/],
  ]) {
    const { folder, path } = fakeProfile(body);
    try {
      assert.throws(() => run(["--rounds", "1", "--passes", "1", "--rule", "SearchQuery", "--swift", path, "--json"]), message);
    } finally {
      rmSync(folder, { recursive: true });
    }
  }
});

test("bad arguments are clear errors", () => {
  for (const [argv, message] of [
    [["--rule", "Nope"], /no rule Nope/],
    [["--way", "swift"], /no way swift/],
    [["--rounds"], /--rounds needs a value/],
    [["--rounds", "0"], /at least 1/],
    [["--fast"], /unknown argument --fast/],
  ]) {
    assert.throws(() => run(argv), message);
  }
});
