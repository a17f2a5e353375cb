#!/usr/bin/env node
// The five seed rules over the same 1,000 inputs each as Benchmarks/ (inputs.mjs), five ways in
// one process: the runtime (a validator bound to the rule, rules.validator(name, options), on the
// export of rules/), the runtime by name (rules.validate(name, input, options)), the same meaning
// written by hand returning a bare verdict (handwritten.mjs: the value or a number), written
// by hand returning the runtime's own result ("same result": {valid, value} or {valid,
// violations}, each violation with the runtime's members and English message), and, for the rules
// that count characters, written by hand counting UTF-16 code units instead (`value.length`, what
// most JavaScript validators do; not the rules' meaning). Prints the CPU time per validation in
// nanoseconds, the median of several rounds, and the ratios runtime ÷ same result (target ≤ 1.5),
// by name ÷ same result, runtime ÷ bare verdict and runtime ÷ UTF-16 units, as a Markdown table
// (docs/performance.md).
//
// --swift adds the Swift engine, measured in the same run: Benchmarks/' ValidatorProfile, built
// optimized by Benchmarks/validator-profile.sh first (unless a PATH to the binary is given), times
// the compiled validator (RuleSet's, as a server or the spec runner uses it), the generated value
// object and hand-tuned Swift on the same inputs, once each counted round after the JavaScript
// ways, and the table gains them and runtime ÷ Swift compiled validator (target ≤ 3, issue 38).
//
//   node runtimes/js/bench/bench.mjs [--rounds 9] [--passes 20] [--rule NAME]... [--way runtime|byname|handwritten|same|utf16]... [--json]
//                                    [--swift [PATH]]
//   node --cpu-prof --cpu-prof-dir=/tmp/prof runtimes/js/bench/bench.mjs --rule TaskTitle --way runtime
//
// Before timing, every input's verdict (both runtime ways) is checked to be the same as the bare
// hand-written one, and its whole result deep-equal (assert.deepStrictEqual) to the same-result
// hand-written one; a difference stops the run (exit 1), since a faster wrong answer measures nothing.
// CPU time (process.cpuUsage, Swift's CLOCK_THREAD_CPUTIME_ID), not wall time: on a machine
// shared with other work, a process waiting for a core is not charged for the wait.

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

/** The rules that count characters, by hand counting UTF-16 code units instead. */
export const UTF16 = {
  TaskTitle: hand.taskTitleUnits,
  Username: hand.usernameUnits,
};

const WAYS = ["runtime", "byname", "handwritten", "same", "utf16"];

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

const BENCHMARKS = new URL("../../../Benchmarks/", import.meta.url);

/** The ValidatorProfile binary to time: PATH as given, or the one Benchmarks/validator-profile.sh
 * builds (swiftc -O against the root package's release RuleCore and RuleYAML), built first. */
export function swiftProfile(path) {
  if (path !== true) return path;
  const script = new URL("validator-profile.sh", BENCHMARKS).pathname;
  const build = spawnSync(script, [], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (build.status !== 0) throw new Error(`${script} failed${build.error ? `: ${build.error.message}` : ""}`);
  return build.stdout.trim().split("\n").at(-1);
}

/** One round of the Swift engine: `ValidatorProfile time PASSES RULE...`'s nanoseconds per
 * validation, {rule: {compiled, generated, handTuned}}. */
export function swiftRound(profile, rules, passes) {
  const run = spawnSync(profile, ["time", String(passes), ...rules], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`${profile} time ${passes} ${rules.join(" ")}: ${run.error ?? run.stderr}`);
  const found = JSON.parse(run.stdout);
  for (const rule of rules) {
    const row = found[rule];
    if (!(row?.compiled > 0 && row.generated > 0 && row.handTuned > 0)) {
      throw new Error(`${profile} gave no times for ${rule}: ${run.stdout}`);
    }
  }
  return found;
}

/** CPU nanoseconds per validation, this process's (user and system). */
function timeOnce(validate, list, passes) {
  const start = process.cpuUsage();
  for (let pass = 0; pass < passes; pass++) {
    for (let i = 0; i < list.length; i++) {
      const result = validate(list[i]);
      if (result === true || result?.valid === true || typeof result === "string") sink++;
    }
  }
  const { user, system } = process.cpuUsage(start);
  return ((user + system) * 1000) / (passes * list.length);
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
    else if (flag === "--swift") options.swift = i + 1 < argv.length && !argv[i + 1].startsWith("--") ? argv[++i] : true;
    else throw new Error(`unknown argument ${flag}`);
  }
  for (const rule of options.rules) {
    if (!HANDWRITTEN[rule]) throw new Error(`no rule ${rule}; the rules are ${Object.keys(HANDWRITTEN).join(", ")}`);
  }
  for (const way of ways) {
    if (!WAYS.includes(way)) throw new Error(`no way ${way}; use runtime, byname, handwritten, same or utf16`);
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
    utf16: (rule) => UTF16[rule],
  };
  const swiftWays = ["compiled", "generated", "handTuned"];
  const profile = options.swift === undefined ? undefined : swiftProfile(options.swift);
  const samples = Object.fromEntries(
    names.map((rule) => [rule, Object.fromEntries([...WAYS, ...swiftWays].map((way) => [way, []]))]),
  );
  // One round to warm up (not counted), then rounds that take turns at which way goes first, the
  // Swift engine once each counted round, after the JavaScript ways.
  for (let round = -1; round < options.rounds; round++) {
    for (const rule of names) {
      const turn = (round + 1) % options.ways.length;
      const order = [...options.ways.slice(turn), ...options.ways.slice(0, turn)];
      for (const way of order) {
        const validate = ways[way](rule);
        if (validate === undefined) continue;
        const ns = timeOnce(validate, all[rule], options.passes);
        if (round >= 0) samples[rule][way].push(ns);
      }
    }
    if (profile !== undefined && round >= 0) {
      const swift = swiftRound(profile, names, options.passes);
      for (const rule of names) for (const way of swiftWays) samples[rule][way].push(swift[rule][way]);
    }
  }
  const rows = names.map((rule) => {
    const row = { rule };
    for (const way of options.ways) if (samples[rule][way].length) row[way] = median(samples[rule][way]);
    // ratio: against the same result (the target); bynameRatio: by name, against it; bareRatio: against the bare verdict;
    // utf16Ratio: against counting UTF-16 code units; swiftRatio: against the Swift compiled validator (target ≤ 3).
    if (row.runtime !== undefined && row.same !== undefined) row.ratio = row.runtime / row.same;
    if (row.byname !== undefined && row.same !== undefined) row.bynameRatio = row.byname / row.same;
    if (row.runtime !== undefined && row.handwritten !== undefined) row.bareRatio = row.runtime / row.handwritten;
    if (row.runtime !== undefined && row.utf16 !== undefined) row.utf16Ratio = row.runtime / row.utf16;
    if (profile !== undefined) {
      row.swift = Object.fromEntries(swiftWays.map((way) => [way, median(samples[rule][way])]));
      if (row.runtime !== undefined) row.swiftRatio = row.runtime / row.swift.compiled;
    }
    return row;
  });
  if (options.json) {
    console.log(JSON.stringify({ node: process.version, rounds: options.rounds, passes: options.passes, rows, sink }));
    return rows;
  }
  const fixed = (n) => (n === undefined ? "" : n.toFixed(0));
  const ratio = (n, target) => (n === undefined ? "" : `${n.toFixed(2)}${target !== undefined && n <= target ? " (met)" : ""}`);
  console.log(
    `node ${process.version}, ${options.rounds} rounds of ${options.passes} passes over 1,000 inputs, median CPU ns per validation\n`,
  );
  const swift = profile !== undefined;
  console.log(
    "| rule | hand-written, bare verdict | hand-written, UTF-16 units | hand-written, same result | runtime | runtime ÷ same result (target ≤ 1.5) | " +
      "runtime by name | by name ÷ same result | runtime ÷ bare verdict | runtime ÷ UTF-16 units |" +
      (swift ? " Swift compiled validator | Swift generated | Swift hand-tuned | runtime ÷ Swift compiled (target ≤ 3) |" : ""),
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|${swift ? "---:|---:|---:|---:|" : ""}`);
  for (const row of rows) {
    const swiftColumns = swift
      ? ` ${fixed(row.swift.compiled)} | ${fixed(row.swift.generated)} | ${fixed(row.swift.handTuned)} | ${ratio(row.swiftRatio, 3)} |`
      : "";
    console.log(
      `| ${row.rule} | ${fixed(row.handwritten)} | ${fixed(row.utf16)} | ${fixed(row.same)} | ${fixed(row.runtime)} | ${ratio(row.ratio, 1.5)} | ` +
        `${fixed(row.byname)} | ${ratio(row.bynameRatio, 1.5)} | ${ratio(row.bareRatio)} | ${ratio(row.utf16Ratio)} |${swiftColumns}`,
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
