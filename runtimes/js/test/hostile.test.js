// Hostile input (issue 38): every input gets a verdict, never an exception, and every body is read
// and validated in time linear in its size. Times are ratios against an ASCII body of the same size
// in the same run (the median of several), never absolute.
import { test } from "node:test";
import assert from "node:assert/strict";
import { seedRules, featureRules, ratio } from "./helpers.js";
import { readJSON, JSONReadError, MAX_DEPTH } from "../src/json.js";
import { Decimal, parseInteger } from "../src/text.js";

const seed = seedRules();
const features = featureRules();

class Point {
  constructor() {
    this.x = 1;
  }
}

// Values that are neither absent, text, a boolean, a finite number, a plain record nor an array.
const OTHERS = [
  ["NaN", NaN, "NaN"],
  ["Infinity", Infinity, "Infinity"],
  ["-Infinity", -Infinity, "-Infinity"],
  ["a Date", new Date(0), "{…}"],
  ["a class instance", new Point(), "{…}"],
  ["an object with a prototype", Object.create({ title: "a" }), "{…}"],
  ["a Map", new Map([["title", "a"]]), "{…}"],
  ["a Set", new Set(["a"]), "{…}"],
  ["a boxed string", new String("a"), "{…}"],
  ["a boxed number", new Number(1), "{…}"],
  ["a boxed boolean", new Boolean(true), "{…}"],
  ["a typed array", new Uint8Array([0x61]), "{…}"],
  ["an ArrayBuffer", new ArrayBuffer(1), "{…}"],
  ["a RegExp", /a/, "{…}"],
  ["an Error", new Error("a"), "{…}"],
  ["a Promise", Promise.resolve("a"), "{…}"],
  ["a function", () => "a", "{…}"],
  ["a symbol", Symbol("a"), "Symbol(a)"],
];

// Where an input stands: the name validated, how the input is placed, and the path of its violation.
const PLACES = [
  ["a text type", "TaskTitle", (value) => value, []],
  ["an integer type", "BirthYear", (value) => value, []],
  ["a model", "ToDoTask", (value) => value, []],
  ["a model's field", "ToDoTask", (value) => ({ title: value, note: "", dueDate: null }), ["title"]],
  ["a list field", "Account", (value) => ({ tags: value }), ["tags"]],
  ["a list's item", "Account", (value) => ({ tags: ["a", value] }), ["tags", "1"]],
  ["a nested model's field", "Order", (value) => ({ shipping: { zip: value } }), ["shipping", "zip"]],
];

for (const [what, other, shown] of OTHERS) {
  for (const [where, name, place, path] of PLACES) {
    test(`${what} in ${where} is invalidFormat at its path`, () => {
      const rules = name === "Order" ? features : seed;
      const result = rules.validate(name, place(other), { today: "2026-11-28", language: "ja" });
      assert.equal(result.valid, false);
      const found = result.violations.filter((violation) => violation.path.join("/") === path.join("/"));
      assert.equal(found.length, 1, JSON.stringify(result.violations.map((violation) => violation.path)));
      assert.equal(found[0].builtinCode, "invalidFormat");
      assert.equal(found[0].value, shown);
      assert.equal(typeof found[0].message, "string");
    });
  }
}

test("an object with a null prototype is a record, and a bigint an integer", () => {
  const task = Object.assign(Object.create(null), { title: " Buy milk ", note: "", dueDate: null });
  assert.deepEqual(seed.validate("ToDoTask", task), { valid: true, value: { title: "Buy milk", note: "" } });
  assert.deepEqual(seed.validate("BirthYear", 1990n), { valid: true, value: 1990 });
  assert.equal(seed.validate("TaskTitle", 1990n).violations[0].builtinCode, "invalidFormat");
});

test("a hole in a sparse list is an absent item, as null is", () => {
  // eslint-disable-next-line no-sparse-arrays
  const sparse = seed.validate("Account", { tags: ["a", , "b"] });
  const withNull = seed.validate("Account", { tags: ["a", null, "b"] });
  const paths = (result) => result.violations.filter((violation) => violation.path[0] === "tags").map((violation) => [violation.path.join("/"), violation.builtinCode]);
  assert.deepEqual(paths(sparse), paths(withNull));
  assert.ok(paths(withNull).some(([path]) => path === "tags/1"));
});

// A lone surrogate: no Swift string holds one, and the engine refuses one escaped in a body. So it is
// invalidFormat in a form's text and a 400 in a body, raw or escaped.
const LONE = ["\uD800", "a\uDBFFb", "\uDC00", "x\uDFFF", "\uDE00\uD83D"];

for (const text of LONE) {
  const shown = JSON.stringify(text);
  test(`a form's text with a lone surrogate ${shown} is invalidFormat`, () => {
    for (const [name, input, path] of [["TaskTitle", text, []], ["TaskNote", text, []], ["ToDoTask", { title: text, note: "", dueDate: null }, ["title"]]]) {
      const result = seed.validate(name, input);
      const found = result.violations.filter((violation) => violation.path.join("/") === path.join("/"));
      assert.deepEqual(found.map((violation) => [violation.builtinCode, violation.value]), [["invalidFormat", text]], name);
    }
  });
  test(`a body with a lone surrogate ${shown}, raw or escaped, is a 400`, () => {
    const escaped = JSON.stringify({ title: text, note: "", dueDate: null }).replace(/[\uD800-\uDFFF]/g, (unit) => "\\u" + unit.charCodeAt(0).toString(16).toUpperCase());
    const raw = `{"title": "${text}", "note": "", "dueDate": null}`;
    for (const body of [raw, escaped, `"${text}"`]) {
      assert.throws(() => seed.validateJSON("ToDoTask", body), JSONReadError, body);
      const verdict = seed.verdict("ToDoTask", body, { today: "2026-11-28" });
      assert.equal(verdict.valid, false);
      assert.equal(verdict.problem.status, 400);
    }
  });
}

test("a raw lone surrogate in a string body is read as its bytes would be", () => {
  // The same words as for the bytes ED A0 80 (which Swift and Python refuse as invalid UTF-8).
  assert.throws(() => readJSON('"\uD800"'), { message: "invalid UTF-8 bytes 0xED 0xA0", line: 1, column: 2 });
  assert.throws(() => readJSON(new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22])), { message: "invalid UTF-8 bytes 0xED 0xA0", line: 1, column: 2 });
  assert.throws(() => readJSON("[1, \uDC00]"), { message: "expected a value after ','; found invalid UTF-8 bytes 0xED 0xB0" });
  assert.deepEqual({ ...readJSON('"\uD83D\uDE00"') }, { t: "string", v: "😀" });
});

test("Standard Schema issues carry the path, the code and the language asked for, whatever the input", async () => {
  const standard = seed.standard("ToDoTask", { language: "ja", today: "2026-11-28" })["~standard"];
  const inputs = [...OTHERS.map(([, other]) => other), ...OTHERS.map(([, other]) => ({ title: other, note: "", dueDate: null })), "\uD800", { title: "\uD800", note: "", dueDate: null }, {}];
  for (const input of inputs) {
    const result = await standard.validate(input);
    assert.ok(result.issues.length > 0);
    for (const issue of result.issues) {
      assert.ok(Array.isArray(issue.path), String(issue.message));
      assert.equal(typeof issue.code, "string");
      // The rules write every one of these messages in Japanese.
      assert.match(issue.message, /[\u3040-\u30ff\u4e00-\u9fff]/, issue.message);
    }
  }
  assert.deepEqual((await standard.validate(new Map())).issues, [{ message: "「{…}」は正しい形式ではありません。", path: [], code: "invalidFormat" }]);
});

// ---- Linear time


const SIZE = 1_000_000;
const LIMIT = 10;
// The baselines: one ASCII string, and for a body of nested lists one list of as many bytes of empty lists.
const ascii = (size) => JSON.stringify({ note: "a".repeat(size - 12) });
const flat = (size) => `{"ignored": [${"[],".repeat(Math.floor((size - 16) / 3))}[]]}`;
const validateJSON = (name) => (body) => {
  try {
    return features.validateJSON(name, body);
  } catch (error) {
    if (error instanceof JSONReadError) return error;
    throw error;
  }
};

const SHAPES = [
  ["a 1 MB number in a checked field", "Order", `{"price": 0.${"0".repeat(SIZE)}1}`, ascii],
  ["a 1 MB whole number in a checked field", "Order", `{"price": 1${"0".repeat(SIZE)}1}`, ascii],
  ["a 1 MB integer in an integer field", "Order", `{"quantity": 1${"0".repeat(SIZE)}1}`, ascii],
  ["a 1 MB number in an ignored key", "Order", `{"ignored": 1${"0".repeat(SIZE / 2)}1.${"0".repeat(SIZE / 2)}1e-5}`, ascii],
  ["a 1 MB string of escapes", "Order", `{"comment": "${"\\n".repeat(SIZE / 2)}"}`, ascii],
  ["a 1 MB string of \\u escapes", "Order", `{"comment": "${"\\u00e9\\ud83d\\ude00".repeat(SIZE / 18)}"}`, ascii],
  ["a 1 MB string of escapes between letters", "Order", `{"comment": "${"a\\n".repeat(SIZE / 3)}"}`, ascii],
  ["a 1 MB string of escapes in an ignored key", "Order", `{"ignored": "${"\\\\".repeat(SIZE / 2)}"}`, ascii],
  ["a 1 MB string of escapes refused at its end", "Order", `{"comment": "${"\\n\\u00e9".repeat(SIZE / 8)}\x01"}`, ascii],
  ["a 1 MB value against a pattern", "Order", JSON.stringify({ code: "A".repeat(SIZE) }), ascii],
  ["nesting past the limit", "Order", "[".repeat(SIZE), ascii],
  ["nesting up to the limit, again and again", "Order", `{"ignored": [${Array(Math.floor(SIZE / (2 * MAX_DEPTH))).fill("[".repeat(MAX_DEPTH - 2) + "]".repeat(MAX_DEPTH - 2)).join(",")}]}`, flat],
];

for (const [what, name, body, baseline] of SHAPES) {
  const of = baseline === ascii ? "an ASCII body" : "a flat list";
  test(`${what} costs what ${of} of its size does (within ${LIMIT}×)`, () => {
    const found = ratio(validateJSON(name), body, baseline(body.length));
    assert.ok(found < LIMIT, `${found.toFixed(1)}× ${of}`);
  });
}

// The hostile shapes of text (issue 38), each as a body holds it (UTF-8), through each normalizer and
// count: nfc, collapseWhitespace, lowercase and a UTF-16 length (Order.comment), nfkc (Order.default),
// trim and uppercase (Order.code), trim and a count of characters (ToDoTask.title), nfkc and
// collapseWhitespace (SignUp.displayName), trim and lowercase (Account.handle). NB: the bound is twice
// the bodies' above: V8 reads an ASCII body's string at memory speed, and the normalizers read a code
// point at a time (measured 4 to 13 times; a quadratic step is thousands).
const TEXT_LIMIT = 2 * LIMIT;
const TEXT_SHAPES = [
  ["a 100,000-mark cluster", "a" + "\u0301".repeat(100_000)],
  ["a 1 MB cluster of marks", "a" + "\u0301".repeat(SIZE / 2)],
  ["a 1 MB cluster of two marks alternating", "a" + "\u0301\u0316".repeat(SIZE / 4)],
  ["a 1 MB White_Space run", " \u3000\u2028\u00a0".repeat(Math.floor(SIZE / 9))],
  ["a 1 MB ZWJ chain", "\u{1f468}\u200d".repeat(Math.floor(SIZE / 7))],
  ["a 1 MB run of capital sigmas", "\u03a3".repeat(SIZE / 2)],
  ["a 1 MB run of flags", "\u{1f1ef}\u{1f1f5}".repeat(SIZE / 8)],
  ["a 1 MB run of Devanagari conjuncts", "\u0915\u094d\u0937".repeat(Math.floor(SIZE / 9))],
];
const TEXT_PLACES = [[features, "Order", "comment"], [features, "Order", "default"], [features, "Order", "code"],
  [seed, "ToDoTask", "title"], [seed, "SignUp", "displayName"], [seed, "Account", "handle"]];

for (const [what, text] of TEXT_SHAPES) {
  for (const [rules, name, field] of TEXT_PLACES) {
    test(`${what} in ${name}.${field} costs a small factor of an ASCII body of its size (within ${TEXT_LIMIT}×)`, () => {
      const body = JSON.stringify({ [field]: text });
      const found = ratio((input) => rules.verdict(name, input), body, ascii(new TextEncoder().encode(body).length));
      assert.ok(found < TEXT_LIMIT, `${found.toFixed(1)}× an ASCII body`);
    });
  }
}

// Prose whose clusters join (vowel signs and conjuncts, decomposed Latin, Thai marks, an emoji), a
// megabyte of UTF-8 through a field that counts characters; Python's count was 26 to 310 times here.
const PROSE = [
  ["Hindi", "हिन्दी भारत की राजभाषा है और यह देवनागरी लिपि में लिखी जाती है। "],
  ["Thai", "ภาษาไทยเป็นภาษาราชการของประเทศไทย "],
  ["Vietnamese in NFD", "Tie\u0302\u0301ng Vie\u0323\u0302t la\u0300 ngo\u0302n ngu\u031b\u0303 "],
  ["Japanese with an emoji", "日本語のテキストです。絵文字😀も入ります。"],
];

for (const [script, prose] of PROSE) {
  test(`prose in ${script} in ToDoTask.title costs a small factor of an ASCII body of its size (within ${TEXT_LIMIT}×)`, () => {
    const text = prose.repeat(Math.floor(SIZE / new TextEncoder().encode(prose).length));
    const body = JSON.stringify({ title: text });
    const found = ratio((input) => seed.verdict("ToDoTask", input), body, ascii(new TextEncoder().encode(body).length));
    assert.ok(found < TEXT_LIMIT, `${found.toFixed(1)}× an ASCII body`);
  });
}

const TEXTS = [
  ["a 1 MB decimal as text", "Price", "0." + "0".repeat(SIZE) + "1"],
  ["a 1 MB whole decimal as text", "Price", "1" + "0".repeat(SIZE) + "1"],
  ["a 1 MB integer as text", "Quantity", "1" + "0".repeat(SIZE) + "1"],
  ["a 1 MB integer of leading zeros as text", "Quantity", "0".repeat(SIZE) + "1"],
];

// NB: the baseline is digits up to a letter at the end, which the type reads to the end to refuse.
for (const [what, name, input] of TEXTS) {
  test(`${what} costs what other text of its size does (within ${LIMIT}×)`, () => {
    const found = ratio((value) => features.validate(name, value), input, "1".repeat(input.length - 1) + "a");
    assert.ok(found < LIMIT, `${found.toFixed(1)}× digits and a letter`);
  });
}

test("long numbers keep their exact value", () => {
  assert.equal(parseInteger("0".repeat(SIZE) + "12"), 12n);
  assert.equal(parseInteger("-" + "0".repeat(SIZE) + "9223372036854775808"), -(2n ** 63n));
  assert.equal(parseInteger("+" + "0".repeat(SIZE) + "9223372036854775808"), null);
  assert.equal(parseInteger("1" + "0".repeat(SIZE)), null);
  assert.equal(String(Decimal.parse("-" + "0".repeat(SIZE) + "1.2300" + "0".repeat(SIZE))), "-1.23");
  assert.deepEqual(features.validate("Price", "0".repeat(SIZE) + "12.50" + "0".repeat(SIZE)), { valid: true, value: "12.5" });
  assert.deepEqual(features.validateJSON("Price", "12.5" + "0".repeat(SIZE)), { valid: true, value: "12.5" });
  assert.equal(String(readJSON("1" + "0".repeat(30)).v), "1e30");
  assert.equal(String(readJSON("0." + "0".repeat(30) + "1").v), "1e-31");
});
