#!/usr/bin/env node
// A mutation fuzzer of the JavaScript runtime (runtimes/js), with no dependencies, the Swift engine
// as the oracle. Two targets:
//
// - JSJSONReader: a body's bytes through readJSON, as bytes and (when they are UTF-8) as a string:
//   each gives a value or a JSONReadError, never another exception, and both the same; a one-line
//   body's verdict (read, or the error's message and column) is the engine's.
// - JSValidators: the first byte chooses a type or model of the seed or feature rules (in
//   Fuzz/runtimes/oracle.py's order), the rest is a body; a body the reader reads goes through
//   validateJSON and verdict, which never throw, and its verdict, value, codes, paths and Japanese
//   messages are the engine's (`rulecheck check`, batched: one process per type and batch).
//
// Inputs grow from the seeds by byte mutations, tokens of Fuzz/json.dict, splices and long runs; an
// input whose outcome is new (an error's words without their numbers, a set of codes) joins the
// corpus. A finding is written to Fuzz/.artifacts/TARGET/ and stops the run with exit status 1.
//
// Usage: RULECHECK=… node Fuzz/runtimes/fuzz.mjs TARGET SECONDS SEED CORPUS [SEEDS…]
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Rules, readJSON, JSONReadError } from "../../runtimes/js/src/index.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const RULE_SETS = { seed: join(ROOT, "rules"), features: join(ROOT, "Tests/GeneratedCodeTests/Features/rules") };
const TODAY = "2026-11-28";
const LANGUAGE = "ja";
const BATCH = 400;
const MAX_LENGTH = 4096;

const [target, secondsText, seedText, corpusFolder, ...seedFolders] = process.argv.slice(2);
if (!["JSJSONReader", "JSValidators"].includes(target) || !corpusFolder) {
  console.error("usage: RULECHECK=… node Fuzz/runtimes/fuzz.mjs JSJSONReader|JSValidators SECONDS SEED CORPUS [SEEDS…]");
  process.exit(2);
}
const rulecheck = process.env.RULECHECK ?? "rulecheck";
const deadline = Date.now() + Number(secondsText) * 1000;

// ---- Randomness: a seeded xorshift, so that a run can be repeated.
let state = BigInt(Number(seedText) || 1) | 1n;
function random() {
  state ^= (state << 13n) & 0xffffffffffffffffn;
  state ^= state >> 7n;
  state ^= (state << 17n) & 0xffffffffffffffffn;
  return Number(state & 0xffffffffn) / 2 ** 32;
}
const below = (count) => Math.floor(random() * count);

// ---- Tokens of Fuzz/json.dict: `"…"` lines with \xNN, \" and \\ escapes.
const tokens = readFileSync(join(ROOT, "Fuzz/json.dict"), "latin1").split("\n")
  .filter((line) => line.startsWith("\""))
  .map((line) => {
    const inner = line.slice(1, line.lastIndexOf("\""));
    const bytes = [];
    for (let index = 0; index < inner.length; index++) {
      if (inner[index] === "\\" && inner[index + 1] === "x") {
        bytes.push(parseInt(inner.slice(index + 2, index + 4), 16));
        index += 3;
      } else if (inner[index] === "\\") {
        bytes.push(inner.charCodeAt(++index));
      } else bytes.push(inner.charCodeAt(index));
    }
    return Uint8Array.from(bytes);
  });
const ascii = (text) => Uint8Array.from(Buffer.from(text, "utf8"));
tokens.push(ascii("\\ud83d\\ude00"), ascii("\ud83d\ude00"), ascii("\u0301"), ascii("\u3000"), ascii("0".repeat(40)),
  ascii("9".repeat(25)), ascii("e-999999999"), ascii("\"2026-02-29\""), ascii("\"a@b.c\""), ascii("\"http://a/b\""), ascii("null"));

// ---- Mutations
function concat(...parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

// Values a structured mutation puts in a body: text at the edges of the checks, numbers long and
// exact, every JSON kind.
const LEAVES = [
  "", " ", "a", "A", "abc", "0", "1", "-1", "12.50", "1e3", "99", "100", "1000.00", "1000.01", "0.01", "0.001",
  "true", "false", "2026-11-28", "2026-02-29", "1900-01-01", "taro@example.com", "a@b", "http://a/b", "https://x.y",
  "ABC-1234", "G1", "red", "\u3000blue", "Σ", "é", "e\u0301", "😀", "🇯🇵", "\u200d", "\ufeff", "\u0000", " a ", "x".repeat(70),
  "漢".repeat(30), "1".repeat(25), "550e8400-e29b-41d4-a716-446655440000", "ＡＢＣ", "ﬁ",
  0, 1, -1, 12.5, 99, 100, 1e3, 1000.01, 0.005, 1e400, -0, 2 ** 53 + 1, true, false, null, [], {}, ["a"], { a: "b" },
];

/** A body parsed, one value in it replaced (or a member added, or an item), written again; null when it is no JSON. */
function structured(data) {
  let value;
  try {
    value = JSON.parse(Buffer.from(data.subarray(1)).toString("utf8"));
  } catch {
    return null;
  }
  const leaf = () => {
    const chosen = LEAVES[below(LEAVES.length)];
    return typeof chosen === "string" ? chosen : structuredClone(chosen);
  };
  const containers = [];
  const visit = (node) => {
    if (node !== null && typeof node === "object") {
      containers.push(node);
      for (const child of Object.values(node)) visit(child);
    }
  };
  visit(value);
  if (containers.length === 0 || random() < 0.1) value = leaf();
  else {
    const node = containers[below(containers.length)];
    const keys = Object.keys(node);
    if (Array.isArray(node)) {
      if (keys.length === 0 || random() < 0.3) node.push(leaf());
      else node[below(node.length)] = leaf();
    } else if (keys.length === 0 || random() < 0.3) {
      node[["title", "note", "dueDate", "email", "password", "tags", "price", "quantity", "code", "shipping", "x"][below(11)]] = leaf();
    } else node[keys[below(keys.length)]] = random() < 0.15 ? undefined : leaf();
  }
  const text = JSON.stringify(value) ?? "null";
  return concat(data.subarray(0, 1), ascii(text));
}

function mutate(input, corpus) {
  if (target === "JSValidators" && random() < 0.5) {
    let data = input;
    for (let count = 1 + below(3); count > 0; count--) data = structured(data) ?? data;
    if (data !== input) return data.length > MAX_LENGTH ? data.subarray(0, MAX_LENGTH) : data;
  }
  let data = input;
  for (let count = 1 + below(4); count > 0; count--) {
    const at = below(data.length + 1);
    switch (below(9)) {
      case 0: if (data.length) { data = data.slice(); data[below(data.length)] ^= 1 << below(8); } break;
      case 1: if (data.length) { data = data.slice(); data[below(data.length)] = below(256); } break;
      case 2: data = concat(data.subarray(0, at), tokens[below(tokens.length)], data.subarray(at)); break;
      case 3: data = concat(data.subarray(0, at), data.subarray(Math.min(data.length, at + 1 + below(8)))); break;
      case 4: { const end = Math.min(data.length, at + 1 + below(16)); data = concat(data.subarray(0, end), data.subarray(at, end), data.subarray(end)); break; }
      case 5: { const other = corpus[below(corpus.length)]; const from = below(other.length + 1); data = concat(data.subarray(0, at), other.subarray(from, from + below(64)), data.subarray(at)); break; }
      case 6: data = concat(data.subarray(0, at), Uint8Array.from({ length: 1 + below(4) }, () => (random() < 0.5 ? 0x20 + below(95) : below(256))), data.subarray(at)); break;
      case 7: if (target === "JSValidators" && data.length) { data = data.slice(); data[0] = below(256); } break;
      default: { const run = tokens[below(tokens.length)]; data = concat(data.subarray(0, at), ...Array(2 + below(30)).fill(run), data.subarray(at)); }
    }
  }
  return data.length > MAX_LENGTH ? data.subarray(0, MAX_LENGTH) : data;
}

// ---- The oracle

/** The engine's answers to lines validated as `name`: its JSON answers (read exactly), or {error, column}. */
function engineAnswers(ruleSet, name, lines) {
  const input = Buffer.concat(lines.flatMap((line) => [Buffer.from(line), Buffer.from("\n")]));
  let run;
  // NB: a rulecheck being rebuilt is busy (ETXTBSY) for a moment: wait for it, up to a minute.
  for (let attempt = 0; ; attempt++) {
    run = spawnSync(rulecheck, ["check", name, "--rules", RULE_SETS[ruleSet], "--today", TODAY, "--language", LANGUAGE],
      { input, maxBuffer: 1 << 28 });
    if (run.error?.code !== "ETXTBSY" || attempt === 60) break;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
  }
  if (run.error) throw run.error;
  const errors = new Map();
  // NB: split at "\n" alone: a message can show U+2028, which is no line break here.
  for (const text of run.stderr.toString("utf8").split("\n")) {
    if (text === "") continue;
    const match = /^<stdin>:([0-9]+):([0-9]+): error: not JSON: ([\s\S]*)$/.exec(text);
    if (match === null) throw new Error(`rulecheck check ${name}: ${text}`);
    errors.set(Number(match[1]), { error: match[3], column: Number(match[2]) });
  }
  const answers = run.stdout.toString("utf8").split("\n").filter((line) => line !== "");
  let next = 0;
  return lines.map((_, index) => errors.get(index + 1) ?? readJSON(answers[next++]));
}

/** A value as text that two equal values share: numbers by their exact value, keys sorted. */
function canonical(value) {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") return "n" + String(readJSON(String(value)).v);
  if (typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (value.t !== undefined && value.v !== undefined) {
    switch (value.t) {
      case "number": return "n" + String(value.v);
      case "list": return "[" + value.v.map(canonical).join(",") + "]";
      case "record": return "{" + [...value.v.keys()].sort().map((key) => JSON.stringify(key) + ":" + canonical(value.v.get(key))).join(",") + "}";
      default: return JSON.stringify(value.v);
    }
  }
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  return "{" + Object.keys(value).sort().map((key) => JSON.stringify(key) + ":" + canonical(value[key])).join(",") + "}";
}

/** What an answer says, as text to compare: the engine's (Tagged) or the runtime's (plain). */
function summary(answer) {
  if (answer.error !== undefined) return `error ${answer.column}: ${answer.error}`;
  if (target === "JSJSONReader") return "read";
  const plain = answer instanceof Object && answer.t === "record" ? Object.fromEntries([...answer.v].map(([key, value]) => [key, value])) : answer;
  const valid = plain.valid?.v ?? plain.valid;
  if (valid === true) return "valid " + canonical(plain.value);
  const violations = plain.violations?.v ?? plain.violations;
  return "invalid " + violations.map((violation) => {
    const get = (key) => (violation.t === "record" ? violation.v.get(key) : violation[key]);
    const path = get("path");
    return JSON.stringify([(path.v ?? path).map((part) => part.v ?? part), get("code").v ?? get("code"), get("message").v ?? get("message")]);
  }).sort().join(" ");
}

let pending = [];
let compared = 0;
function flush() {
  const groups = new Map();
  for (const entry of pending) {
    const key = entry.ruleSet + "\u0000" + entry.name;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(entry);
  }
  pending = [];
  for (const entries of groups.values()) {
    const verdicts = engineAnswers(entries[0].ruleSet, entries[0].name, entries.map((entry) => entry.line));
    entries.forEach((entry, index) => {
      compared++;
      const ours = summary(entry.answer);
      const engine = summary(verdicts[index]);
      if (ours !== engine) finding("disagreement", entry.data, `javascript: ${ours.slice(0, 800)}\nengine:     ${engine.slice(0, 800)}`);
    });
  }
}

function ask(ruleSet, name, line, answer, data) {
  pending.push({ ruleSet, name, line, answer, data });
  if (pending.length >= BATCH) flush();
}

// ---- Findings
let executions = 0;
function finding(kind, data, detail) {
  const folder = join(ROOT, "Fuzz/.artifacts", target);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${kind}-${createHash("sha1").update(data).digest("hex")}`);
  writeFileSync(path, data);
  console.error(`${target}: FOUND ${kind} after ${executions} executions: ${path}\n  input: ${JSON.stringify(Buffer.from(data).toString("latin1").slice(0, 300))}\n  ${detail}`);
  process.exit(1);
}

// ---- The targets
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function read(input) {
  try {
    return readJSON(input);
  } catch (error) {
    if (error instanceof JSONReadError) return error;
    throw error;
  }
}

function outcomeOf(value) {
  return value instanceof JSONReadError ? `error ${value.line}:${value.column}: ${value.message}` : "read " + canonical(value);
}

function runReader(data) {
  let fromBytes;
  try {
    fromBytes = read(data);
    let text;
    try {
      text = utf8.decode(data);
    } catch {
      text = undefined;
    }
    if (text !== undefined) {
      const fromText = read(text);
      if (outcomeOf(fromText) !== outcomeOf(fromBytes)) finding("text-differs", data, `bytes: ${outcomeOf(fromBytes).slice(0, 300)}\ntext:  ${outcomeOf(fromText).slice(0, 300)}`);
    }
  } catch (error) {
    finding("exception", data, error.stack);
  }
  // NB: the engine reads a line of standard input; a blank one it skips.
  if (!data.includes(0x0a) && !data.includes(0x0d) && data.some((byte) => byte !== 0x20 && byte !== 0x09)) {
    const answer = fromBytes instanceof JSONReadError ? { error: fromBytes.message, column: fromBytes.column } : { read: true };
    ask("seed", "TaskNote", data, answer, data);
  }
  return fromBytes instanceof JSONReadError ? fromBytes.message.replace(/[0-9]+/g, "#").replace(/'.*?'/g, "'…'") : "read";
}

let names;
let ruleSets;
function setUpValidators() {
  const work = mkdtempSync(join(tmpdir(), "rulecheck-fuzz-"));
  ruleSets = {};
  names = [];
  for (const [ruleSet, folder] of Object.entries(RULE_SETS)) {
    const path = join(work, `${ruleSet}.schema.json`);
    const run = spawnSync(rulecheck, ["export", "jsonschema", folder, "--output", path]);
    if (run.status !== 0) throw new Error(`rulecheck export: ${run.stderr}`);
    const text = readFileSync(path, "utf8");
    ruleSets[ruleSet] = Rules.fromSchema(text);
    const document = JSON.parse(text);
    names.push(...Object.keys(document.$defs ?? document.definitions ?? {}).sort().map((name) => [ruleSet, name]));
  }
}

function runValidator(data) {
  if (data.length === 0) return "empty";
  const [ruleSet, name] = names[data[0] % names.length];
  const body = data.subarray(1);
  if (read(body) instanceof JSONReadError) return "unread";
  let answer;
  try {
    const rules = ruleSets[ruleSet];
    answer = rules.validateJSON(name, body, { today: TODAY, language: LANGUAGE });
    const verdict = rules.verdict(name, body, { today: TODAY, acceptLanguage: LANGUAGE });
    if (verdict.valid !== answer.valid || (!verdict.valid && verdict.problem.status !== 422)) finding("verdict-differs", data, JSON.stringify(verdict).slice(0, 300));
  } catch (error) {
    finding("exception", data, error.stack);
  }
  // NB: a body the reader read has line breaks only as white space.
  const line = body.map((byte) => (byte === 0x0a || byte === 0x0d ? 0x20 : byte));
  ask(ruleSet, name, line, answer, data);
  return name + (answer.valid ? " valid" : " " + answer.violations.map((violation) => violation.builtinCode).sort().join(","));
}

// ---- The loop
function filesIn(folder) {
  let entries;
  try {
    entries = readdirSync(folder);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(folder, entry);
    return statSync(path).isDirectory() ? filesIn(path) : [Uint8Array.from(readFileSync(path)).subarray(0, MAX_LENGTH)];
  });
}

mkdirSync(corpusFolder, { recursive: true });
if (target === "JSValidators") setUpValidators();
const run = target === "JSJSONReader" ? runReader : runValidator;
const corpus = [corpusFolder, ...seedFolders].flatMap(filesIn);
if (corpus.length === 0) corpus.push(ascii("{}"));
const seen = new Set();
for (const input of corpus) {
  executions++;
  seen.add(run(input));
}
let report = Date.now() + 60_000;
while (Date.now() < deadline) {
  if (Date.now() > report) {
    console.log(`${target}: ${executions} executions, ${compared} compared with the engine, corpus ${corpus.length}`);
    report += 60_000;
  }
  for (let round = 0; round < 200; round++) {
    const input = mutate(corpus[below(corpus.length)], corpus);
    executions++;
    const outcome = run(input);
    if (!seen.has(outcome)) {
      seen.add(outcome);
      corpus.push(input);
      writeFileSync(join(corpusFolder, createHash("sha1").update(input).digest("hex")), input);
    }
  }
}
flush();
console.log(`${target}: ${secondsText} s, ${executions} executions, ${compared} compared with the engine, ${seen.size} outcomes, corpus ${corpus.length}, clean`);
