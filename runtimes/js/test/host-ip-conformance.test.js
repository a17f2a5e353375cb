// `hostname`, `ip: 4` and `ip: 6` against JSON-Schema-Test-Suite's format tests in conformance/, case
// for case, through the seed rules' ServerName, IPv4Address and IPv6Address types; where JSON
// Schema's meaning differs from ours, conformance/jsts-format-verdicts.jsonl holds our verdict and
// why, as the Swift and Python tests read it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { repository, readLines, seedRules } from "./helpers.js";

const folder = repository + "conformance/";
const overrides = new Map(readLines(folder + "jsts-format-verdicts.jsonl").map((line) => [`${line.file} ${line.data}`, line]));
const suites = [["jsts-format-hostname.json", "ServerName", 58], ["jsts-format-ipv4.json", "IPv4Address", 35], ["jsts-format-ipv6.json", "IPv6Address", 36]];
const used = new Set();

for (const [file, type, count] of suites) {
  // NB: `format` ignores what is not a string; a rule's type says the kind, so those tests do not apply.
  const cases = JSON.parse(readFileSync(folder + file, "utf8")).flatMap((group) => group.tests).filter((c) => typeof c.data === "string");
  test(`${file} is all there, with both verdicts`, () => {
    assert.equal(cases.length, count);
    assert.ok(cases.some((c) => c.valid) && cases.some((c) => !c.valid));
  });
  for (const c of cases) {
    const override = overrides.get(`${file} ${c.data}`);
    if (override !== undefined) used.add(`${file} ${c.data}`);
    const valid = override === undefined ? c.valid : override.valid;
    test(`${type} on ${file}: ${c.description}${override === undefined ? "" : " (ours differs)"}`, () => {
      assert.equal(seedRules().validate(type, c.data).valid, valid, c.data);
    });
  }
}

test("every recorded difference is a case of the suites", () => {
  assert.equal(used.size, overrides.size);
  assert.equal(used.size, 23);
});
