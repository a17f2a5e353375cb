// The browser build (dist/, scripts/build-dist.mjs): current with src/, one module with no imports,
// the same verdicts as src/, and a part that a rule needs and the page did not import is a clear
// error when the rules are read, never a wrong verdict.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { build, strip, FILES } from "../scripts/build-dist.mjs";
import { fixtures } from "./helpers.js";

const dist = new URL("../dist/", import.meta.url);

test("dist/ is what scripts/build-dist.mjs makes of src/", () => {
  const files = build();
  assert.deepEqual([...files.keys()].sort(), FILES.map((entry) => entry.file).sort());
  for (const [file, text] of files) {
    assert.equal(readFileSync(new URL(file, dist), "utf8"), text, `dist/${file} is stale: node runtimes/js/scripts/build-dist.mjs`);
  }
});

test("dist/rulecheck.js imports nothing, and each part imports only rulecheck.js and other parts", () => {
  const importsOf = (file) => [...readFileSync(new URL(file, dist), "utf8").matchAll(/^(?:import|export)\b.*\bfrom\s+"([^"]+)"|^import\s+"([^"]+)"/gm)]
    .map((match) => match[1] ?? match[2]);
  assert.deepEqual(importsOf("rulecheck.js"), []);
  for (const { file } of FILES.slice(1)) {
    for (const imported of importsOf(file)) assert.match(imported, /^\.\/rulecheck(-[a-z-]+)?\.js$/, `${file} imports ${imported}`);
  }
});

test("a form's runtime (trim, length, email, patterns) is at most 40 KB gzipped", () => {
  const size = gzipSync(readFileSync(new URL("rulecheck.js", dist)), { level: 9 }).length;
  assert.ok(size <= 40_000, `dist/rulecheck.js is ${size} bytes gzipped`);
});

// Comments go, and what looks like one inside a string, template or regular expression stays.
const STRIPPED = [
  ["a = 1; // note\nb = 2;", "a = 1;\nb = 2;\n"],
  ["/** doc\n * more */\n  f();", "f();\n"],
  ['s = "// not a comment";', 's = "// not a comment";\n'],
  ["r = /\\/\\/[/*]x/g; // gone", "r = /\\/\\/[/*]x/g;\n"],
  ["t = `line\n  // kept ${a /* gone */ + `${b}`} /* kept */`;", "t = `line\n  // kept ${a  + `${b}`} /* kept */`;\n"],
  ["x = a / b / c; /* gone */", "x = a / b / c;\n"],
  ["return /a/.test(s);", "return /a/.test(s);\n"],
];
for (const [source, expected] of STRIPPED) {
  test(`strip keeps the code of ${JSON.stringify(source)}`, () => assert.equal(strip(source), expected));
}

async function loadDist() {
  const main = await import("../dist/rulecheck.js");
  for (const { file } of FILES.slice(1)) await import(`../dist/${file}`);
  return { ...main, ...(await import("../dist/rulecheck-server.js")) };
}

test("dist/ with every part gives the Swift library's recorded verdict on every body case, as src/ does", async () => {
  const runtime = await loadDist();
  const cases = JSON.parse(readFileSync(fixtures + "body_cases.json", "utf8"));
  const verdicts = readFileSync(fixtures + "verdicts.jsonl", "utf8").split("\n").filter((line) => line !== "");
  assert.ok(cases.length >= 30 && verdicts.length === cases.length);
  const rules = {
    seed: runtime.Rules.fromSchema(readFileSync(fixtures + "seed.schema.json")),
    features: runtime.Rules.fromSchema(readFileSync(fixtures + "features.schema.json")),
  };
  cases.forEach((bodyCase, index) => {
    const body = bodyCase.body ?? new Uint8Array(Buffer.from(bodyCase.bodyBase64, "base64"));
    const verdict = rules[bodyCase.rules].verdict(bodyCase.type, body, { acceptLanguage: bodyCase.acceptLanguage, today: bodyCase.today });
    const line = verdict.valid ? `{"status":200,"value":${runtime.valueJSON(verdict.value)}}` : runtime.problemJSON(verdict.problem);
    assert.equal(line, verdicts[index], `body case ${index}`);
  });
});

// Each case runs in a fresh Node, as a page that imports only some files; `only(...)` is the seed
// schema with only the types named, `regex(name, regex)` a type of it with its pattern changed.
const CASES = [
  {
    name: "a form of trim, length, email and patterns needs rulecheck.js alone",
    imports: [],
    script: `const rules = Rules.fromSchema(only("EmailAddress", "TaskTitle", "AccountPhone"));
      out([rules.validate("EmailAddress", " ann@example.org ").valid, rules.validate("TaskTitle", "x".repeat(21)).violations[0].code,
        rules.validate("AccountPhone", "12a").violations[0].code].join(" "));`,
    expected: "true titleTooLong invalidPhone",
  },
  {
    name: "a pattern with \\p{L} without rulecheck-categories.js is an error naming it",
    imports: [],
    script: `Rules.fromSchema(only("NewPassword"));`,
    error: /\\p\{General_Category\} .* needs rulecheck-categories\.js/,
  },
  {
    name: "a pattern with \\p{L} with rulecheck-categories.js",
    imports: ["rulecheck-categories.js"],
    script: `out(Rules.fromSchema(only("NewPassword")).validate("NewPassword", "12345678").violations.map((v) => v.code).join(" "));`,
    expected: "passwordNeedsLetter",
  },
  {
    name: "a pattern with \\p{Script=Greek} without rulecheck-scripts.js is an error naming it",
    imports: [],
    script: `Rules.fromSchema(regex("AccountPhone", "\\\\p{Script=Greek}+"));`,
    error: /needs rulecheck-scripts\.js/,
  },
  {
    name: "a pattern with \\p{Script=Greek} with rulecheck-scripts.js",
    imports: ["rulecheck-scripts.js"],
    script: `const rules = Rules.fromSchema(regex("AccountPhone", "\\\\p{Script=Greek}+"));
      out([rules.validate("AccountPhone", "αβγ").valid, rules.validate("AccountPhone", "abc").valid].join(" "));`,
    expected: "true false",
  },
  {
    name: "nfkc without rulecheck-normalization.js is an error naming it when the rules are read",
    imports: [],
    script: `Rules.fromSchema(only("Nickname"));`,
    error: /nfc or nfkc needs rulecheck-normalization\.js/,
  },
  {
    name: "nfkc with rulecheck-normalization.js",
    imports: ["rulecheck-normalization.js"],
    script: `out(Rules.fromSchema(only("Nickname")).validate("Nickname", " ＡＢＣ ").value);`,
    expected: "ABC",
  },
  {
    name: "a schema as JSON text without rulecheck-server.js is an error naming it",
    imports: [],
    script: `Rules.fromSchema(JSON.stringify(only("TaskTitle")));`,
    error: /reading JSON and problem details needs rulecheck-server\.js/,
  },
  {
    name: "a schema as JSON text and a JSON body with rulecheck-server.js",
    imports: ["rulecheck-server.js"],
    script: `out(Rules.fromSchema(JSON.stringify(only("TaskTitle"))).validateJSON("TaskTitle", '" milk "').value);`,
    expected: "milk",
  },
];

const SCHEMA = readFileSync(fixtures + "seed.schema.json", "utf8");

for (const { name, imports, script, error, expected } of CASES) {
  test(name, () => {
    const program = `
      import { Rules } from "./rulecheck.js";
      ${imports.map((file) => `import "./${file}";`).join("\n")}
      const seed = ${SCHEMA.trim()};
      const out = (text) => process.stdout.write(String(text));
      const only = (...names) => ({ ...seed, $defs: Object.fromEntries(names.map((name) => [name, seed.$defs[name]])) });
      function regex(name, regex) {
        const schema = structuredClone(only(name));
        for (const check of schema.$defs[name]["x-rulecheck-checks"]) if (check.check === "pattern") check.regex = regex;
        return schema;
      }
      try { ${script} } catch (error) { out("ERROR " + error.name + ": " + error.message); }`;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", program], { cwd: new URL(".", dist), encoding: "utf8" });
    if (error) {
      assert.match(output, /^ERROR RulesError: /);
      assert.match(output, error);
    } else {
      assert.equal(output, expected);
    }
  });
}

// The npm package: what `npm pack` would put in the tarball holds every file its README links to,
// and every file package.json's exports, types and bin name.
const npm = (() => {
  try {
    execFileSync("npm", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

test("the npm package holds every file its README links to and package.json names", { skip: npm ? false : "npm is not installed" }, () => {
  const root = new URL("../", import.meta.url);
  const [pack] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root, encoding: "utf8" }));
  const packed = new Set(pack.files.map((file) => file.path));
  const readme = readFileSync(new URL("README.md", root), "utf8");
  const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]);
  assert.ok(links.length >= 5, `${links.length} links`);
  for (const link of links) {
    if (/^https?:/.test(link)) continue;
    assert.ok(packed.has(link.replace(/^\.\//, "").replace(/#.*/, "")), `README.md links to ${link}, which is not in the package`);
  }
  const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
  const named = [manifest.types, ...Object.values(manifest.bin), ...Object.values(manifest.exports).flatMap((entry) => (typeof entry === "string" ? [] : Object.values(entry)))];
  for (const file of named) assert.ok(packed.has(file.replace(/^\.\//, "")), `package.json names ${file}, which is not in the package`);
  for (const { file } of FILES) assert.ok(packed.has(`dist/${file}`), `dist/${file} is not in the package`);
});
