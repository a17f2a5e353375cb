// A JSON body is read exactly as the engine's JSONReader reads it: the same values, and the same
// refusals with the same message, line and column.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readJSON, JSONReadError } from "../src/json.js";
import { repository, readLines, ratioOf, readingOf } from "./helpers.js";

// The refusals every runtime shares (conformance/json-reader.jsonl): the bytes, and the engine's
// message, byte offset, line and column.
const refusals = readLines(repository + "conformance/json-reader.jsonl");

test("the reader's corpus is all there", () => assert.equal(refusals.length, 54));

for (const c of refusals) {
  test(`${c.hex} is refused at ${c.line}:${c.column}: ${c.message}`.slice(0, 160), () => {
    assert.throws(() => readJSON(new Uint8Array(Buffer.from(c.hex, "hex"))), (error) => {
      assert.ok(error instanceof JSONReadError);
      assert.deepEqual([error.offset, error.line, error.column, error.message], [c.offset, c.line, c.column, c.message]);
      return true;
    });
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

// The factor a large input may cost over the platform reading it once, measured in the same run.
const LIMIT = 50;

test("a 10 MB body is read within a small factor of the platform's JSON.parse of its size", () => {
  const body = JSON.stringify({ title: "x".repeat(10_000_000) });
  assert.equal(readJSON(body).v.get("title").v.length, 10_000_000);
  const found = ratioOf(() => readJSON(body), readingOf(body.length));
  assert.ok(found < LIMIT, `${found.toFixed(1)}x JSON.parse`);
});

test("a U+FEFF that starts a string is kept; only the body's own byte order mark is skipped", () => {
  assert.equal(readJSON('"\ufeffx"').v, "\ufeffx");
  assert.equal(readJSON('\ufeff"\ufeff"').v, "\ufeff");
  assert.equal(readJSON(new Uint8Array([0xef, 0xbb, 0xbf, 0x22, 0xef, 0xbb, 0xbf, 0x61, 0x22])).v, "\ufeffa");
  assert.deepEqual([...readJSON('{"\ufeffk": "\ufeff\\n"}').v], [["\ufeffk", readJSON('{"\ufeffk": "\ufeff\\n"}').v.get("\ufeffk")]]);
  assert.equal(readJSON('{"\ufeffk": "\ufeff\\n"}').v.get("\ufeffk").v, "\ufeff\n");
});
