// Every JavaScript example of docs/javascript.md runs, against the seed rules; an example marked
// `<!-- no-run: … -->`, such as the server, is only checked for its syntax (node --check).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { repository, fixtures } from "./helpers.js";

const doc = readFileSync(repository + "docs/javascript.md", "utf8");
const blocks = [...doc.matchAll(/(<!-- no-run[^>]*-->\n)?```js\n([\s\S]*?)```/g)].map((match) => ({ skip: Boolean(match[1]), code: match[2] }));

const url = (path) => pathToFileURL(path).href;

test("the doc has runnable examples", () => assert.ok(blocks.filter((block) => !block.skip).length >= 3));

blocks.forEach((block, index) => {
  test(`docs/javascript.md example ${index + 1}${block.skip ? " (syntax only)" : ""}`, async () => {
    if (block.skip) {
      const folder = mkdtempSync(tmpdir() + "/rulecheck-docs-");
      try {
        writeFileSync(folder + "/example.mjs", block.code);
        const check = spawnSync(process.execPath, ["--check", folder + "/example.mjs"], { encoding: "utf8" });
        assert.equal(check.status, 0, check.stderr);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      return;
    }
    let code = block.code
      .replaceAll('from "rulecheck/node"', `from "${url(repository + "runtimes/js/src/node.js")}"`)
      .replaceAll('from "rulecheck"', `from "${url(repository + "runtimes/js/src/index.js")}"`)
      .replaceAll('"rules.schema.json"', JSON.stringify(fixtures + "seed.schema.json"));
    const prelude = [
      `import { Rules as DocRules } from "${url(repository + "runtimes/js/src/index.js")}";`,
      `const schemaText = ${JSON.stringify(readFileSync(fixtures + "seed.schema.json", "utf8"))};`,
      /\bconst rules\b/.test(code) ? "" : "const rules = DocRules.fromSchema(schemaText);",
    ].join("\n");
    code = prelude + "\n" + code + "\nexport const ran = true;";
    const module = await import("data:text/javascript;base64," + Buffer.from(code).toString("base64"));
    assert.equal(module.ran, true);
  });
});
