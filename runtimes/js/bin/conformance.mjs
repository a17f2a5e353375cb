#!/usr/bin/env node
// The conformance protocol (docs/conformance.md) through the JavaScript runtime.
//
// Usage: node conformance.mjs [--custom MODULE.mjs] SCHEMA.json
//                                            answers each request line on standard input; MODULE
//                                            exports `custom`, the custom checks' implementations
//        node conformance.mjs --checks       the checks it implements, as a JSON array

import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

// RULECHECK_JS_DIST=1 answers through the browser build, dist/ with every part, instead of src/.
async function runtime() {
  if (process.env.RULECHECK_JS_DIST !== "1") return { ...(await import("../src/index.js")), ...(await import("../src/rules.js")) };
  const main = await import("../dist/rulecheck.js");
  for (const part of ["server", "normalization", "scripts", "categories"]) await import(`../dist/rulecheck-${part}.js`);
  return { ...main, ...(await import("../dist/rulecheck-server.js")), textInput: main.$rulecheck.modules.rules.textInput };
}
const { Rules, RulesError, CHECKS, readJSON, JSONReadError, jsonQuote, valueJSON, textInput } = await runtime();

const usage = "usage: conformance.mjs [--custom MODULE.mjs] SCHEMA.json | --checks";
const args = process.argv.slice(2);
let custom = {};
if (args[0] === "--custom" && args.length === 3) {
  const { pathToFileURL } = await import("node:url");
  custom = (await import(pathToFileURL(args[1]).href)).custom ?? {};
  args.splice(0, 2);
}
if (args.length === 1 && args[0] === "--checks") {
  process.stdout.write(JSON.stringify([...CHECKS].sort()) + "\n");
  process.exit(0);
}
if (args.length !== 1 || args[0].startsWith("-")) {
  process.stderr.write(usage + "\n");
  process.exit(2);
}

let rules;
try {
  rules = Rules.fromSchema(readFileSync(args[0]), { custom });
} catch (error) {
  process.stderr.write(`conformance.mjs: ${args[0]}: ${error.message}\n`);
  process.exit(2);
}

function field(request, name) {
  return request.t === "record" && request.v.has(name) ? request.v.get(name) : undefined;
}

function answer(line) {
  let request;
  try {
    request = readJSON(line);
  } catch (error) {
    if (error instanceof JSONReadError) return { error: `the request is not JSON: ${error}` };
    throw error;
  }
  if (request === null || request.t !== "record") return { error: "the request is not a JSON object" };
  const type = field(request, "type");
  if (!type || type.t !== "string") return { error: "the request has no string \"type\"" };
  if (!rules.has(type.v)) return { error: `no type or model '${type.v}'` };
  const today = field(request, "today");
  const options = {};
  if (today !== undefined && today !== null) {
    if (today.t !== "string" || !/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(today.v)) return { error: "\"today\" is not a date YYYY-MM-DD" };
    options.today = today.v;
  }
  const language = field(request, "language");
  options.language = language && language.t === "string" ? language.v : "en";
  const input = field(request, "input");
  let result;
  try {
    result = rules.validateInput(type.v, textInput(input === undefined ? null : input), options);
  } catch (error) {
    if (error instanceof RangeError) return { error: error.message };
    throw error;
  }
  if (result.valid) return { line: "{\"valid\":true,\"value\":" + valueJSON(result.value) + "}" };
  const violations = result.violations.map((violation) =>
    "{\"code\":" + jsonQuote(violation.code) + ",\"path\":[" + violation.path.map(jsonQuote).join(",") +
    "],\"message\":" + jsonQuote(violation.message) + "}");
  return { line: "{\"valid\":false,\"violations\":[" + violations.join(",") + "]}" };
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === "") continue;
  const { line: out, error } = answer(line);
  if (error !== undefined) {
    // NB: the runner stops at a line that is not a response, with this diagnostic on standard error.
    process.stderr.write(`conformance.mjs: ${error}\n`);
    process.stdout.write(JSON.stringify({ error }) + "\n");
  } else {
    process.stdout.write(out + "\n");
  }
}
