// Custom checks (format 1.3): implementations passed when the rules load, run as the engine runs
// them; rules using one without an implementation do not load, and the error names it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Rules, RulesError } from "../src/index.js";
import { loadRules } from "../src/node.js";
import { fixtures } from "./helpers.js";
import { luhn } from "./luhn.mjs";

const schema = readFileSync(fixtures + "cards.schema.json");

test("an implementation passed when loading gives the verdict", () => {
  const rules = Rules.fromSchema(schema, { custom: { luhn } });
  const cases = [
    ["CardNumber", "4539578763621486", { value: "4539578763621486" }],
    ["CardNumber", " 4111111111111111 ", { value: "4111111111111111" }],
    ["CardNumber", "4539578763621487", ["invalidChecksum", "Check the card number."]],
    ["CardNumber", "18", ["tooShort"]],
    ["GiftCard", "79927398713", { value: "79927398713" }],
    ["GiftCard", "79927398710", ["giftCardChecksum", "Check the gift card number."]],
  ];
  for (const [type, input, expected] of cases) {
    const result = rules.validate(type, input);
    if (!Array.isArray(expected)) {
      assert.equal(result.valid, true, `${type} ${input}`);
      assert.equal(result.value, expected.value);
    } else {
      assert.equal(result.valid, false, `${type} ${input}`);
      assert.deepEqual(result.violations.map((violation) => violation.code), [expected[0]]);
      if (expected[1] !== undefined) assert.equal(result.violations[0].message, expected[1]);
    }
  }
});

test("the implementation sees the normalized value", () => {
  const seen = [];
  const rules = Rules.fromSchema(schema, { custom: { luhn: (value) => { seen.push(value); return true; } } });
  assert.equal(rules.validate("CardNumber", " 4111111111111111 ").valid, true);
  assert.deepEqual(seen, ["4111111111111111"]);
});

test("rules using a custom check without an implementation do not load, naming it", async () => {
  const named = (error) => error instanceof RulesError && error.message.includes("custom check 'luhn'") &&
    error.message.includes("custom: { luhn:");
  assert.throws(() => Rules.fromSchema(schema), named);
  assert.throws(() => Rules.fromSchema(schema, { custom: { luhm: luhn } }), named);
  await assert.rejects(loadRules(fixtures + "cards.schema.json"), named);
  assert.equal((await loadRules(fixtures + "cards.schema.json", { custom: { luhn } })).validate("GiftCard", "18").valid, true);
});

test("an implementation that is no function is refused", () => {
  assert.throws(() => Rules.fromSchema(schema, { custom: { luhn: true } }), TypeError);
  assert.throws(() => Rules.fromSchema(schema, { custom: [luhn] }), TypeError);
});

test("a use of an undeclared custom check is refused", () => {
  const document = JSON.parse(schema.toString("utf8"));
  delete document["x-rulecheck-custom"];
  assert.throws(() => Rules.fromSchema(document, { custom: { luhn } }), (error) => error instanceof RulesError && /not declared/.test(error.message));
});
