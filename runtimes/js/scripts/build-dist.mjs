#!/usr/bin/env node
// Builds the browser files of dist/ from src/, with Node alone (no bundler, no registry):
//
//   dist/rulecheck.js                everything a form uses, one ES module with no imports
//   dist/rulecheck-server.js         the JSON reader and problem details (json.js, problem.js)
//   dist/rulecheck-normalization.js  the NFC/NFKC tables, for a rule that normalizes with nfc or nfkc
//   dist/rulecheck-scripts.js        the Script tables, for a pattern with \p{Script=…}
//   dist/rulecheck-categories.js     the General_Category table, for a pattern with \p{L} and the like
//                                    (and the JSON reader's messages: rulecheck-server.js imports it)
//
// Each module of src/ becomes a function scope that returns its exports, in dependency order, so
// that no two modules' names meet. A module of a part is reached through its namespace
// (`import * as json from "./json.js"`), which in rulecheck.js is a stand-in that asks the part
// when first used: a part imported registers itself, and a part missing throws a RulesError that
// names the file to import. A named import of a part's module from a module of rulecheck.js is
// refused here, as it could not be resolved lazily. Comments and indentation are left out.
//
//   node runtimes/js/scripts/build-dist.mjs          writes dist/
//   node runtimes/js/scripts/build-dist.mjs --check  exits 1 when dist/ is not what src/ makes

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

/** The files of dist/, each with its modules in dependency order; a part's `exports` are its public names. */
export const FILES = [
  { file: "rulecheck.js", modules: ["rulecheck-data", "unicode-data", "unicode", "text", "tagged", "pattern", "rules", "index"] },
  {
    file: "rulecheck-server.js", part: "reading JSON and problem details", modules: ["json", "problem"],
    imports: ["rulecheck-categories.js", "rulecheck-server-data.js"],
    exports: { json: ["readJSON", "JSONReadError"], problem: ["problemJSON", "negotiateLanguage", "quote as jsonQuote", "valueJSON"] },
  },
  { file: "rulecheck-normalization.js", part: "the normalizer nfc or nfkc", modules: ["unicode-normalization"] },
  { file: "rulecheck-scripts.js", part: "a pattern's \\p{Script=…}", modules: ["unicode-scripts"] },
  // rulecheck-data.js's texts of the JSON reader and of problem details, which only rulecheck-server.js reads
  {
    file: "rulecheck-server-data.js", part: "reading JSON and problem details", modules: ["rulecheck-data"],
    only: ["PROBLEMS", "JSON_SENTENCES", "OPERATION_HEADERS", "PROBLEM_RESPONSES", "DATE_UNITS", "DETAIL_LANGUAGES"],
  },
  // unicode-data.js's General_Category tables, apart from its other tables
  {
    file: "rulecheck-categories.js", part: "a pattern's \\p{General_Category} (\\p{L}, \\p{Lu}, …)", modules: ["unicode-data"],
    only: ["GENERAL_CATEGORY", "GENERAL_CATEGORY_NAMES", "GENERAL_CATEGORY_ALIASES"],
  },
];

const partOf = new Map();
for (const entry of FILES) if (entry.part && !entry.only) for (const module of entry.modules) partOf.set(module, entry);
const split = new Map(FILES.filter((entry) => entry.only).map((entry) => [entry.modules[0], entry]));

const id = (module) => "$" + module.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
/** The name a part's module goes by: its module's, or for the tables split off a module, the file's. */
const key = (entry, module) => (entry.only ? entry.file.replace(/^rulecheck-|\.js$/g, "") : module);

/** The source without comments, leading white space or blank lines; strings, templates and regular expressions kept. */
export function strip(source) {
  let out = "";
  let index = 0;
  let last = ""; // the last significant character written (regular expression or division)
  let lastWord = "";
  const templates = []; // brace depth of each open `${`
  let depth = 0;
  const n = source.length;
  const regexAllowed = () =>
    last === "" || "(,=:[!&|?{};+-*%<>~^".includes(last) ||
    ["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "instanceof", "yield", "await"].includes(lastWord);
  const template = () => {
    // from after a backtick or a `}` closing `${`, to the closing backtick or the next `${`
    while (index < n) {
      const char = source[index];
      if (char === "\\") { out += source.slice(index, index + 2); index += 2; continue; }
      if (char === "`") { out += char; index++; last = "`"; lastWord = ""; return; }
      if (char === "$" && source[index + 1] === "{") { out += "${"; index += 2; templates.push(depth); depth = 0; last = "{"; lastWord = ""; return; }
      out += char;
      index++;
    }
  };
  while (index < n) {
    const char = source[index];
    const next = source[index + 1];
    if (char === "/" && next === "/") {
      while (index < n && source[index] !== "\n") index++;
      continue;
    }
    if (char === "/" && next === "*") {
      const end = source.indexOf("*/", index + 2);
      const comment = source.slice(index, end + 2);
      index = end + 2;
      if (!comment.includes("\n") && !/\s$/.test(out)) out += " ";
      continue;
    }
    if (char === "\n") {
      out = out.replace(/[ \t]+$/, "");
      if (out !== "" && !out.endsWith("\n")) out += "\n";
      index++;
      while (index < n && (source[index] === " " || source[index] === "\t")) index++;
      continue;
    }
    if (char === '"' || char === "'") {
      let end = index + 1;
      while (source[end] !== char) end += source[end] === "\\" ? 2 : 1;
      out += source.slice(index, end + 1);
      index = end + 1;
      last = char;
      lastWord = "";
      continue;
    }
    if (char === "`") { out += char; index++; template(); continue; }
    if (char === "/" && regexAllowed()) {
      let end = index + 1;
      let inClass = false;
      while (source[end] !== "/" || inClass) {
        if (source[end] === "\\") end++;
        else if (source[end] === "[") inClass = true;
        else if (source[end] === "]") inClass = false;
        end++;
      }
      end++;
      while (/[a-z]/.test(source[end])) end++;
      out += source.slice(index, end);
      index = end;
      last = "/";
      lastWord = "";
      continue;
    }
    if (char === "{") depth++;
    if (char === "}") {
      if (depth === 0 && templates.length > 0) { out += "}"; index++; depth = templates.pop(); template(); continue; }
      depth--;
    }
    if (/[A-Za-z0-9_$]/.test(char)) {
      let end = index;
      while (end < n && /[A-Za-z0-9_$]/.test(source[end])) end++;
      lastWord = source.slice(index, end);
      last = "a";
      out += lastWord;
      index = end;
      continue;
    }
    out += char;
    index++;
    if (char !== " " && char !== "\t" && char !== "\r") { last = char; lastWord = ""; }
  }
  return out.replace(/\s+$/, "") + "\n";
}

const names = (list) => list.split(",").map((item) => item.trim()).filter(Boolean).map((item) => {
  const [local, exported = local] = item.split(/\s+as\s+/);
  return { local, exported };
});

/** One module as a function scope: `const $name = (() => { …; return { exports }; })();`. */
function wrap(module, inMain, only = undefined) {
  const away = inMain ? split.get(module) : undefined;
  const source = readFileSync(`${root}src/${module}.js`, "utf8");
  const body = [];
  const exported = [];
  const imports = [];
  // NB: an export left out may span lines (the generated data's objects); its lines are left out up
  // to the one that closes it, `};` or `];` alone (inner objects close with `}` or `},`).
  let skipping = false;
  for (const line of strip(source).split("\n")) {
    let match;
    if (skipping) {
      if (line === "};" || line === "];") skipping = false;
      continue;
    }
    if ((match = /^import \* as (\w+) from "\.\/([\w-]+)\.js";$/.exec(line))) {
      imports.push(`const ${match[1]} = ${id(match[2])};`);
    } else if ((match = /^import \{([^}]*)\} from "\.\/([\w-]+)\.js";$/.exec(line))) {
      if (inMain && partOf.has(match[2])) throw new Error(`src/${module}.js: import ${match[2]}.js by namespace (it is in ${partOf.get(match[2]).file})`);
      const bindings = names(match[1]).map(({ local, exported: name }) => (local === name ? local : `${local}: ${name}`));
      imports.push(`const { ${bindings.join(", ")} } = ${id(match[2])};`);
    } else if (/^import /.test(line)) {
      throw new Error(`src/${module}.js: an import the build does not know: ${line}`);
    } else if ((match = /^export \{([^}]*)\} from "\.\/([\w-]+)\.js";$/.exec(line))) {
      // a re-export of a part's names is the part file's export; of a module of rulecheck.js, this one's
      if (!(inMain && partOf.has(match[2]))) for (const { local, exported: name } of names(match[1])) exported.push(`${name}: ${id(match[2])}.${local}`);
    } else if ((match = /^export \{([^}]*)\};$/.exec(line))) {
      for (const { local, exported: name } of names(match[1])) exported.push(local === name ? local : `${name}: ${local}`);
    } else if ((match = /^export (?:async )?(?:function\*?|class) (\w+)/.exec(line))) {
      exported.push(match[1]);
      body.push(line.slice("export ".length));
    } else if ((match = /^export const \{([^}]*)\} =/.exec(line))) {
      exported.push(...names(match[1]).map(({ local }) => local));
      body.push(line.slice("export ".length));
    } else if ((match = /^export (?:const|let|var) (\w+)/.exec(line))) {
      if (away?.only.includes(match[1])) {
        exported.push(`get ${match[1]}() { return ${id(key(away, module))}.${match[1]}; }`);
        skipping = !line.endsWith(";");
      } else if (only === undefined || only.includes(match[1])) {
        exported.push(match[1]);
        body.push(line.slice("export ".length));
      } else {
        skipping = !line.endsWith(";");
      }
    } else if (/^export /.test(line)) {
      throw new Error(`src/${module}.js: an export the build does not know: ${line}`);
    } else {
      body.push(line);
    }
  }
  return { text: `const ${id(module)} = (() => {\n${[...imports, ...body].join("\n")}\nreturn { ${exported.join(", ")} };\n})();\n`, exported };
}

const HEADER = (what) =>
  `// rulecheck's JavaScript runtime for the browser: ${what}.\n` +
  "// Generated by runtimes/js/scripts/build-dist.mjs from runtimes/js/src/; do not edit.\n";

/** Every file of dist/, by name. */
export function build() {
  const files = new Map();
  const main = FILES[0];
  const parts = FILES.slice(1);
  let text = HEADER("everything a form uses, one module with no imports");
  text += "const $parts = new Map();\n";
  text += "function $part(name, file, what) {\n";
  text += "return new Proxy({}, { get(_, key) {\n";
  text += "const part = $parts.get(name);\n";
  text += "if (part === undefined) throw new $rules.RulesError(`${what} needs ${file}: import \"./${file}\" beside rulecheck.js before using it`);\n";
  text += "return part[key];\n} });\n}\n";
  for (const part of parts) {
    for (const module of part.modules) {
      const name = key(part, module);
      text += `const ${id(name)} = $part(${JSON.stringify(name)}, ${JSON.stringify(part.file)}, ${JSON.stringify(part.part)});\n`;
    }
  }
  let last;
  for (const module of main.modules) {
    last = wrap(module, true);
    text += last.text;
  }
  text += `export const { ${last.exported.map((entry) => entry.split(":")[0]).join(", ")} } = $index;\n`;
  const modules = main.modules.filter((module) => module !== "index").map((module) => `${JSON.stringify(module)}: ${id(module)}`);
  text += `export const $rulecheck = { modules: { ${modules.join(", ")} }, register(name, exports) { $parts.set(name, exports); } };\n`;
  files.set(main.file, text);
  for (const part of parts) {
    let text = HEADER(`${part.part}; \`import "./${part.file}"\` beside rulecheck.js registers it`);
    text += 'import { $rulecheck } from "./rulecheck.js";\n';
    for (const file of part.imports ?? []) text += `import "./${file}";\n`;
    for (const module of main.modules) if (module !== "index" && !part.only) text += `const ${id(module)} = $rulecheck.modules[${JSON.stringify(module)}];\n`;
    for (const module of part.modules) {
      const wrapped = wrap(module, false, part.only);
      const name = key(part, module);
      text += wrapped.text.replace(`const ${id(module)} =`, `const ${id(name)} =`);
      text += `$rulecheck.register(${JSON.stringify(name)}, ${id(name)});\n`;
    }
    for (const [module, list] of Object.entries(part.exports ?? {})) {
      text += `export const { ${names(list.join(",")).map(({ local, exported }) => (local === exported ? local : `${local}: ${exported}`)).join(", ")} } = ${id(module)};\n`;
    }
    files.set(part.file, text);
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = build();
  if (process.argv.includes("--check")) {
    let stale = 0;
    for (const [file, text] of files) {
      let current = "";
      try { current = readFileSync(`${root}dist/${file}`, "utf8"); } catch {}
      if (current !== text) { console.error(`runtimes/js/dist/${file} is not current: node runtimes/js/scripts/build-dist.mjs`); stale++; }
    }
    process.exit(stale === 0 ? 0 : 1);
  }
  mkdirSync(`${root}dist`, { recursive: true });
  for (const [file, text] of files) writeFileSync(`${root}dist/${file}`, text);
}
