// A JSON body is read exactly as the engine's JSONReader reads it: the same values, and the same
// refusals with the same message, line and column.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readJSON, JSONReadError } from "../src/json.js";

const refusals = [
  // body, line, column, message
  ['{"a": 1, "a": 2}', 1, 10, "duplicate key 'a' in an object"],
  ['{"a": 1,}', 1, 9, "expected a key after ','; found '}'; JSON has no trailing commas"],
  ["[1, 2,]", 1, 7, "expected a value after ','; found ']'; JSON has no trailing commas"],
  ["[1, 2", 1, 6, "expected ',' or ']' after an item of a list; found the end of the input"],
  ["", 1, 1, "expected a value; found the end of the input"],
  ["  \n  ", 2, 3, "expected a value; found the end of the input"],
  ["{\n  \"a\": tru\n}", 2, 8, "expected the value of 'a'; found 'tru'"],
  ["NaN", 1, 1, "expected a value; found 'NaN'"],
  ["[01]", 1, 3, "expected '.', 'e' or the end of the number after a leading '0'; found '1'; JSON has no leading zeros"],
  ["1.", 1, 3, "expected a digit after '.'; found the end of the input"],
  ["1e", 1, 3, "expected a digit in the exponent; found the end of the input"],
  ["-", 1, 2, "expected a digit after '-'; found the end of the input"],
  ["1e1000000000", 1, 3, "the number's exponent exceeds the limit of 999999999 in magnitude"],
  ['"\\ud800"', 1, 2, "lone high surrogate '\\uD800' in a string; it must be followed by a low surrogate \\uDC00–\\uDFFF"],
  ['"\\udc00"', 1, 2, "lone low surrogate '\\uDC00' in a string; it must follow a high surrogate \\uD800–\\uDBFF"],
  ['"\\ud800\\u0041"', 1, 2, "high surrogate '\\uD800' followed by '\\u0041' in a string; it must be followed by a low surrogate \\uDC00–\\uDFFF"],
  ['"\\x"', 1, 2, "invalid escape '\\x' in a string; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"],
  ['"\\u12"', 1, 6, "expected 4 hexadecimal digits after '\\u'; found '\"'"],
  ['"a\tb"', 1, 3, "control character U+0009 in a string; write it as '\\u0009'"],
  ['"abc', 1, 5, "expected '\"' to end the string; found the end of the input"],
  ["{'a': 1}", 1, 2, "expected a key or '}'; found '''"],
  ['{"a" 1}', 1, 6, "expected ':' after the key 'a'; found '1'"],
  ['{"a": 1 "b": 2}', 1, 9, "expected ',' or '}' after a member of an object; found '\"'"],
  ["[1] x", 1, 5, "expected the end of the input after the value; found 'x'"],
  ["[] \u00a0", 1, 4, "expected the end of the input after the value; found U+00A0"],
  ["[é]", 1, 2, "expected a value or ']'; found 'é' (U+00E9)"],
  ["[1,\r\n 2,\r\n]", 3, 1, "expected a value after ','; found ']'; JSON has no trailing commas"],
];

for (const [body, line, column, message] of refusals) {
  test(`${JSON.stringify(body)} is refused at ${line}:${column}: ${message}`, () => {
    assert.throws(() => readJSON(body), (error) => {
      assert.ok(error instanceof JSONReadError);
      assert.deepEqual([error.line, error.column, error.message], [line, column, message]);
      return true;
    });
  });
}

const bytes = [
  // bytes, column, message
  [[0x22, 0xff, 0x22], 2, "invalid UTF-8 byte 0xFF"],
  [[0x22, 0xc3, 0x22], 2, "invalid UTF-8 bytes 0xC3 0x22"],
  [[0x22, 0xe3, 0x81], 2, "invalid UTF-8 bytes 0xE3 0x81 cut off by the end of the input"],
  [[0x22, 0xed, 0xa0, 0x80, 0x22], 2, "invalid UTF-8 bytes 0xED 0xA0"], // an encoded surrogate
  [[0x22, 0xc0, 0xaf, 0x22], 2, "invalid UTF-8 byte 0xC0"], // an overlong '/'
  [[0x22, 0xe3, 0x81, 0x82, 0xff, 0x22], 3, "invalid UTF-8 byte 0xFF"], // columns count scalars
];

for (const [body, column, message] of bytes) {
  test(`bytes ${body.map((b) => b.toString(16)).join(" ")} are refused: ${message}`, () => {
    assert.throws(() => readJSON(new Uint8Array(body)), (error) => error.column === column && error.message === message);
  });
}

test("values read exactly: big numbers, 1e400, escapes, a BOM, duplicate-free nesting", () => {
  const read = readJSON('\ufeff{"n": 12345678901234567890123, "e": 1e400, "t": -1e-400, "f": 2000.0, "s": "\\u00e9\\ud83d\\ude00\\n", "l": [true, false, null]}');
  assert.equal(read.t, "record");
  const fields = read.v;
  assert.equal(String(fields.get("n").v), "12345678901234567890123");
  assert.equal(String(fields.get("e").v), "1e400");
  assert.equal(String(fields.get("t").v), "-1e-400");
  assert.equal(fields.get("f").v.exactInteger(), 2000n);
  assert.equal(fields.get("s").v, "é😀\n");
  assert.deepEqual(fields.get("l").v.map((item) => item && [item.t, item.v]), [["boolean", true], ["boolean", false], null]);
});

test("nesting is refused past 512 levels, never a stack overflow", () => {
  assert.equal(readJSON("[".repeat(512) + "]".repeat(512)).t, "list");
  assert.throws(() => readJSON("[".repeat(513) + "]".repeat(513)), /nesting depth exceeds the limit of 512 levels/);
  assert.throws(() => readJSON("[".repeat(1_000_000)), (error) => error instanceof JSONReadError && error.column === 513);
});

test("a 10 MB body is read in well under a second", () => {
  const body = JSON.stringify({ title: "x".repeat(10_000_000) });
  const start = performance.now();
  assert.equal(readJSON(body).v.get("title").v.length, 10_000_000);
  assert.ok(performance.now() - start < 2000);
});

test("a U+FEFF that starts a string is kept; only the body's own byte order mark is skipped", () => {
  assert.equal(readJSON('"\ufeffx"').v, "\ufeffx");
  assert.equal(readJSON('\ufeff"\ufeff"').v, "\ufeff");
  assert.equal(readJSON(new Uint8Array([0xef, 0xbb, 0xbf, 0x22, 0xef, 0xbb, 0xbf, 0x61, 0x22])).v, "\ufeffa");
  assert.deepEqual([...readJSON('{"\ufeffk": "\ufeff\\n"}').v], [["\ufeffk", readJSON('{"\ufeffk": "\ufeff\\n"}').v.get("\ufeffk")]]);
  assert.equal(readJSON('{"\ufeffk": "\ufeff\\n"}').v.get("\ufeffk").v, "\ufeff\n");
});
