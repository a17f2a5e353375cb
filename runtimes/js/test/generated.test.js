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
  assert.deepEqual(signUp.validatePlan(" PRO ", {}), { valid: true, value: "pro" });
});
