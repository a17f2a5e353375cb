// The modules `rulecheck generate typescript` wrote (test/generated/, kept by the Swift test
// TypeScriptGeneratorTests), compiled by Debian's tsc and run: a front-end's imports give the
// runtime's verdicts, typed. tsc --noEmit -p runtimes/js type-checks them with generated-usage.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repository } from "./helpers.js";

const js = join(repository, "runtimes/js");

test("the generated modules compile and validate as the runtime does", async (t) => {
  const out = mkdtempSync(join(tmpdir(), "rulecheck-generated-"));
  t.after(() => rmSync(out, { recursive: true, force: true }));
  execFileSync("tsc", [
    "--target", "ES2022", "--module", "ES2022", "--moduleResolution", "node", "--strict",
    "--rootDir", js, "--outDir", out, join(js, "test/generated-usage.ts"),
  ], { stdio: "pipe" });
  // NB: the modules import the runtime as ../../../src/index.js, which the compiled copies find here.
  symlinkSync(join(js, "src"), join(out, "src"));
  const usage = await import(join(out, "test/generated-usage.js"));
  const task = await import(join(out, "test/generated/seed/task.rules.js"));
  const signUp = await import(join(out, "test/generated/seed/signup.rules.js"));

  assert.deepEqual(usage.task(" Buy milk "), { valid: true, value: { title: "Buy milk", note: "" } });
  const tooLong = usage.task("123456789012345678901");
  assert.equal(tooLong.valid, false);
  assert.deepEqual(tooLong.violations.map((v) => [v.code, v.message]), [["titleTooLong", "タイトルが長すぎます。"]]);
  assert.equal(usage.dueDate(""), null);
  assert.equal(usage.dueDate("2026-12-01"), "2026-12-01");
  assert.equal(usage.dueDate("2026-11-21"), undefined);
  assert.deepEqual(usage.signUp({ plan: "gold" }).sort(), ["emptyEmail", "emptyPassword", "emptyPassword", "notAllowed"].sort());
  assert.deepEqual(usage.boxes(["5", "10"]), [5, 10]);
  const standard = usage.standardPlan("gold");
  assert.ok(standard.issues.some((issue) => issue.path.some((segment) => (segment.key ?? segment) === "plan")));
  assert.equal(typeof task.TaskTitleSchema["~standard"].validate, "function");
  // Per language: the issues of SignUpSchemaFor({ language }) are validate's messages in it.
  const messages = (language) => validateMessages(signUp, language);
  const ja = usage.standardPlanIn("ja", "gold");
  assert.deepEqual(ja.issues.map((issue) => issue.message).sort(), messages("ja"));
  assert.notDeepEqual(messages("ja"), messages("en"));
  assert.deepEqual(standard.issues.map((issue) => issue.message).sort(), messages("en"));
  assert.equal(usage.sameSchemaFor("ja"), true);
  assert.deepEqual(signUp.validatePlan(" PRO ", {}), { valid: true, value: "pro" });
});

// Each `…Code` union holds every code the runtime reports for its type or model: every violation
// of the shared body cases (runtimes/fixtures/) is in the union of the rules' generated modules.
test("every code the runtime reports on the body cases is in the generated union of its type or model", async () => {
  const { readFileSync, readdirSync } = await import("node:fs");
  const unions = new Map();
  for (const folder of ["seed", "features"]) {
    for (const file of readdirSync(join(js, "test/generated", folder))) {
      const source = readFileSync(join(js, "test/generated", folder, file), "utf8");
      for (const [, name, union] of source.matchAll(/^export type (\w+)Code = (.*);$/gm)) {
        unions.set(`${folder} ${name}`, new Set([...union.matchAll(/"([^"]+)"/g)].map((match) => match[1])));
      }
    }
  }
  const cases = JSON.parse(readFileSync(join(repository, "runtimes/fixtures/body_cases.json"), "utf8"));
  const verdicts = readFileSync(join(repository, "runtimes/fixtures/verdicts.jsonl"), "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line));
  let checked = 0;
  cases.forEach((bodyCase, index) => {
    const union = unions.get(`${bodyCase.rules} ${bodyCase.type}`);
    for (const violation of verdicts[index].violations ?? []) {
      if (violation.code === "invalidJSON" || violation.code === "invalidBody") continue;
      assert.ok(union, `no union for ${bodyCase.type}`);
      assert.ok(union.has(violation.code), `${bodyCase.type}Code lacks ${violation.code} (body case ${index})`);
      checked++;
    }
  });
  assert.ok(checked >= 20, `${checked} codes checked`);
});

// Custom checks (format 1.3): the generated rulecheck.schema.ts imports `custom` from the app's
// rulecheck.custom.ts beside it, typed by the generated `CustomChecks` interface, so the rules load
// with the app's Luhn function; a rulecheck.custom.ts without `luhn` does not compile.
test("generated modules take the app's custom checks, and do not compile without one", async (t) => {
  const out = mkdtempSync(join(tmpdir(), "rulecheck-generated-"));
  t.after(() => rmSync(out, { recursive: true, force: true }));
  const compile = (root, files) => execFileSync("tsc", [
    "--target", "ES2022", "--module", "ES2022", "--moduleResolution", "node", "--strict",
    "--rootDir", root, "--outDir", join(out, "js"), ...files,
  ], { stdio: "pipe" });
  compile(js, [join(js, "test/generated/cards/cards.rules.ts")]);
  symlinkSync(join(js, "src"), join(out, "js/src"));
  const cards = await import(join(out, "js/test/generated/cards/cards.rules.js"));
  assert.deepEqual(cards.validateCardNumber(" 4539578763621486 ", {}), { valid: true, value: "4539578763621486" });
  const wrong = cards.validateCardNumber("4539578763621487", {});
  assert.deepEqual(wrong.violations.map((v) => [v.code, v.message]), [["invalidChecksum", "Check the card number."]]);

  // The same modules with an app module that leaves `luhn` out.
  const { cpSync, writeFileSync } = await import("node:fs");
  const copy = join(out, "missing/test/generated/cards");
  cpSync(join(js, "test/generated/cards"), copy, { recursive: true });
  symlinkSync(join(js, "src"), join(out, "missing/src"));
  writeFileSync(join(copy, "rulecheck.custom.ts"),
    'import type { CustomChecks } from "./rulecheck.schema.js";\nexport const custom: CustomChecks = {};\n');
  assert.throws(() => compile(join(out, "missing"), [join(copy, "cards.rules.ts")]),
    (error) => /Property 'luhn' is missing/.test(String(error.stdout)));
});
function validateMessages(module, language) {
  const result = module.validateSignUp({ plan: "gold" }, { language });
  return result.violations.map((violation) => violation.message).sort();
}
