// RFC 9457 problem details, the same members, order and bytes as the Swift library's
// ProblemDetails.json, and the one JSON string escaper of rulecheck. Browser-safe.

import { fill, lookupLanguage } from "./rules.js";
import { asciiLowercase } from "./text.js";
import { BOUNDS, DETAIL_LANGUAGES as LANGUAGES, PROBLEMS } from "./rulecheck-data.js";

// The keys a bound is written under: every placeholder a built-in code's bound fills (min, max, prefix…).
const BOUND_KEYS = [...new Set(Object.values(BOUNDS).map((bound) => bound.placeholder))];

/** The languages a problem's detail is written in: a server answers in no other. */
export const DETAIL_LANGUAGES = Object.freeze([...LANGUAGES]);

function template(messages, language) {
  if (Object.hasOwn(messages, language)) return messages[language];
  const found = lookupLanguage(language, Object.keys(messages));
  return found !== undefined ? messages[found] : messages.en;
}

/** The detail sentence of a 422 problem with `count` violations, in `language`. */
export function invalidDetail(count, language) {
  return fill(template((count === 1 ? PROBLEMS.oneInvalid : PROBLEMS.invalid).detail, language), (name) => (name === "count" ? String(count) : undefined));
}

/** The problem for a body that is not JSON, whose detail (the reader's) is English only: the
 * generated data's (PROBLEMS.notJSON) with `message` filled in. */
export function notJSONProblem(message) {
  const { title, status, detail } = PROBLEMS.notJSON;
  return { type: "about:blank", title, status, detail: fill(detail.en, (name) => (name === "message" ? message : undefined)) };
}

/** The type, title and status of a 422 problem, the generated data's. */
export const INVALID_HEAD = Object.freeze({ type: "about:blank", title: PROBLEMS.invalid.title, status: PROBLEMS.invalid.status });

function isRange(tag) {
  if (tag === "*") return true;
  const subtags = tag.split("-");
  if (!/^[a-z]*$/i.test(subtags[0])) return false;
  return subtags.every((subtag) => subtag.length >= 1 && subtag.length <= 8 && /^[a-z0-9]+$/i.test(subtag));
}

function quality(text) {
  if (!/^[01]/.test(text)) return null;
  if (text.length === 1) return text === "1" ? 1000 : 0;
  if (text[1] !== "." || text.length > 5 || !/^[0-9]*$/.test(text.slice(2))) return null;
  const thousandths = Number((text.slice(2) + "000").slice(0, 3));
  if (text[0] === "1") return thousandths === 0 ? 1000 : null;
  return thousandths;
}

const trimSpaceTab = (text) => text.replace(/^[ \t]+|[ \t]+$/g, "");

/** The language to answer in, among `available`, for an Accept-Language header (RFC 9110 and
 * RFC 4647 lookup, as the Swift library negotiates it); `en` when nothing matches. */
export function negotiateLanguage(acceptLanguage, available, defaultLanguage = "en") {
  if (acceptLanguage === undefined || acceptLanguage === null || acceptLanguage === "") return defaultLanguage;
  const ranges = [];
  for (const entry of String(acceptLanguage).split(",")) {
    if (entry === "") continue;
    const parts = entry.split(";");
    const tag = asciiLowercase(trimSpaceTab(parts[0]));
    if (!isRange(tag)) continue;
    let weight = 1000;
    for (const parameter of parts.slice(1)) {
      const pair = trimSpaceTab(parameter);
      if (!pair.startsWith("q=") && !pair.startsWith("Q=")) continue;
      const value = quality(pair.slice(2));
      if (value === null) {
        weight = -1;
        break;
      }
      weight = value;
    }
    if (weight >= 0) ranges.push({ tag, weight, order: ranges.length });
  }
  ranges.sort((a, b) => (a.weight !== b.weight ? b.weight - a.weight : a.order - b.order));
  const excluded = new Set(ranges.filter((range) => range.weight === 0).map((range) => range.tag));
  const candidates = available.filter((language) => !excluded.has(asciiLowercase(language)));
  for (const range of ranges) {
    if (range.weight <= 0) continue;
    if (range.tag === "*") {
      if (!excluded.has(asciiLowercase(defaultLanguage))) return defaultLanguage;
      if (candidates.length > 0) return candidates[0];
      continue;
    }
    const found = lookupLanguage(range.tag, candidates, true);
    if (found !== undefined) return found;
  }
  return defaultLanguage;
}

const HEX = "0123456789ABCDEF";

/** `text` as a JSON string, escaped as rulecheck escapes: `"`, `\`, controls, U+007F–U+009F,
 * U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF (and a lone surrogate, which Swift cannot hold). */
export function quote(text) {
  return "\"" + escape(text) + "\"";
}

const NEEDS_ESCAPE = /[\x00-\x1f"\\\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]/;

export function escape(text) {
  if (!NEEDS_ESCAPE.test(text)) return text;
  let out = "";
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        out += text[index] + text[index + 1];
        index++;
        continue;
      }
    }
    if (unit === 0x22) out += "\\\"";
    else if (unit === 0x5c) out += "\\\\";
    else if (unit === 0x0a) out += "\\n";
    else if (unit === 0x0d) out += "\\r";
    else if (unit === 0x09) out += "\\t";
    else if (unit < 0x20 || (unit >= 0x7f && unit <= 0x9f) || unit === 0x2028 || unit === 0x2029 ||
      unit === 0xfeff || unit === 0xfffe || unit === 0xffff || (unit >= 0xd800 && unit <= 0xdfff)) {
      out += "\\u" + HEX[(unit >> 12) & 15] + HEX[(unit >> 8) & 15] + HEX[(unit >> 4) & 15] + HEX[unit & 15];
    } else out += text[index];
  }
  return out;
}

/** The problem's text, byte for byte what the Swift library's ProblemDetails.json writes. */
export function problemJSON(problem) {
  let out = "{\"type\":" + quote(problem.type) + ",\"title\":" + quote(problem.title) +
    ",\"status\":" + String(problem.status) + ",\"detail\":" + quote(problem.detail) +
    ",\"language\":" + quote(problem.language) + ",\"violations\":[";
  problem.violations.forEach((violation, index) => {
    if (index > 0) out += ",";
    out += "{\"code\":" + quote(violation.code) + ",\"builtinCode\":" + quote(violation.builtinCode ?? violation.code) +
      ",\"path\":[" + violation.path.map(quote).join(",") + "],\"pointer\":" + quote(violation.pointer ?? "");
    for (const key of BOUND_KEYS) {
      if (violation[key] === undefined) continue;
      const bound = violation[key];
      out += ",\"" + key + "\":";
      if (violation.boundKind === "date" || violation.boundKind === "text") out += quote(String(bound));
      else out += String(bound); // a count or an exact decimal's digits
      out += ",\"boundKind\":" + quote(violation.boundKind ?? "number");
    }
    if (violation.value !== undefined) out += ",\"value\":" + quote(violation.value);
    out += ",\"message\":" + quote(violation.message) + "}";
  });
  out += "]";
  if (problem.line !== undefined && problem.column !== undefined) {
    out += ",\"line\":" + String(problem.line) + ",\"column\":" + String(problem.column);
  }
  return out + "}";
}

/** A value as the conformance protocol and the fixtures write it: integers (numbers or BigInts)
 * and booleans as JSON, text as strings, a model's fields sorted by name. */
export function valueJSON(value) {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return quote(value);
  if (typeof value === "bigint" || typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "[" + value.map(valueJSON).join(",") + "]";
  return "{" + Object.keys(value).sort().map((name) => quote(name) + ":" + valueJSON(value[name])).join(",") + "}";
}
