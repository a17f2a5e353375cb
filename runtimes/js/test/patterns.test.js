// Patterns: JSON-Schema-Test-Suite's pattern data (conformance/, see its
// LICENSE.md) with the same refusals and differences as the engine's PatternConformanceTests,
// the subset's syntax, and linear time.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Pattern, PatternError } from "../src/pattern.js";
import { repository, readLines, ratio } from "./helpers.js";

const folder = repository + "conformance/";
const cases = ["jsts-pattern.jsonl", "jsts-ecmascript-regex.jsonl"].flatMap((file) =>
  readLines(folder + file).map((c, index) => ({ ...c, where: `${file}:${index + 1}` })));

// Outside the portable subset: the engine refuses them, and so does this runtime.
const refused = new Set(["^\\cC$", "^\\cc$"]);
// Where docs/format.md differs from ECMAScript on purpose: \s is White_Space, without U+FEFF.
const differences = new Map([["^\\s$ \ufeff", false], ["^\\S$ \ufeff", true]]);

test("the data is all there, and every listed exception occurs in it", () => {
  assert.equal(cases.length, 65);
  for (const pattern of refused) assert.ok(cases.some((c) => c.rule.pattern === pattern));
  for (const key of differences.keys()) assert.ok(cases.some((c) => `${c.rule.pattern} ${c.input}` === key));
});

for (const c of cases) {
  test(`${c.where}: ${c.note}`.slice(0, 140), () => {
    if (refused.has(c.rule.pattern)) {
      assert.throws(() => new Pattern(c.rule.pattern), PatternError);
      return;
    }
    const source = c.suite.includes("UNANCHORED") ? `[\\s\\S]*(?:${c.rule.pattern})[\\s\\S]*` : c.rule.pattern;
    const key = `${c.rule.pattern} ${c.input}`;
    const expected = differences.has(key) ? differences.get(key) : c.valid;
    assert.equal(new Pattern(source).matches(c.input), expected);
  });
}

const table = [
  // pattern, value, matches
  ["[0-9]{3}-[0-9]{4}", "123-4567", true],
  ["[0-9]{3}-[0-9]{4}", "〒123-4567", false], // the whole value must match
  ["[0-9]{3}-[0-9]{4}", "123-45678", false],
  ["\\+?[0-9]{6,15}", "+123456", true],
  ["\\+?[0-9]{6,15}", "12345", false],
  ["\\+?[0-9]{6,15}", "1234567890123456", false],
  [".*\\p{L}.*", "abc1", true],
  [".*\\p{L}.*", "1234", false],
  [".", "\n", false], // ECMAScript's line terminators
  [".", "\u2028", false],
  [".", "😀", true], // one scalar
  ["..", "😀", false],
  ["a|b|", "", true],
  ["(?:ab)+", "ababab", true],
  ["(?<name>ab){2}", "abab", true],
  ["a{2,}", "a", false],
  ["a{2,}", "aaaa", true],
  ["a{0}b", "b", true],
  ["a*?b", "aab", true], // lazy reads as greedy for a whole match
  ["[^a-c]", "d", true],
  ["[^a-c]", "b", false],
  ["[\\d-]+", "1-2", true],
  ["[a\\-z]", "-", true],
  ["[a\\-z]", "b", false],
  ["[\\p{Lu}\\d]+", "AB12", true],
  ["[\\P{L}]", "a", false],
  ["[^\\P{L}]", "a", true],
  ["\\p{Script=Greek}+", "αβγ", true],
  ["\\p{sc=Grek}", "a", false],
  ["\\p{General_Category=Uppercase_Letter}", "A", true],
  ["\\u{1F600}", "😀", true],
  ["\\uD83D\\uDE00", "😀", true],
  ["\\x41", "A", true],
  ["^a$", "a", true],
  ["a^", "a", false],
  ["\\w+", "é", false],
  ["\\s", "\u3000", true],
  ["\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\/\\\\", ".*+?()[]{}|^$/\\", true],
];

for (const [source, value, expected] of table) {
  test(`/${source}/ ${expected ? "matches" : "does not match"} ${JSON.stringify(value)}`, () => {
    assert.equal(new Pattern(source).matches(value), expected);
  });
}

const invalid = [
  "(a", "a)", "[a", "*a", "a**", "a{2", "a{3,1}", "a{1001}", "(?=a)", "(?!a)", "(?<=a)", "(?i)a", "\\1", "\\b",
  "[]", "[^]", "\\uD800", "\\uDC00x", "\\u{D800}", "\\-", "\\@", "\\cC", "\\k<a>", "\\01", "[\\b]", "\\B", "(a+)+", "(a*)*b", "(\\w+\\s?)*", "(a{1,100}){1,100}", "\\p{Han}", "\\p{Nope}", "\\p{Foo=Bar}", "[[a]]", "[a&&b]", "[a--b]", "a++", "\\w{0,1000}\\w{0,1000}\\w{0,1000}\\w{0,1000}\\w{0,1000}\\w{0,1000}\\w{0,1000}\\w{0,1000}\\w{0,1000}\\w{0,1000}\\w{0,1000}",
];

for (const source of invalid) {
  test(`/${source}/ is refused with a PatternError`.slice(0, 100), () => {
    assert.throws(() => new Pattern(source), PatternError);
  });
}

// Patterns that take a backtracking engine exponential or polynomial time, held to within LIMIT
// times a plain pattern on a value of the same size, as ratios in one run.
const PLAIN = new Pattern("[a-z]*");
const LIMIT = 8;
const matching = ([pattern, value]) => pattern.matches(value);

test("(a|a)*b against 50,000 a's is linear (no backtracking)", () => {
  const pattern = new Pattern("(a|a)*b");
  const value = "a".repeat(50_000);
  assert.equal(pattern.matches(value), false);
  const found = ratio(matching, [pattern, value], [PLAIN, value]);
  assert.ok(found < LIMIT, `${found.toFixed(1)}x the plain pattern`);
});

test("(a|a)*b against 10,000 a's, at the input limit, is linear", () => {
  const pattern = new Pattern("(a|a)*b");
  assert.equal(pattern.matches("a".repeat(10_000)), false);
  assert.equal(pattern.matches("a".repeat(9_999) + "b"), true);
  const found = ratio(matching, [pattern, "a".repeat(9_999) + "b"], [PLAIN, "a".repeat(10_000)]);
  assert.ok(found < LIMIT, `${found.toFixed(1)}x the plain pattern`);
});

test("overlapping repetitions, polynomial for a backtracking engine, are linear here", () => {
  const pattern = new Pattern("a*a*a*a*a*b");
  const value = "a".repeat(10_000);
  assert.equal(pattern.matches(value), false);
  const found = ratio(matching, [pattern, value], [PLAIN, value]);
  assert.ok(found < LIMIT, `${found.toFixed(1)}x the plain pattern`);
});

test("a value longer than 10,000 scalars never matches; 10,000 may", () => {
  const pattern = new Pattern("a*");
  assert.equal(pattern.matches("a".repeat(10_000)), true);
  assert.equal(pattern.matches("a".repeat(10_001)), false);
  assert.equal(new Pattern(".*").matches("😀".repeat(10_000)), true); // 20,000 UTF-16 units, 10,000 scalars
});

test("the cached automaton (DFA) answers as the thread-by-thread VM does, on seeded random values", () => {
  const sources = ["(a|b)*abb", "a{2,4}b?$", "^(?:ab|a)c*", "[^a]*a.b", "\\d{3}-\\d{4}", ".*\\p{L}.*", "(x|xy)(z|yz)",
    "a*$|b", "(?:a|^b)c", "[\\s\\S]*(?:ab)[\\s\\S]*", "\\w+@\\w+", "(?:a?){3}a{3}", "é|e\\u0301", "[😀-😂]+a"];
  const alphabet = ["a", "b", "c", "x", "y", "z", "1", "-", "@", " ", "é", "\u0301", "😀", "😁", "\n"];
  let seed = 12345;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let compared = 0;
  for (const source of sources) {
    const pattern = new Pattern(source);
    for (let round = 0; round < 400; round++) {
      let value = "";
      const length = random(9);
      for (let index = 0; index < length; index++) value += alphabet[random(alphabet.length)];
      assert.equal(pattern.matchesByDFA(value), pattern.matchesByNFA(value), `/${source}/ on ${JSON.stringify(value)}`);
      compared++;
    }
  }
  assert.equal(compared, sources.length * 400);
});

test("the automaton's cache stays bounded on a pattern with many states", () => {
  const pattern = new Pattern("[ab]*a[ab]{12}");
  let seed = 7;
  for (let round = 0; round < 300; round++) {
    let value = "";
    for (let index = 0; index < 40; index++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      value += seed % 2 ? "a" : "b";
    }
    assert.equal(pattern.matches(value), pattern.matchesByNFA(value));
  }
  assert.ok(pattern.states.size <= 2000);
});

test("a pattern of many states answers by the VM, in time linear in the value", () => {
  const pattern = new Pattern("\\w{0,1000}\\w{0,1000}\\w{0,1000}\\w{0,1000}x");
  assert.equal(pattern.matches("a".repeat(10_000)), false);
  assert.equal(pattern.matches("a".repeat(3_000) + "x"), true);
  assert.equal(pattern.states, undefined); // no cache was built
  // NB: past the first 1,000 characters the live threads stay near 3,000, so twice the value is
  // about twice the time; a step quadratic in the value would be 4 times.
  const found = ratio(matching, [pattern, "a".repeat(4_000) + "y"], [pattern, "a".repeat(2_000) + "y"]);
  assert.ok(found < 3.5, `${found.toFixed(1)}x half the value`);
});

test("the automaton itself is linear: (a|a)*b over 50,000 a's, past the input limit", () => {
  const pattern = new Pattern("(a|a)*b");
  const value = "a".repeat(50_000);
  assert.equal(pattern.matchesByDFA(value), false);
  assert.equal(pattern.matchesByDFA(value + "b"), true);
  const found = ratio(([p, v]) => p.matchesByDFA(v), [pattern, value + "b"], [PLAIN, value]);
  assert.ok(found < LIMIT, `${found.toFixed(1)}x the plain pattern`);
});

test("the script tables are the pinned Unicode version's (src/unicode-scripts.js, by Scripts/generate-unicode.py)", async () => {
  const { readFileSync } = await import("node:fs");
  const swift = readFileSync(repository + "Sources/RuleCore/Patterns/UnicodeScripts.swift", "utf8");
  const data = await import("../src/unicode-scripts.js");
  const tables = await import("../src/unicode-data.js");
  assert.equal(data.version, tables.version);
  assert.ok(swift.includes(`static let version = "${data.version}"`));
  assert.ok(data.ENTRIES.length > 150 && data.BOUNDS.length > 4000);
});

const scripts = [
  // pattern, value, matches: the pinned Unicode 17.0 scripts
  ["\\p{Script=Han}", "漢", true],
  ["\\p{Script=Han}", "\u{2B73A}", true], // CJK Extension added after 15.0
  ["\\p{Script=Latin}", "\ua7cb", true], // Latin added in 16.0
  ["\\p{Script=Han}", "\u{3347A}", false], // unassigned in 17.0: Unknown
  ["\\p{sc=Hira}+", "ひらがな", true],
  ["\\p{scx=Hira}", "ー", true], // the prolonged sound mark is Common, with Hiragana and Katakana extensions
  ["\\p{sc=Hira}", "ー", false],
  ["\\p{Script_Extensions=Katakana}", "\u0305", true], // Kana among its extensions in 17.0
  ["\\P{Script=Han}", "a", true],
  ["[\\p{sc=Grek}\\d]+", "αβ1", true],
  ["\\p{Script=Qaai}", "\u0301", true], // an alias of Inherited
];

for (const [source, value, expected] of scripts) {
  test(`/${source}/ ${expected ? "matches" : "does not match"} ${JSON.stringify(value)}`, () => {
    assert.equal(new Pattern(source).matches(value), expected);
  });
}

test("a script the engine's tables lack is refused", () => {
  assert.throws(() => new Pattern("\\p{Script=Piqd}"), /unknown script 'Piqd'/); // ISO 15924, not in Unicode
  assert.throws(() => new Pattern("\\p{Han}"), /a script needs 'Script='/);
});
