// Standard Schema V1 (https://standardschema.dev): each type and model, consumed here only through
// its `~standard` interface, as a form or router library consumes it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { seedRules } from "./helpers.js";

// What a library does with any Standard Schema: no import of rulecheck, only the interface.
async function parse(schema, value) {
  const standard = schema["~standard"];
  assert.equal(standard.version, 1);
  assert.equal(typeof standard.validate, "function");
  const result = await standard.validate(value);
  if (result.issues) {
    return { issues: result.issues.map((issue) => ({ message: issue.message, path: (issue.path ?? []).map((key) => (typeof key === "object" ? key.key : key)) })) };
  }
  return { value: result.value };
}

const seed = seedRules();

test("every type and model is a Standard Schema of vendor rulecheck", () => {
  for (const name of seed.names) {
    const standard = seed.standard(name)["~standard"];
    assert.equal(standard.version, 1);
    assert.equal(standard.vendor, "rulecheck");
  }
  assert.equal(seed.standard("SignUp"), seed.standard("SignUp")); // the same object each time
});

test("a valid value gives the normalized value", async () => {
  assert.deepEqual(await parse(seed.standard("TaskTitle"), "  Buy milk "), { value: "Buy milk" });
  assert.deepEqual(await parse(seed.standard("SignUp"), {
    email: "taro@example.com", password: "secret12", passwordConfirmation: "secret12", displayName: "  Taro   Yamada ", plan: " PRO ",
  }), { value: { displayName: "Taro Yamada", email: "taro@example.com", password: "secret12", passwordConfirmation: "secret12", plan: "pro" } });
});

test("an invalid value gives every issue at once, with message and path", async () => {
  const result = await parse(seed.standard("SignUp"), { email: "not an email", password: "short", passwordConfirmation: "other", plan: "gold" });
  assert.deepEqual(result.issues.map((issue) => issue.path.join(".")), ["email", "password", "password", "passwordConfirmation", "passwordConfirmation", "plan"]);
  assert.ok(result.issues.every((issue) => typeof issue.message === "string" && issue.message.length > 0));
});

test("an issue's path holds a list item's index as a number, a field's name as text", async () => {
  const account = seed.standard("Account", { today: "2026-11-22" });
  const result = await account["~standard"].validate({ handle: "taro", password: "abcdefgh1", tags: ["ok", "x".repeat(40), "ok"] });
  assert.deepEqual(result.issues.map((issue) => issue.path), [["tags", 1], ["tags"]]);
  // NB: the violation's own path keeps text, as the other runtimes and problem details do.
  const violation = seed.validate("Account", { handle: "taro", password: "abcdefgh1", tags: ["ok", "x".repeat(40)] }, { today: "2026-11-22" });
  assert.deepEqual(violation.violations[0].path, ["tags", "1"]);
});

test("options choose the language and today", async () => {
  const title = await parse(seed.standard("TaskTitle", { language: "ja" }), "123456789012345678901");
  assert.deepEqual(title.issues, [{ message: "タイトルが長すぎます。", path: [] }]);
  const due = await parse(seed.standard("TaskDueDate", { today: "2026-11-22" }), "2026-11-21");
  assert.deepEqual(due.issues, [{ message: "Must be 2026-11-22 or later.", path: [] }]);
});

test("a value no form gives is an issue, never an exception", async () => {
  const result = await seed.standard("ToDoTask")["~standard"].validate(() => 1);
  assert.deepEqual(result.issues, [{ message: "'{…}' is not a valid value.", path: [], code: "invalidFormat" }]);
});
