// rules.validator(name, options): the validation of one type or model with its options bound, the
// same result as rules.validate(name, input, options) for every input, the same errors, and the
// options read once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { RulesError, problemDetails, readJSON } from "../src/index.js";
import { inputs } from "../bench/inputs.mjs";
import { fixtures, seedRules, featureRules } from "./helpers.js";

const seed = seedRules();
const features = featureRules();
const today = "2026-11-22";

/** Whether the bound validator gives validate's result for each input: deep-equal, and the same
 * problem details in English and Japanese (the violations as found, which the result keeps). */
function assertSame(rules, name, options, list) {
  const validate = rules.validator(name, options);
  for (const input of list) {
    const expected = rules.validate(name, input, options);
    const result = validate(input);
    assert.deepStrictEqual(result, expected, `${name} ${inspect(input).slice(0, 80)} ${inspect(options)}`);
    if (!result.valid) {
      for (const language of ["en", "ja"]) {
        assert.deepStrictEqual(problemDetails(result, { rules, language }), problemDetails(expected, { rules, language }));
      }
    }
  }
}

const OPTIONS = [{ today }, { today, language: "ja" }, { today: "2024-02-29", language: "ja-JP" }, {}, { language: "fr" }, { timeZone: "Asia/Tokyo" }];

test("the benchmark's 5,000 inputs: the same results as validate", () => {
  for (const [name, list] of Object.entries(inputs())) {
    for (const options of OPTIONS) assertSame(seed, name, options, list);
  }
});

// Every kind of input a form or a JSON body gives, for every type and model: absent, empty, text
// around every kind of bound, numbers, booleans, lists, records.
const GENERIC = [
  null, undefined, "", " ", "a", " Buy milk ", "x".repeat(70), "👨‍👩‍👧".repeat(21), "2026-11-21", "2026-11-22", "2026-02-30",
  "taro@example.com", "not an email", "https://example.com", "1990", "1800", "-1", "12.50", "PRO", "true", "false",
  0, 1990, 1.5, -3, 10n ** 30n, true, false, [], ["a", "b", "a"], [null], {}, { a: "b" },
];

test("every type and model of the seed and feature rules, on every kind of input: the same results as validate", () => {
  for (const rules of [seed, features]) {
    for (const name of rules.names) {
      const records = [{}, Object.fromEntries(GENERIC.map((value, index) => [`f${index}`, value]))];
      // A model's own fields, each given every kind of value in turn, and each left out.
      const fields = rules.kindOf(name) === "model" ? fieldNames(rules, name) : [];
      for (const value of GENERIC) records.push(Object.fromEntries(fields.map((field) => [field, value])));
      for (const field of fields) records.push(Object.fromEntries(fields.filter((other) => other !== field).map((other) => [other, "a"])));
      for (const options of OPTIONS) assertSame(rules, name, options, [...GENERIC, ...records]);
    }
  }
});

const schemas = new Map(["seed", "features"].map((file) => [file, JSON.parse(readFileSync(`${fixtures}${file}.schema.json`, "utf8"))]));

/** A model's field names, as its export lists them. */
function fieldNames(rules, name) {
  return schemas.get(rules === seed ? "seed" : "features").$defs[name]["x-rulecheck-fields"].map((field) => field.name);
}

test("validate by name, alternating between rules and between options in one object, gives each bound validator's result", () => {
  const all = inputs();
  const names = ["TaskTitle", "TaskDueDate", "SearchQuery", "ToDoTask"];
  const optionSets = [{ today }, { today, language: "ja" }, { today: "2027-01-01" }];
  const bound = optionSets.map((options) => new Map(names.map((name) => [name, seed.validator(name, options)])));
  const options = {};
  for (let index = 0; index < 3000; index++) {
    const name = names[index % names.length];
    const set = Math.floor(index / 7) % optionSets.length;
    Object.assign(options, { today: undefined, language: undefined }, optionSets[set]);
    const input = name === "ToDoTask"
      ? { title: all.TaskTitle[index % 1000], note: "", dueDate: all.TaskDueDate[index % 1000] }
      : all[name][index % 1000];
    assert.deepStrictEqual(seed.validate(name, input, options), bound[set].get(name)(input), `${index} ${name}`);
  }
});

test("the shared body cases, as readJSON reads them: the same results as validateInput", () => {
  const cases = JSON.parse(readFileSync(fixtures + "body_cases.json", "utf8"));
  const rules = { seed, features };
  for (const { rules: which, type, body, bodyBase64, today: day } of cases) {
    let input;
    try {
      input = readJSON(body ?? new Uint8Array(Buffer.from(bodyBase64, "base64")));
    } catch {
      continue;
    }
    for (const options of [{ today: day }, { today: day, language: "ja" }]) {
      assert.deepStrictEqual(rules[which].validator(type, options)(input), rules[which].validateInput(type, input, options));
    }
  }
});

test("a name that does not exist, and bad options, throw as validate throws", () => {
  const thrown = (call) => {
    try {
      call();
    } catch (error) {
      return [error.constructor, error.message];
    }
    assert.fail("no error");
  };
  for (const [name, options] of [["Nope", {}], [undefined, {}], ["Nope", null], ["TaskTitle", { language: 5 }], ["TaskTitle", "ja"],
    ["TaskTitle", null], ["TaskDueDate", { today: "2026-02-30" }], ["TaskDueDate", { timeZone: "Mars/Olympus" }]]) {
    assert.deepEqual(thrown(() => seed.validator(name, options)), thrown(() => seed.validate(name, "x", options)), `${name} ${JSON.stringify(options)}`);
  }
  assert.throws(() => seed.validator("Nope"), (error) => error instanceof RulesError && /no type or model "Nope".*ToDoTask/.test(error.message));
});

test("options are honoured: the language of messages, and today", () => {
  const title = seed.validator("TaskTitle", { language: "ja" });
  assert.deepEqual(title("123456789012345678901").violations.map((v) => v.message), ["タイトルが長すぎます。"]);
  const due = seed.validator("TaskDueDate", { today: "2027-01-01" });
  assert.deepEqual(due("2026-12-31").violations.map((v) => [v.code, v.message]), [["tooEarly", "Must be 2027-01-01 or later."]]);
  assert.deepEqual(due("2027-01-01"), { valid: true, value: "2027-01-01" });
  const task = seed.validator("ToDoTask", { today, language: "ja" });
  assert.deepEqual(task({ title: " a ", dueDate: "2026-11-21" }).violations.map((v) => [v.code, v.path, v.message]),
    [["required", ["note"], "入力してください。"], ["tooEarly", ["dueDate"], "2026-11-22以降の日付を入力してください。"]]);
});

test("the options are read once: a change to the object afterwards changes nothing", () => {
  const options = { today, language: "ja" };
  const due = seed.validator("TaskDueDate", options);
  const expected = seed.validate("TaskDueDate", "2026-11-21", { today, language: "ja" });
  options.today = "2020-01-01";
  options.language = "en";
  assert.deepStrictEqual(due("2026-11-21"), expected);
  assert.equal(seed.validate("TaskDueDate", "2026-11-21", options).valid, true); // validate reads them on each call

  let reads = 0;
  const counted = {};
  for (const [key, value] of Object.entries({ today, language: "ja" })) {
    Object.defineProperty(counted, key, { get: () => (reads++, value), enumerable: true });
  }
  const title = seed.validator("TaskTitle", counted);
  const atBinding = reads;
  for (const input of ["a", "123456789012345678901", null, ""]) title(input);
  assert.equal(reads, atBinding);
});

test("a Standard Schema validates with its options as they were given", () => {
  const options = { today: "2026-11-23", language: "ja" };
  const schema = seed.standard("TaskDueDate", options);
  options.today = "2020-01-01";
  assert.deepEqual(schema["~standard"].validate("2026-11-22").issues.map((issue) => [issue.code, issue.message]),
    [["tooEarly", "2026-11-23以降の日付を入力してください。"]]);
  options.language = "en";
  assert.deepEqual(schema["~standard"].validate("2026-11-21").issues.map((issue) => issue.message), ["2026-11-23以降の日付を入力してください。"]);
  // Bad options throw where the schema is made, as validator's do: its validations never throw.
  assert.throws(() => seed.standard("TaskDueDate", { today: "2026-02-30" }), { name: "RangeError", message: 'today is "2026-02-30", not a date YYYY-MM-DD' });
  assert.throws(() => seed.standard("TaskDueDate", { timeZone: "Mars/Olympus" }), RangeError);
  assert.throws(() => seed.standard("TaskDueDate", null), TypeError);
});
