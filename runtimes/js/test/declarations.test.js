// The hand-written declarations (src/*.d.ts) declare exactly what the modules export.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as index from "../src/index.js";
import * as node from "../src/node.js";

function declared(file) {
  const source = readFileSync(new URL(`../src/${file}`, import.meta.url), "utf8");
  return [...source.matchAll(/^export declare (?:class|function|const) (\w+)/gm)].map((match) => match[1]).sort();
}

test("index.d.ts declares every value index.js exports, and nothing else", () => {
  assert.deepEqual(declared("index.d.ts"), Object.keys(index).sort());
});

test("node.d.ts adds loadRules to everything of index", () => {
  assert.deepEqual(declared("node.d.ts"), ["loadRules"]);
  assert.deepEqual(Object.keys(node).sort(), [...Object.keys(index), "loadRules"].sort());
});

test("no module under src/ but node.js imports a Node built-in, so the core runs in a browser", () => {
  for (const file of ["index.js", "rules.js", "text.js", "pattern.js", "json.js", "problem.js", "unicode.js", "unicode-data.js",
    "unicode-normalization.js", "unicode-scripts.js", "rulecheck-data.js"]) {
    const source = readFileSync(new URL(`../src/${file}`, import.meta.url), "utf8");
    const imports = [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    assert.ok(imports.length > 0 || file.startsWith("unicode-") || file === "rulecheck-data.js", file);
    for (const specifier of imports) assert.match(specifier, /^\.\/[a-z-]+\.js$/, `${file} imports ${specifier}`);
    assert.doesNotMatch(source, /\b(require\(|process\.|Buffer\b|globalThis\.process)/, file);
  }
});
