#!/usr/bin/env node
// The five seed rules over the same 1,000 inputs each as Benchmarks/ (inputs.mjs), two ways in one
// process: the runtime (Rules.validate on the export of rules/) and the same meaning written by
// hand (handwritten.mjs). Prints nanoseconds per validation, the median of several rounds, and
// the ratio runtime ÷ hand-written (target ≤ 1.5), as a Markdown table (docs/performance.md).
//
//   node runtimes/js/bench/bench.mjs [--rounds 9] [--passes 20] [--rule NAME]... [--way runtime|handwritten] [--json]
//                                    [--swift Benchmarks/.build/release/ValidatorProfile]   (a third column)
//   node --cpu-prof --cpu-prof-dir=/tmp/prof runtimes/js/bench/bench.mjs --rule TaskTitle --way runtime
//
// Before timing, every input's verdict is checked to be the same both ways; a difference stops
// the run (exit 1), since a faster wrong answer measures nothing.

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

/** Every input on which the two ways differ: [{ rule, input, runtime, handwritten }]. */
export function differences(rules, all = inputs(), handwritten = HANDWRITTEN) {
  const found = [];
  const options = { today: TODAY };
  for (const [rule, list] of Object.entries(all)) {
    for (const input of list) {
      const result = rules.validate(rule, input, options);
      const expected = handwritten[rule](input);
      const same =
        typeof expected === "number"
          ? !result.valid && BUILTIN[expected].includes(result.violations[0].builtinCode ?? result.violations[0].code)
          : result.valid && result.value === expected;
      if (!same) found.push({ rule, input, runtime: result, handwritten: expected });
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
  const options = { rounds: 9, passes: 20, rules: [], ways: ["runtime", "handwritten"], json: false, swift: undefined };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${flag} needs a value`);
      return argv[++i];
    };
    if (flag === "--rounds") options.rounds = Number(value());
    else if (flag === "--passes") options.passes = Number(value());
    else if (flag === "--rule") options.rules.push(value());
    else if (flag === "--way") options.ways = [value()];
    else if (flag === "--json") options.json = true;
    else if (flag === "--swift") options.swift = value();
    else throw new Error(`unknown argument ${flag}`);
  }
  for (const rule of options.rules) {
    if (!HANDWRITTEN[rule]) throw new Error(`no rule ${rule}; the rules are ${Object.keys(HANDWRITTEN).join(", ")}`);
  }
  for (const way of options.ways) {
    if (way !== "runtime" && way !== "handwritten") throw new Error(`no way ${way}; use runtime or handwritten`);
  }
  if (!(options.rounds >= 1 && options.passes >= 1)) throw new Error("--rounds and --passes are at least 1");
  return options;
}

export function run(argv) {
  const options = parse(argv);
  const rules = loadRules();
  const all = inputs();
  const wrong = differences(rules, all);
  if (wrong.length) {
    for (const { rule, input, runtime, handwritten } of wrong.slice(0, 10)) {
      console.error(`${rule} ${JSON.stringify(input)}: runtime ${JSON.stringify(runtime)}, hand-written ${JSON.stringify(handwritten)}`);
    }
    throw new Error(`${wrong.length} inputs differ between the runtime and the hand-written rules`);
  }
  const names = options.rules.length ? options.rules : Object.keys(HANDWRITTEN);
  const validateOptions = { today: TODAY };
  const ways = {
    runtime: (rule) => (input) => rules.validate(rule, input, validateOptions),
    handwritten: (rule) => HANDWRITTEN[rule],
  };
  const samples = Object.fromEntries(names.map((rule) => [rule, { runtime: [], handwritten: [] }]));
  // One round to warm up (not counted), then rounds that alternate which way goes first.
  for (let round = -1; round < options.rounds; round++) {
    for (const rule of names) {
      const order = round % 2 ? options.ways : [...options.ways].reverse();
      for (const way of order) {
        const ns = timeOnce(ways[way](rule), all[rule], options.passes);
        if (round >= 0) samples[rule][way].push(ns);
      }
    }
  }
  const rows = names.map((rule) => {
    const row = { rule };
    for (const way of options.ways) row[way] = median(samples[rule][way]);
    if (row.runtime !== undefined && row.handwritten !== undefined) row.ratio = row.runtime / row.handwritten;
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
  console.log(`| rule | hand-written JS | runtime | runtime ÷ hand-written (target ≤ 1.5) |${swift ? " Swift compiled validator | runtime ÷ Swift |" : ""}`);
  console.log(`|---|---:|---:|---:|${swift ? "---:|---:|" : ""}`);
  for (const row of rows) {
    const ratio = row.ratio === undefined ? "" : `${row.ratio.toFixed(2)}${row.ratio <= 1.5 ? " (met)" : ""}`;
    const swiftColumns = swift ? ` ${fixed(row.swift)} | ${(row.runtime / row.swift).toFixed(1)} |` : "";
    console.log(`| ${row.rule} | ${fixed(row.handwritten)} | ${fixed(row.runtime)} | ${ratio} |${swiftColumns}`);
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
