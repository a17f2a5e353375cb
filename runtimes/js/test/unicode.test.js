// The runtime's Unicode (src/unicode.js) against the pinned version's own test files in
// conformance/unicode/, read whole with no expected failure; its time on hostile text, as a ratio
// to ASCII text of the same size; the export's Unicode version; and no platform Unicode API in src.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import * as unicode from "../src/unicode.js";
import { Rules, RulesError } from "../src/index.js";
import { fixtures } from "./helpers.js";

const conformance = new URL("../../../conformance/unicode/", import.meta.url);
const read = (name) => readFileSync(new URL(name, conformance), "utf8");

// A line's data: the text before '#', or null for a comment or an empty line.
function dataOf(line) {
  const data = line.split("#")[0].trim();
  return data === "" || data.startsWith("@") ? null : data;
}

const fromHex = (field) => String.fromCodePoint(...field.trim().split(/\s+/).map((hex) => parseInt(hex, 16)));

test("the runtime decides by the tables' version, the one conformance/unicode/ is of", () => {
  assert.equal(unicode.UNICODE_VERSION, "17.0.0");
  assert.match(read("GraphemeBreakTest.txt"), /^# GraphemeBreakTest-17\.0\.0\.txt/);
  assert.match(read("NormalizationTest.txt"), /^# NormalizationTest-17\.0\.0\.txt/);
});

test("grapheme clusters agree with GraphemeBreakTest.txt on every line", () => {
  const failures = [];
  let lines = 0;
  for (const line of read("GraphemeBreakTest.txt").split("\n")) {
    const data = dataOf(line);
    if (data === null) continue;
    lines++;
    // ÷ 0061 × 0301 ÷ 0062 ÷: the clusters between the ÷ marks.
    const expected = data.split("÷").map((part) => part.trim()).filter((part) => part !== "").map((part) => fromHex(part.replaceAll("×", " ")));
    const text = expected.join("");
    const clusters = unicode.graphemeClusters(text);
    if (unicode.graphemeCount(text) !== expected.length || JSON.stringify(clusters) !== JSON.stringify(expected)) failures.push(line);
  }
  assert.equal(lines, 766);
  assert.deepEqual(failures, []);
});

test("nfc and nfkc agree with NormalizationTest.txt on every line", () => {
  const failures = [];
  let lines = 0;
  for (const line of read("NormalizationTest.txt").split("\n")) {
    const data = dataOf(line);
    if (data === null) continue;
    lines++;
    const [c1, c2, c3, c4, c5] = data.split(";").slice(0, 5).map(fromHex);
    // c2 == NFC(c1) == NFC(c2) == NFC(c3); c4 == NFC(c4) == NFC(c5); c4 == NFKC(c1..c5).
    const holds = [c1, c2, c3].every((c) => unicode.nfc(c) === c2) && [c4, c5].every((c) => unicode.nfc(c) === c4) &&
      [c1, c2, c3, c4, c5].every((c) => unicode.nfkc(c) === c4);
    if (!holds) failures.push(line);
  }
  assert.ok(lines > 20_000, `${lines} lines`);
  assert.deepEqual(failures, []);
});

test("NormalizationTest.txt's part 1: a code point it does not list is unchanged by nfc and nfkc", () => {
  const listed = new Set();
  let part = "";
  for (const line of read("NormalizationTest.txt").split("\n")) {
    if (line.startsWith("@Part")) part = line.slice(1, 6);
    const data = dataOf(line);
    if (data !== null && part === "Part1") listed.add(parseInt(data.split(";")[0], 16));
  }
  assert.ok(listed.size > 10_000);
  const failures = [];
  for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
    if (listed.has(codePoint) || (codePoint >= 0xd800 && codePoint <= 0xdfff)) continue;
    const text = String.fromCodePoint(codePoint);
    if (unicode.nfc(text) !== text || unicode.nfkc(text) !== text) failures.push(codePoint.toString(16));
  }
  assert.deepEqual(failures, []);
});

test("lowercase and uppercase agree with case-mapping.jsonl on every line, Final_Sigma included", () => {
  const failures = [];
  let cases = 0;
  for (const line of read("case-mapping.jsonl").split("\n")) {
    if (line.trim() === "") continue;
    const item = JSON.parse(line);
    if (item.in === undefined) continue; // the {"generated": …} line
    cases++;
    if (unicode.lowercase(item.in) !== item.lower || unicode.uppercase(item.in) !== item.upper) failures.push(line);
  }
  assert.ok(cases > 2800, `${cases} cases`);
  assert.deepEqual(failures, []);
});

test("a lone surrogate is the code point it is: a cluster of its own, no case, unchanged by normalization", () => {
  for (const text of ["\ud800", "\udc00", "1\ud800.", "\udc00\u0301", "\ud83d"]) {
    assert.equal(unicode.nfc(text), text);
    assert.equal(unicode.nfkc(text), text);
    assert.equal(unicode.lowercase(text), text);
    assert.equal(unicode.uppercase(text), text);
    assert.equal(unicode.trim(text), text);
  }
  assert.equal(unicode.graphemeCount("\ud800"), 1);
  assert.equal(unicode.graphemeCount("a\ud800\u0301"), 2); // Control, then the mark joins it (GB9)
  assert.equal(unicode.graphemeCount("\ud800\udc00"), 1);
  assert.equal(unicode.generalCategory(0xd800), "Cs");
  assert.equal(unicode.uppercase("\ud801\udc28x\ud801"), "\ud801\udc00X\ud801");
});

test("a U+FEFF stays where it is, first in what is normalized or not", () => {
  for (const text of ["\ufeff\u0301", "a\ufeff\u0301", "\ufeffe\u0301", "\ufeff"]) {
    assert.equal(unicode.nfc(text), text.replace("e\u0301", "é"));
    assert.equal(unicode.nfkc(text), text.replace("e\u0301", "é"));
  }
  assert.equal(unicode.uppercase("\ufeffa"), "\ufeffA");
  assert.equal(unicode.lowercase("\ufeffΣ"), "\ufeffσ");
});

test("what the tables decide where Unicode versions differ (issue 36's cases)", () => {
  assert.equal(unicode.lowercase("\u1c89"), "\u1c8a"); // U+1C89, Unicode 16
  assert.equal(unicode.graphemeCount("\u1b13\u1b44\u1b13\u1b44\u1b13"), 1); // Balinese conjunct, Unicode 17 InCB
  assert.equal(unicode.nfkc("\u{1ccd6}"), "A"); // Unicode 16's outlined letters
  assert.equal(unicode.nfc("cafe\u0301"), "café");
  assert.equal(unicode.lowercase("ΟΔΟΣ ΟΔΟΣ."), "οδος οδος.");
  assert.equal(unicode.lowercase("Σ"), "σ");
  assert.equal(unicode.uppercase("straße"), "STRASSE");
  assert.equal(unicode.lowercase("İ"), "i\u0307");
});

test("general categories and White_Space come from the tables", () => {
  assert.equal(unicode.generalCategory(0x41), "Lu");
  assert.equal(unicode.generalCategory(0x378), "Cn");
  assert.equal(unicode.generalCategory(0x10ffff), "Cn");
  assert.equal(unicode.generalCategory(0xe000), "Co");
  assert.deepEqual(unicode.generalCategoryNamed("L"), ["Ll", "Lm", "Lo", "Lt", "Lu"]);
  assert.deepEqual(unicode.generalCategoryNamed("Uppercase_Letter"), ["Lu"]);
  assert.deepEqual(unicode.generalCategoryNamed("digit"), ["Nd"]);
  assert.equal(unicode.generalCategoryNamed("uppercase_letter"), null); // exact, as ECMAScript
  assert.equal(unicode.generalCategoryNamed("Latin"), null);
  const whiteSpace = unicode.whiteSpaceRanges().flatMap(([low, high]) => Array.from({ length: high - low + 1 }, (_, i) => low + i));
  assert.deepEqual(whiteSpace, [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003,
    0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]);
  assert.equal(unicode.collapseWhitespace(" a \u3000\u2028 b "), "a b");
});

// ---- Time: hostile text, as ratios measured in this run (never an absolute time)

// NB: the process's CPU time, not the wall clock: on shared cores a wall clock counts other processes'
// time too (collapseWhitespace read 27 to 30 times its ordinary text beside two builds, 1.7 alone).
function fastest(run, text) {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = process.cpuUsage();
    run(text);
    const spent = process.cpuUsage(start);
    best = Math.min(best, (spent.user + spent.system) / 1000);
  }
  return best;
}

// Each hostile shape, `size` UTF-16 code units long.
const hostile = (size) => ({
  "a cluster of 1 mark short of the whole size": "a" + "\u0301".repeat(size - 1),
  "a ZWJ chain": "👨\u200d".repeat(size / 3),
  "a White_Space run": " \u3000\u2028\u00a0".repeat(size / 4),
  "a regional indicator run": "🇯".repeat(size / 2),
  "an Indic conjunct": "क" + "\u094d\u0915".repeat(size / 2 - 1),
  "a run of alternating marks": "a" + "\u0301\u0316".repeat(size / 2 - 1),
  "a run of capital sigmas": "Α" + "Σ\u0345".repeat(size / 2 - 1),
});

const SIZE = 1 << 20;
const FUNCTIONS = { graphemeCount: unicode.graphemeCount, nfc: unicode.nfc, nfkc: unicode.nfkc, lowercase: unicode.lowercase,
  uppercase: unicode.uppercase, collapseWhitespace: unicode.collapseWhitespace };

// Ordinary text that every function has work on: decomposed accents (nfc), capitals (lowercase),
// small letters (uppercase), spaces (collapseWhitespace), clusters of two code points.
const ordinary = (size) => "Ée\u0301 ".repeat(size / 4);

// NB: the bound is loose, since the machine may be busy; what it catches is time that grows
// faster than the text: a quadratic function takes 10^5 times as long on 1 MB of a hostile shape.
for (const [name, run] of Object.entries(FUNCTIONS)) {
  test(`${name} takes time linear in the text: 1 MB of each hostile shape within 20 times 1 MB of ordinary text's`, (t) => {
    const shapes = hostile(SIZE);
    const base = ordinary(SIZE);
    // NB: each text run once small first, so that the engine has compiled the paths it takes.
    for (const text of [base, ...Object.values(shapes)]) run(text.slice(0, 4096));
    const baseTime = Math.max(fastest(run, base), 0.01);
    const slow = [];
    for (const [shape, text] of Object.entries(shapes)) {
      const ratio = fastest(run, text) / baseTime;
      t.diagnostic(`${shape}: ${ratio.toFixed(1)}×`);
      if (!(ratio <= 20)) slow.push(`${shape}: ${ratio.toFixed(1)}×`);
    }
    assert.deepEqual(slow, []);
  });
}

test("counting the characters of 1 MB of hostile text takes a small factor of 1 MB of ASCII's time", (t) => {
  const ascii = "a".repeat(SIZE);
  const shapes = hostile(SIZE);
  for (const text of [ascii, ...Object.values(shapes)]) unicode.graphemeCount(text.slice(0, 4096));
  // The floor of ASCII's time: a pass that reads every code unit, as the hostile texts' must.
  const floor = fastest((text) => {
    let sum = 0;
    for (let index = 0; index < text.length; index++) sum += text.charCodeAt(index);
    return sum;
  }, ascii);
  const base = Math.max(fastest(unicode.graphemeCount, ascii), floor, 0.05);
  const slow = [];
  for (const [shape, text] of Object.entries(shapes)) {
    const ratio = fastest(unicode.graphemeCount, text) / base;
    t.diagnostic(`${shape}: ${ratio.toFixed(1)}×`);
    if (!(ratio <= 50)) slow.push(`${shape}: ${ratio.toFixed(1)}×`);
  }
  assert.deepEqual(slow, []);
});

test("counting stops at a cap", () => {
  assert.equal(unicode.graphemeCount("e\u0301".repeat(1000), 21), 21);
  assert.equal(unicode.graphemeCount("abc", 2), 3); // ASCII is counted whole
});

// ---- The export's Unicode version

test("an export for another Unicode version is refused, naming both versions; one without a version is read", () => {
  const document = JSON.parse(readFileSync(fixtures + "seed.schema.json", "utf8"));
  const refuse = (version) => assert.throws(() => Rules.fromSchema({ ...document, "x-rulecheck-unicode": version }),
    (error) => error instanceof RulesError && error.message.includes(`Unicode ${version}`) && error.message.includes("Unicode 17.0.0"));
  refuse("16.0.0");
  refuse("18.0.0");
  assert.throws(() => Rules.fromSchema({ ...document, "x-rulecheck-unicode": 17 }), /Unicode 17 .*Unicode 17\.0\.0/);
  const { "x-rulecheck-unicode": _, ...withoutVersion } = document;
  assert.deepEqual(Rules.fromSchema(withoutVersion).validate("TaskTitle", " a "), { valid: true, value: "a" });
  assert.deepEqual(Rules.fromSchema({ ...document, "x-rulecheck-unicode": "17.0.0" }).validate("TaskTitle", " a "), { valid: true, value: "a" });
});

// ---- No platform Unicode in src

test("hexDigits writes upper-case hexadecimal of at least the width asked, as diagnostics show code points", () => {
  assert.deepEqual(
    [[0, 4], [0x1f, 4], [0xd800, 4], [0x10ffff, 4], [0xff, 2], [7, 2], [0x1f600, 4]].map(([value, width]) => unicode.hexDigits(value, width)),
    ["0000", "001F", "D800", "10FFFF", "FF", "07", "1F600"],
  );
});

// Each allowed use: the file, and the exact text of its line. A new use fails until it is listed
// here, with the reason it decides no verdict.
const ALLOWED = [
  // Not the platform's: a type's own normalizers (unicode.js), and a message that shows \p{…}.
  ["rules.js", "const normalized = this.normalize === null ? input : this.normalize(input);"],
  ["pattern.js", "const hint = scriptRanges(value, false) !== null ? `; a script needs 'Script=': '\\\\p{Script=${value}}'` : \"\";"],
];
const PLATFORM_UNICODE = /Intl\.Segmenter|\.normalize\(|toLowerCase|toUpperCase|toLocale(?:Lower|Upper)Case|localeCompare|Intl\.Collator|\\[pP]\{/;

test("src calls no platform Unicode API but the allowed ASCII uses", () => {
  const source = new URL("../src/", import.meta.url);
  const found = [];
  for (const file of readdirSync(source).filter((name) => name.endsWith(".js"))) {
    const lines = readFileSync(new URL(file, source), "utf8").split("\n");
    lines.forEach((line, index) => {
      const code = line.trim();
      if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) return;
      if (PLATFORM_UNICODE.test(code) && !ALLOWED.some(([name, text]) => name === file && text === code)) found.push(`${file}:${index + 1}: ${code}`);
    });
  }
  assert.deepEqual(found, []);
  // Each allowed use still exists, so that the list shrinks when one goes.
  for (const [file, text] of ALLOWED) {
    assert.ok(readFileSync(new URL(file, source), "utf8").split("\n").some((line) => line.trim() === text), `${file}: ${text}`);
  }
});
