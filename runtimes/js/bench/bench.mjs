#!/usr/bin/env node
// The five seed rules over the same 1,000 inputs each as Benchmarks/ (inputs.mjs), four ways in
// one process: the runtime (a validator bound to the rule, rules.validator(name, options), on the
// export of rules/), the runtime by name (rules.validate(name, input, options)), the same meaning
// written by hand returning a bare verdict (handwritten.mjs: the value or a number), and written
// by hand returning the runtime's own result ("same result": {valid, value} or {valid,
// violations}, each violation with the runtime's members and English message). Prints nanoseconds
// per validation, the median of several rounds, and the ratios runtime ÷ same result (target ≤
// 1.5), by name ÷ same result and runtime ÷ bare verdict, as a Markdown table (docs/performance.md).
//
//   node runtimes/js/bench/bench.mjs [--rounds 9] [--passes 20] [--rule NAME]... [--way runtime|byname|handwritten|same]... [--json]
//                                    [--swift Benchmarks/.build/release/ValidatorProfile]   (a Swift column)
//   node --cpu-prof --cpu-prof-dir=/tmp/prof runtimes/js/bench/bench.mjs --rule TaskTitle --way runtime
//
// Before timing, every input's verdict (both runtime ways) is checked to be the same as the bare
// hand-written one, and its whole result deep-equal (assert.deepStrictEqual) to the same-result
// hand-written one; a difference stops the run (exit 1), since a faster wrong answer measures nothing.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Rules } from "../src/index.js";
import * as hand from "./handwritten.mjs";
import { inputs } from "./inputs.mjs";

const TODAY = "2026-11-22";
const TODAY_PARTS = [2026, 11, 22];

export const HANDWRITTEN = {
  TaskTitle: hand.taskTitle,
  Username: hand.username,
  EmailAddress: hand.email,
  TaskDueDate: (text) => hand.dueDate(text, TODAY_PARTS),
  SearchQuery: hand.query,
};

/** The same rules by hand, returning the runtime's result. */
export const SAME_RESULT = {
  TaskTitle: hand.taskTitleResult,
  Username: hand.usernameResult,
  EmailAddress: hand.emailResult,
  TaskDueDate: (text) => hand.dueDateResult(text, TODAY_PARTS, TODAY),
  SearchQuery: hand.queryResult,
};

const WAYS = ["runtime", "byname", "handwritten", "same"];

const OPTIONS = { today: TODAY };

/** The runtime's two ways to validate a rule: a validator bound to it, and validate by name. */
export const RUNTIME = {
  runtime: (rules, rule) => rules.validator(rule, OPTIONS),
  byname: (rules, rule) => (input) => rules.validate(rule, input, OPTIONS),
};

/** Each hand-written outcome's code, as the runtime's built-in code (its violation's builtinCode). */
export const BUILTIN = {
  [hand.TOO_SHORT]: ["tooShort"],
  [hand.TOO_LONG]: ["tooLong"],
  [hand.EMPTY]: ["required"],
  [hand.INVALID]: ["email", "invalidEmail", "invalidFormat"],
  [hand.TOO_EARLY]: ["tooEarly"],
};

export function loadRules() {
  const schema = readFileSync(new URL("../../fixtures/seed.schema.json", import.meta.url), "utf8");
  return Rules.fromSchema(schema);
}

/** Every input on which a runtime way and the bare hand-written way differ: [{ rule, way, input, runtime, handwritten }]. */
export function differences(rules, all = inputs(), handwritten = HANDWRITTEN) {
  const found = [];
  for (const [rule, list] of Object.entries(all)) {
    for (const [way, bind] of Object.entries(RUNTIME)) {
      const validate = bind(rules, rule);
      for (const input of list) {
        const result = validate(input);
        const expected = handwritten[rule](input);
        const same =
          typeof expected === "number"
            ? !result.valid && BUILTIN[expected].includes(result.violations[0].builtinCode ?? result.violations[0].code)
            : result.valid && result.value === expected;
        if (!same) found.push({ rule, way, input, runtime: result, handwritten: expected });
      }
    }
  }
  return found;
}

/** Every input whose result by a runtime way is not deep-equal (assert.deepStrictEqual) to the
 * hand-written same result: [{ rule, way, input, runtime, same, message }]. */
export function resultDifferences(rules, all = inputs(), same = SAME_RESULT) {
  const found = [];
  for (const [rule, list] of Object.entries(all)) {
    for (const [way, bind] of Object.entries(RUNTIME)) {
      const validate = bind(rules, rule);
      for (const input of list) {
        const result = validate(input);
        const expected = same[rule](input);
        try {
          assert.deepStrictEqual(result, expected);
        } catch (error) {
          if (!(error instanceof assert.AssertionError)) throw error;
          found.push({ rule, way, input, runtime: result, same: expected, message: error.message });
        }
      }
    }
  }
  return found;
}

let sink = 0;

/** The Swift compiled validator's nanoseconds per validation of `rule`, timed in this run:
 * Benchmarks' `ValidatorProfile RULE compiled N` over the same 1,000 inputs, N and 2N passes
 * subtracted so that loading the rules cancels out; the median of the rounds. */
function swiftNanoseconds(profile, rule, options) {
  const wall = (passes) => {
    const start = process.hrtime.bigint();
    const run = spawnSync(profile, [rule, "compiled", String(passes)], { stdio: ["ignore", "ignore", "pipe"] });
    if (run.status !== 0) throw new Error(`${profile} ${rule} compiled ${passes}: ${run.stderr || run.error}`);
    return Number(process.hrtime.bigint() - start);
  };
  const passes = options.passes * 10;
  const samples = [];
  for (let round = 0; round < options.rounds; round++) {
    samples.push((wall(2 * passes) - wall(passes)) / (passes * 1000));
  }
  return median(samples);
}

function timeOnce(validate, list, passes) {
  const start = process.hrtime.bigint();
  for (let pass = 0; pass < passes; pass++) {
    for (let i = 0; i < list.length; i++) {
      const result = validate(list[i]);
      if (result === true || result?.valid === true || typeof result === "string") sink++;
    }
  }
  return Number(process.hrtime.bigint() - start) / (passes * list.length);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function parse(argv) {
  const options = { rounds: 9, passes: 20, rules: [], ways: WAYS, json: false, swift: undefined };
  const ways = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${flag} needs a value`);
      return argv[++i];
    };
    if (flag === "--rounds") options.rounds = Number(value());
    else if (flag === "--passes") options.passes = Number(value());
    else if (flag === "--rule") options.rules.push(value());
    else if (flag === "--way") ways.push(value());
    else if (flag === "--json") options.json = true;
    else if (flag === "--swift") options.swift = value();
    else throw new Error(`unknown argument ${flag}`);
  }
  for (const rule of options.rules) {
    if (!HANDWRITTEN[rule]) throw new Error(`no rule ${rule}; the rules are ${Object.keys(HANDWRITTEN).join(", ")}`);
  }
  for (const way of ways) {
    if (!WAYS.includes(way)) throw new Error(`no way ${way}; use runtime, byname, handwritten or same`);
  }
  if (ways.length) options.ways = WAYS.filter((way) => ways.includes(way));
  if (!(options.rounds >= 1 && options.passes >= 1)) throw new Error("--rounds and --passes are at least 1");
  return options;
}

export function run(argv) {
  const options = parse(argv);
  const rules = loadRules();
  const all = inputs();
  const wrong = differences(rules, all);
  if (wrong.length) {
    for (const { rule, way, input, runtime, handwritten } of wrong.slice(0, 10)) {
      console.error(`${rule} ${JSON.stringify(input)}: ${way} ${JSON.stringify(runtime)}, hand-written ${JSON.stringify(handwritten)}`);
    }
    throw new Error(`${wrong.length} inputs differ between the runtime and the hand-written rules`);
  }
  const unlike = resultDifferences(rules, all);
  if (unlike.length) {
    for (const { rule, way, input, message } of unlike.slice(0, 3)) console.error(`${rule} ${JSON.stringify(input)} (${way}): ${message}`);
    throw new Error(`${unlike.length} inputs' runtime results differ from the hand-written same results`);
  }
  const names = options.rules.length ? options.rules : Object.keys(HANDWRITTEN);
  const ways = {
    runtime: (rule) => RUNTIME.runtime(rules, rule),
    byname: (rule) => RUNTIME.byname(rules, rule),
    handwritten: (rule) => HANDWRITTEN[rule],
    same: (rule) => SAME_RESULT[rule],
  };
  const samples = Object.fromEntries(names.map((rule) => [rule, { runtime: [], byname: [], handwritten: [], same: [] }]));
  // One round to warm up (not counted), then rounds that take turns at which way goes first.
  for (let round = -1; round < options.rounds; round++) {
    for (const rule of names) {
      const turn = (round + 1) % options.ways.length;
      const order = [...options.ways.slice(turn), ...options.ways.slice(0, turn)];
      for (const way of order) {
        const ns = timeOnce(ways[way](rule), all[rule], options.passes);
        if (round >= 0) samples[rule][way].push(ns);
      }
    }
  }
  const rows = names.map((rule) => {
    const row = { rule };
    for (const way of options.ways) row[way] = median(samples[rule][way]);
    // ratio: against the same result (the target); bynameRatio: by name, against it; bareRatio: against the bare verdict.
    if (row.runtime !== undefined && row.same !== undefined) row.ratio = row.runtime / row.same;
    if (row.byname !== undefined && row.same !== undefined) row.bynameRatio = row.byname / row.same;
    if (row.runtime !== undefined && row.handwritten !== undefined) row.bareRatio = row.runtime / row.handwritten;
    if (options.swift !== undefined) row.swift = swiftNanoseconds(options.swift, rule, options);
    return row;
  });
  if (options.json) {
    console.log(JSON.stringify({ node: process.version, rounds: options.rounds, passes: options.passes, rows, sink }));
    return rows;
  }
  const fixed = (n) => (n === undefined ? "" : n.toFixed(0));
  console.log(`node ${process.version}, ${options.rounds} rounds of ${options.passes} passes over 1,000 inputs, median ns per validation\n`);
  const swift = options.swift !== undefined;
  console.log(
    "| rule | hand-written, bare verdict | hand-written, same result | runtime | runtime ÷ same result (target ≤ 1.5) | runtime by name | by name ÷ same result | runtime ÷ bare verdict |" +
      (swift ? " Swift compiled validator | runtime ÷ Swift |" : ""),
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|${swift ? "---:|---:|" : ""}`);
  const met = (ratio) => (ratio === undefined ? "" : `${ratio.toFixed(2)}${ratio <= 1.5 ? " (met)" : ""}`);
  for (const row of rows) {
    const bareRatio = row.bareRatio === undefined ? "" : row.bareRatio.toFixed(2);
    const swiftColumns = swift ? ` ${fixed(row.swift)} | ${(row.runtime / row.swift).toFixed(1)} |` : "";
    console.log(
      `| ${row.rule} | ${fixed(row.handwritten)} | ${fixed(row.same)} | ${fixed(row.runtime)} | ${met(row.ratio)} | ${fixed(row.byname)} | ` +
        `${met(row.bynameRatio)} | ${bareRatio} |${swiftColumns}`,
    );
  }
  if (sink < 0) console.log(sink); // keeps the results alive
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    run(process.argv.slice(2));
  } catch (error) {
    console.error(`bench: ${error.message}`);
    process.exit(1);
  }
}
