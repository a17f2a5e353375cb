// Validation by the x-rulecheck-* keywords of a schema that `rulecheck export jsonschema` (or
// `export openapi`) wrote: every type and model, exactly as the Swift engine validates them.
// Browser-safe: no Node built-ins.

import * as text from "./text.js";
import { Decimal } from "./text.js";
import { UNICODE_VERSION } from "./unicode.js";
import { Pattern, PatternError } from "./pattern.js";
import * as json from "./json.js";
import { Tagged } from "./tagged.js";
import { generalCategory, wellFormed } from "./unicode.js";
import * as data from "./rulecheck-data.js";

/** A schema that cannot be used: not an export, from a newer rulecheck, or with a check this runtime lacks. */
export class RulesError extends Error {
  constructor(message) {
    super(message);
    this.name = "RulesError";
  }
}

/** The format version this runtime reads (`x-rulecheck-version`), from the generated data. */
export const FORMAT_VERSION = data.FORMAT_VERSION;

/** Every check this runtime implements, as the engine names them (the generated data's), sorted. */
export const CHECKS = Object.freeze(Object.keys(data.CHECKS).sort());

const VALUE_TYPES = new Set(["string", "integer", "decimal", "date", "boolean"]);
const UNITS = new Set(["characters", "scalars", "utf16", "bytes"]);
const ECHOED_SCALARS = 64;
const HIDDEN_VALUE = "***";

// ---- Inputs: what a form or a JSON body gives
//
// An input is read where it stands, never converted first: null or undefined (absent), a string (a
// form's text), a boolean, a finite number or a bigint (read as JSON's), an array (a list), a plain
// object (a record: its prototype is Object.prototype or null), or a Tagged value that readJSON made
// (a JSON string is not a form's text). Anything else (NaN, Infinity, a Date, a Map, a Set, a class
// instance, a boxed primitive, a typed array, a function, a symbol) is OTHER: invalidFormat at its path.

const ABSENT = 0, TEXT = 1, STRING = 2, NUMBER = 3, BOOLEAN = 4, LIST = 5, RECORD = 6, OTHER = 7;

function kindOf(input) {
  if (input === null || input === undefined) return ABSENT;
  switch (typeof input) {
    case "string": return TEXT;
    case "boolean": return BOOLEAN;
    case "number": return Number.isFinite(input) ? NUMBER : OTHER;
    case "bigint": return NUMBER;
    case "object": {
      if (input instanceof Tagged) {
        switch (input.t) {
          case "string": return STRING;
          case "text": return TEXT;
          case "number": return NUMBER;
          case "boolean": return BOOLEAN;
          case "list": return LIST;
          default: return RECORD;
        }
      }
      if (Array.isArray(input)) return LIST;
      const prototype = Object.getPrototypeOf(input);
      return prototype === Object.prototype || prototype === null ? RECORD : OTHER;
    }
    default: return OTHER;
  }
}

const textOf = (input) => (typeof input === "string" ? input : typeof input === "number" ? String(input) : input.v);
const flagOf = (input) => (typeof input === "boolean" ? input : input.v);
const itemsOf = (input) => (Array.isArray(input) ? input : input.v);

function decimalOf(input) {
  if (input instanceof Tagged) return input.v;
  return json.readJSON(String(input).replace("e+", "e")).v;
}

function fieldOf(record, name) {
  if (record instanceof Tagged) record = record.v;
  if (record instanceof Map) return record.get(name);
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

function shown(input, kind) {
  switch (kind) {
    case TEXT: case STRING: return textOf(input);
    case NUMBER: return String(decimalOf(input));
    case BOOLEAN: return flagOf(input) ? "true" : "false";
    case LIST: return "[…]";
    case OTHER: return typeof input === "number" || typeof input === "symbol" ? String(input) : "{…}";
    default: return "{…}";
  }
}

/** A JSON value as readJSON gave it, its strings as a form's text (the conformance protocol's input). */
export function textInput(input) {
  if (input === null || input === undefined) return null;
  switch (input.t) {
    case "string": return input.v;
    case "list": return input.v.map(textInput);
    case "record": {
      const fields = new Map();
      for (const [name, field] of input.v) fields.set(name, textInput(field));
      return new Tagged("record", fields);
    }
    default: return input;
  }
}

// ---- Values: {kind, c}

function valueText(value) {
  switch (value.kind) {
    case "integer": return String(value.c);
    case "decimal": return String(value.c);
    case "boolean": return value.c ? "true" : "false";
    case "record": {
      const names = [...value.c.keys()].sort();
      return "{" + names.map((name) => `${name}: ${valueText(value.c.get(name))}`).join(", ") + "}";
    }
    case "list": return "[" + value.c.map(valueText).join(", ") + "]";
    default: return value.c;
  }
}

function valuesEqual(a, b) {
  if (a === undefined || b === undefined) return a === b;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "decimal": return a.c.equals(b.c);
    case "record": {
      if (a.c.size !== b.c.size) return false;
      for (const [name, value] of a.c) if (!valuesEqual(value, b.c.get(name))) return false;
      return true;
    }
    case "list": return a.c.length === b.c.length && a.c.every((item, index) => valuesEqual(item, b.c[index]));
    default: return a.c === b.c;
  }
}

/** A text that two values share exactly when they are equal (valuesEqual). */
function valueKey(value) {
  switch (value.kind) {
    case "decimal": return `d${value.c.negative ? "-" : "+"}${value.c.digits}e${value.c.exponent}`;
    case "integer": return "i" + String(value.c);
    case "boolean": return value.c ? "bt" : "bf";
    case "record": return "r" + JSON.stringify([...value.c.keys()].sort().map((name) => [name, valueKey(value.c.get(name))]));
    case "list": return "l" + JSON.stringify(value.c.map(valueKey));
    default: return value.kind[0] + value.c;
  }
}

/** The value as the conformance protocol writes it: integers and booleans as JSON (a BigInt beyond
 * 2^53), decimals, dates and text as strings, a model as an object of its fields in the model's
 * order (valueJSON writes them sorted by name). */
export function publicValue(value) {
  if (value === null || value === undefined) return null;
  switch (value.kind) {
    case "integer": {
      const number = Number(value.c);
      return Number.isSafeInteger(number) ? number : value.c;
    }
    case "boolean": return value.c;
    case "record": {
      const out = {};
      for (const [name, field] of value.c) {
        // NB: a field named __proto__ is a field, not the object's prototype.
        if (name === "__proto__") Object.defineProperty(out, name, { value: publicValue(field), enumerable: true, writable: true, configurable: true });
        else out[name] = publicValue(field);
      }
      return out;
    }
    case "list": return value.c.map(publicValue);
    case "string": case "date": return value.c;
    default: return valueText(value);
  }
}

function parseValue(normalized, type) {
  switch (type) {
    case "string": return { kind: "string", c: normalized };
    case "integer": {
      const number = text.parseInteger(normalized);
      return number === null ? null : { kind: "integer", c: number };
    }
    case "decimal": {
      const number = Decimal.parse(normalized);
      return number === null ? null : { kind: "decimal", c: number };
    }
    case "date": {
      const date = text.parseDate(normalized);
      return date === null ? null : { kind: "date", c: date };
    }
    default:
      return normalized === "true" ? { kind: "boolean", c: true } : normalized === "false" ? { kind: "boolean", c: false } : null;
  }
}

function numberOf(value) {
  return value.kind === "integer" ? Decimal.parse(String(value.c)) : value.c;
}

// ---- Violations

/** A bound a violation of the built-in `code` crossed: its kind ("count", "number", "date" or "text")
 * and the placeholder it fills ("min", "max", "prefix", "suffix" or "text"), both the generated data's, its text, and its public
 * value (a count as a number, else the text), read once. */
class Bound {
  constructor(code, text) {
    const { kind, placeholder } = data.BOUNDS[code];
    this.kind = kind;
    this.text = text;
    this.placeholder = placeholder;
    this.value = kind === "count" ? Number(text) : text;
  }
}

// The placeholders a message fills: {value} and every bound's (min, max, prefix…), from the generated data.
const PLACEHOLDERS = new Set(["value", ...Object.values(data.BOUNDS).map((bound) => bound.placeholder)]);

// NB: a violation's path is replaced, never changed in place, so the empty one is shared.
const NO_PATH = Object.freeze([]);

class Violation {
  constructor(outcome, builtin, path = NO_PATH, bound = null, value = undefined) {
    this.outcome = outcome instanceof Outcome ? outcome : outcomeOf(outcome); // the schema's {code, messages}, read once
    this.builtin = builtin;
    this.path = path;
    this.bound = bound; // a Bound, or null
    this.value = value; // the stored text, or undefined
    this.sensitive = false;
  }

  toPublic(language) {
    const outcome = this.outcome;
    const code = outcome.code;
    const stored = this.path;
    const sensitive = this.sensitive;
    const value = this.value === undefined || sensitive ? undefined : this.value.length <= ECHOED_SCALARS ? this.value : echo(this.value);
    const bound = this.bound;
    const template = outcome.template(language);
    const message = template === undefined
      ? code
      : template.fill(sensitive ? HIDDEN_VALUE : value, bound === null ? null : bound.placeholder, bound === null ? undefined : bound.text);
    return publicViolation(code, this.builtin, stored.length === 0 ? [] : stored.slice(), stored.length === 0 ? "" : pointer(stored), bound, value, message);
  }
}

/**
 * A violation's public object. NB: one object literal per shape, its members in this order: code,
 * builtinCode, path, pointer, the bound (under its placeholder) and boundKind, value, message.
 */
function publicViolation(code, builtinCode, path, pointerText, bound, value, message) {
  if (bound === null) {
    return value === undefined
      ? { code, builtinCode, path, pointer: pointerText, message }
      : { code, builtinCode, path, pointer: pointerText, value, message };
  }
  const boundValue = bound.value;
  const boundKind = bound.kind;
  if (bound.placeholder === "min") {
    return value === undefined
      ? { code, builtinCode, path, pointer: pointerText, min: boundValue, boundKind, message }
      : { code, builtinCode, path, pointer: pointerText, min: boundValue, boundKind, value, message };
  }
  if (bound.placeholder === "max") {
    return value === undefined
      ? { code, builtinCode, path, pointer: pointerText, max: boundValue, boundKind, message }
      : { code, builtinCode, path, pointer: pointerText, max: boundValue, boundKind, value, message };
  }
  const key = bound.placeholder;
  return value === undefined
    ? { code, builtinCode, path, pointer: pointerText, [key]: boundValue, boundKind, message }
    : { code, builtinCode, path, pointer: pointerText, [key]: boundValue, boundKind, value, message };
}

/**
 * What a check of a type reports, made once per check (per day for a bound that is today): the
 * outcome, the built-in code, the bound, and the type's validator (whether it is sensitive, its name). A form's text that
 * breaks it gets its public violation straight from it, with no Violation; `violation` makes one.
 */
class Report {
  constructor(outcome, builtin, bound, owner) {
    this.outcome = outcome instanceof Outcome ? outcome : outcomeOf(outcome);
    this.builtin = builtin;
    this.bound = bound;
    this.owner = owner; // the TypeValidator: its rules and name for problemDetails
    this.sensitive = owner.sensitive;
    // The last language's message, when it does not depend on the value.
    this.lastLanguage = undefined;
    this.lastMessage = undefined;
  }

  /** The violation as found, for a value (the stored text). */
  violation(value) {
    const violation = new Violation(this.outcome, this.builtin, NO_PATH, this.bound, value);
    if (this.sensitive) violation.sensitive = true;
    return violation;
  }

  /** The message for the value as echoed, kept for the language when it does not depend on the value. */
  message(echoed, language) {
    const template = this.outcome.template(language);
    if (template === undefined) return this.outcome.code;
    const bound = this.bound;
    const message = template.fill(this.sensitive ? HIDDEN_VALUE : echoed, bound === null ? null : bound.placeholder, bound === null ? undefined : bound.text);
    if (template.fixed) {
      this.lastLanguage = language;
      this.lastMessage = message;
    }
    return message;
  }

  /** The public violation of a value, the same as `this.violation(value).toPublic(language)`. */
  toPublic(value, language) {
    return this.echoedPublic(this.sensitive ? undefined : value.length <= ECHOED_SCALARS ? value : echo(value), language);
  }

  /** The public violation of a value as echoed (undefined when sensitive). */
  echoedPublic(echoed, language) {
    const message = language === this.lastLanguage && language !== undefined ? this.lastMessage : this.message(echoed, language);
    return publicViolation(this.outcome.code, this.builtin, [], "", this.bound, echoed, message);
  }
}

function echo(value) {
  if (value.length <= ECHOED_SCALARS) return value;
  let index = 0;
  let scalars = 0;
  while (index < value.length && scalars < ECHOED_SCALARS) {
    const unit = value.charCodeAt(index);
    index += unit >= 0xd800 && unit <= 0xdbff && index + 1 < value.length &&
      value.charCodeAt(index + 1) >= 0xdc00 && value.charCodeAt(index + 1) <= 0xdfff ? 2 : 1;
    scalars++;
  }
  return index < value.length ? value.slice(0, index) + "…" : value;
}

/** The RFC 6901 pointer of a path: `/tags/1`, `/a~1b` for the field `a/b`, "" for the value itself. */
export function pointer(path) {
  let out = "";
  for (const component of path) {
    out += "/" + (component.includes("~") || component.includes("/") ? component.replaceAll("~", "~0").replaceAll("/", "~1") : component);
  }
  return out;
}

/** Replaces each {name} that has a parameter; any other {…} stays as written. */
export function fill(template, parameter) {
  if (!template.includes("{")) return template;
  let out = "";
  let rest = template;
  for (;;) {
    const open = rest.indexOf("{");
    const close = open >= 0 ? rest.indexOf("}", open + 1) : -1;
    if (open < 0 || close < 0) return out + rest;
    const value = parameter(rest.slice(open + 1, close));
    out += rest.slice(0, open) + (value ?? rest.slice(open, close + 1));
    rest = rest.slice(close + 1);
  }
}

/**
 * A message template read once, as `fill` reads it: the text between its {value}, {min} and
 * {max} (any other {…} is text), so that filling it is joining strings.
 */
class Template {
  constructor(template) {
    this.template = template;
    // [text, name, written, text, name, written, …, text]
    this.parts = null;
    // Whether the message is the same whatever the value: text, or {min} and {max} only.
    this.fixed = typeof template === "string";
    this.cached = false;
    this.lastPlaceholder = undefined;
    this.lastBound = undefined;
    this.lastMessage = undefined;
    if (typeof template !== "string" || !template.includes("{")) return;
    const parts = [];
    let text = "";
    let rest = template;
    for (;;) {
      const open = rest.indexOf("{");
      const close = open >= 0 ? rest.indexOf("}", open + 1) : -1;
      if (open < 0 || close < 0) break;
      const name = rest.slice(open + 1, close);
      text += rest.slice(0, open);
      if (PLACEHOLDERS.has(name)) {
        parts.push(text, name, rest.slice(open, close + 1));
        text = "";
      } else text += rest.slice(open, close + 1);
      rest = rest.slice(close + 1);
    }
    parts.push(text + rest);
    if (parts.length > 1) this.parts = parts;
    else this.template = parts[0];
    // NB: a message without {value} is kept for its bound: a date check's bound is today, the same again and again.
    this.cached = this.parts !== null && !this.parts.includes("value");
    this.fixed = this.parts === null || this.cached;
  }

  /** The message: {value} is `value`, the placeholder ("min", "prefix"… or null) is `bound`; what is undefined stays as written. */
  fill(value, placeholder, bound) {
    const parts = this.parts;
    if (parts === null) {
      if (typeof this.template === "string") return this.template;
      // NB: not text: fails as fill fails.
      return fill(this.template, (name) => (name === "value" ? value : name === placeholder && bound !== undefined ? bound : undefined));
    }
    if (this.cached && this.lastMessage !== undefined && placeholder === this.lastPlaceholder && bound === this.lastBound) return this.lastMessage;
    let out = parts[0];
    for (let index = 1; index < parts.length; index += 3) {
      const name = parts[index];
      const filled = name === "value" ? value : name === placeholder ? bound : undefined;
      out += (filled ?? parts[index + 1]) + parts[index + 2];
    }
    if (this.cached) {
      this.lastPlaceholder = placeholder;
      this.lastBound = bound;
      this.lastMessage = out;
    }
    return out;
  }
}

const normalizedTag = (tag) => text.asciiLowercase(tag).replaceAll("_", "-");

/** LanguageTag.lookup: the exact tag (case-insensitively), a narrower one when asked, then shorter ones. */
export function lookupLanguage(tag, available, narrower = false) {
  const wanted = normalizedTag(tag);
  const candidates = available.map((name) => [name, normalizedTag(name)]);
  const exact = candidates.find(([, name]) => name === wanted);
  if (exact) return exact[0];
  if (narrower) {
    const found = candidates.find(([, name]) => name.startsWith(wanted + "-"));
    if (found) return found[0];
  }
  let shortened = wanted;
  for (let dash = shortened.lastIndexOf("-"); dash >= 0; dash = shortened.lastIndexOf("-")) {
    shortened = shortened.slice(0, dash);
    const found = candidates.find(([, name]) => name === shortened);
    if (found) return found[0];
  }
  return undefined;
}

/** An outcome of the schema ({code, messages}) and its templates, looked up once per language. */
class Outcome {
  constructor(outcome) {
    this.code = outcome.code;
    this.messages = outcome.messages ?? {};
    this.templates = new Map();
    this.lastLanguage = undefined;
    this.lastTemplate = undefined;
  }

  /** The template for `language`, or undefined when there is none (the message is the code). */
  template(language) {
    if (language === this.lastLanguage && language !== undefined) return this.lastTemplate;
    let template = this.templates.get(language);
    if (template === undefined && !this.templates.has(language)) {
      const messages = this.messages;
      let written;
      if (Object.hasOwn(messages, language)) written = messages[language];
      else {
        const found = lookupLanguage(language, Object.keys(messages));
        written = found !== undefined ? messages[found] : Object.hasOwn(messages, "en") ? messages.en : undefined;
      }
      template = written === undefined ? undefined : new Template(written);
      // NB: languages come from requests; a few dozen are remembered, not every tag a client sends.
      if (this.templates.size < 32) this.templates.set(language, template);
    }
    this.lastLanguage = language;
    this.lastTemplate = template;
    return template;
  }
}

// NB: a schema's outcomes never change once loaded, so each is read once.
const outcomes = new WeakMap();

function outcomeOf(outcome) {
  if (outcome === null || typeof outcome !== "object") return outcome;
  let found = outcomes.get(outcome);
  if (found === undefined) outcomes.set(outcome, (found = new Outcome(outcome)));
  return found;
}

/** An invalid result: a plain object whose violations as found (for problemDetails in another
 * language) are private, so that it compares and prints as {valid: false, violations}. */
class Stamped {
  constructor(object) {
    return object;
  }
}

class InvalidResult extends Stamped {
  #rules;
  #name;
  #found;

  constructor(object, rules, name, found) {
    super(object);
    this.#rules = rules;
    this.#name = name;
    this.#found = found;
  }

  /** {rules, name, violations} of a result that `invalidResult` or `invalidTextResult` made, or undefined. */
  static internal(object) {
    if (!(#rules in object)) return TextInvalidResult.internal(object);
    return { rules: object.#rules, name: object.#name, violations: object.#found };
  }
}

// NB: made by a constructor, not a literal, so that V8 leaves room in the object for the private fields.
function PlainInvalid(violations) {
  this.valid = false;
  this.violations = violations;
}
PlainInvalid.prototype = Object.prototype;

/** The public result of violations: {valid: false, violations} in `language`. */
function invalidResult(violations, language, rules, name) {
  return new InvalidResult(new PlainInvalid(violations.map((violation) => violation.toPublic(language))), rules, name, violations);
}

/** An invalid result of a form's text that broke one Report: its rules and name are the
 * Report's validator's, so it keeps two private fields, not four. */
class TextInvalidResult extends Stamped {
  #report;
  #value;

  constructor(object, report, value) {
    super(object);
    this.#report = report;
    this.#value = value;
  }

  static internal(object) {
    if (!(#report in object)) return undefined;
    const owner = object.#report.owner;
    return { rules: owner.set.rules, name: owner.name, violations: [object.#report.violation(object.#value)] };
  }
}

/** The public result of a form's text that breaks one Report. */
function invalidTextResult(report, value, language) {
  return new TextInvalidResult(new PlainInvalid([report.toPublic(value, language)]), report, value);
}

/** invalidTextResult of a value as echoed (see Report.echoedPublic). */
function invalidEchoedResult(report, value, echoed, language) {
  return new TextInvalidResult(new PlainInvalid([report.echoedPublic(echoed, language)]), report, value);
}

/** The violations of an invalid result as found, with its rules and the name validated. */
export const internalOf = InvalidResult.internal;

// ---- The rules

function fail(message) {
  throw new RulesError(message);
}

/** Calls `each` with every `messages` object of a definition. */
function completeIn(node, each) {
  if (Array.isArray(node)) for (const item of node) completeIn(item, each);
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "messages" && value !== null && typeof value === "object" && !Array.isArray(value)) each(value);
      else completeIn(value, each);
    }
  }
}

function languagesOf(node, into) {
  if (Array.isArray(node)) for (const item of node) languagesOf(item, into);
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "messages" && value !== null && typeof value === "object" && !Array.isArray(value)) {
        for (const language of Object.keys(value)) into.add(language);
      } else languagesOf(value, into);
    }
  }
}

export class RuleSet {
  constructor(document, options = {}) {
    if (document === null || typeof document !== "object" || Array.isArray(document)) {
      fail("not a schema exported by rulecheck: the document is not a JSON object");
    }
    const version = document["x-rulecheck-version"];
    if (version === undefined) fail("not a schema exported by rulecheck: it has no \"x-rulecheck-version\"; write it with `rulecheck export jsonschema`");
    if (typeof version !== "number" || !Number.isInteger(version) || version < 1) fail(`"x-rulecheck-version" is ${JSON.stringify(version)}, not a format version`);
    if (version > FORMAT_VERSION) {
      fail(`the schema is from a newer rulecheck (x-rulecheck-version ${version}); this runtime reads version ${FORMAT_VERSION}: update runtimes/js`);
    }
    // NB: an export without it (from a rulecheck before the version was stated) is read as ours.
    const unicodeVersion = document["x-rulecheck-unicode"];
    if (unicodeVersion !== undefined && unicodeVersion !== UNICODE_VERSION) {
      fail(`the schema was exported for Unicode ${typeof unicodeVersion === "string" ? unicodeVersion : JSON.stringify(unicodeVersion)} ("x-rulecheck-unicode"), and this runtime decides by Unicode ${UNICODE_VERSION}: ` +
        "export the rules with a rulecheck and a runtime of the same Unicode version");
    }
    const definitions = document.$defs ?? document.components?.schemas;
    if (definitions === null || typeof definitions !== "object" || Array.isArray(definitions)) {
      fail("not a schema exported by rulecheck: it has neither \"$defs\" nor \"components.schemas\"");
    }
    this.definitions = new Map();
    for (const [name, definition] of Object.entries(definitions)) {
      if (definition === null || typeof definition !== "object" || typeof definition["x-rulecheck-type"] !== "string") continue;
      this.definitions.set(name, definition);
    }
    if (this.definitions.size === 0) fail("not a schema exported by rulecheck: no definition has \"x-rulecheck-type\"");
    this.rules = undefined; // the Rules of this set (index.js)
    this.custom = customChecks(document["x-rulecheck-custom"], options.custom);
    this.patterns = new Map();
    this.languageSets = new Map();
    this.completeLanguageSets = new Map();
    for (const [name, definition] of this.definitions) this.check(name, definition);
    for (const name of this.definitions.keys()) this.checkCycles(name, []);
    const all = new Set();
    languagesOf([...this.definitions.values()], all);
    this.allLanguages = [...all].sort();
  }

  check(name, definition) {
    const kind = definition["x-rulecheck-type"];
    const where = `the definition '${name}'`;
    const outcome = (value, key) => {
      if (value === null || typeof value !== "object" || typeof value.code !== "string") fail(`${where}: "${key}" has no "code"`);
    };
    outcome(definition["x-rulecheck-required"], "x-rulecheck-required");
    outcome(definition["x-rulecheck-format"], "x-rulecheck-format");
    const checks = definition["x-rulecheck-checks"] ?? [];
    if (!Array.isArray(checks)) fail(`${where}: "x-rulecheck-checks" is not a list`);
    for (const check of checks) {
      if (check?.check === "custom") {
        const declaration = this.custom.declarations[check.name];
        if (declaration === undefined) fail(`${where}: the custom check ${JSON.stringify(check.name)} is not declared in "x-rulecheck-custom"`);
        if (!Object.hasOwn(this.custom.implementations, check.name)) {
          fail(`the custom check '${check.name}' (${declaration.description}) has no implementation; ` +
            `pass one when loading: Rules.fromSchema(schema, { custom: { ${check.name}: (value) => true or false } })`);
        }
      } else if (check === null || typeof check !== "object" || !CHECKS.includes(check.check) || check.check === "required") {
        fail(`${where}: the check ${JSON.stringify(check?.check)} is not implemented by this runtime; update runtimes/js`);
      }
      if (check.codes === null || typeof check.codes !== "object") fail(`${where}: the check '${check.check}' has no "codes"`);
      for (const [key, value] of Object.entries(check.codes)) outcome(value, `codes.${key}`);
      if (check.check === "pattern") {
        if (typeof check.regex !== "string") fail(`${where}: a pattern check has no "regex"`);
        if (!this.patterns.has(check.regex)) {
          try {
            this.patterns.set(check.regex, new Pattern(check.regex));
          } catch (error) {
            if (error instanceof PatternError) fail(`${where}: ${error.message}`);
            throw error;
          }
        }
      }
      if (check.check === "length" && !UNITS.has(check.unit)) fail(`${where}: the length unit ${JSON.stringify(check.unit)} is unknown`);
    }
    if (kind === "model") {
      const fields = definition["x-rulecheck-fields"];
      if (!Array.isArray(fields)) fail(`${where}: a model without "x-rulecheck-fields"`);
      for (const field of fields) {
        if (typeof field?.name !== "string" || !this.definitions.has(field.type)) {
          fail(`${where}: the field ${JSON.stringify(field?.name)} names the type ${JSON.stringify(field?.type)}, which the schema does not define`);
        }
      }
    } else if (!VALUE_TYPES.has(kind)) {
      fail(`${where}: the value type ${JSON.stringify(kind)} is unknown to this runtime; update runtimes/js`);
    } else {
      for (const normalizer of definition["x-rulecheck-normalize"] ?? []) {
        if (!Object.hasOwn(text.NORMALIZERS, normalizer)) fail(`${where}: the normalizer ${JSON.stringify(normalizer)} is unknown to this runtime; update runtimes/js`);
        // NB: asked when the rules are read, so that a browser page without the normalization tables
        // (dist/rulecheck-normalization.js) fails at Rules.fromSchema, not as the user types.
        if (normalizer === "nfc" || normalizer === "nfkc") text.requireNormalization();
      }
    }
  }

  checkCycles(name, trail) {
    if (trail.includes(name)) fail(`the model '${name}' contains itself: ${[...trail, name].join(" → ")}`);
    const definition = this.definitions.get(name);
    if (definition["x-rulecheck-type"] !== "model") return;
    for (const field of definition["x-rulecheck-fields"]) this.checkCycles(field.type, [...trail, name]);
  }

  /**
   * The languages every message of a type or model (its fields' too) is written in, sorted: with
   * the problem's detail languages, what a server answers in (Swift's negotiableLanguages).
   */
  completeLanguagesOf(name) {
    let languages = this.completeLanguageSets.get(name);
    if (languages === undefined) {
      let complete = this.languagesOf(name);
      const visit = (definitionName) => {
        const definition = this.definitions.get(definitionName);
        completeIn(definition, (messages) => {
          complete = complete.filter((language) => Object.hasOwn(messages, language));
        });
        if (definition["x-rulecheck-type"] === "model") for (const field of definition["x-rulecheck-fields"]) visit(field.type);
      };
      visit(name);
      languages = complete;
      this.completeLanguageSets.set(name, languages);
    }
    return languages;
  }

  languagesOf(name) {
    let languages = this.languageSets.get(name);
    if (languages === undefined) {
      const found = new Set();
      const visit = (definitionName) => {
        const definition = this.definitions.get(definitionName);
        languagesOf(definition, found);
        if (definition["x-rulecheck-type"] === "model") for (const field of definition["x-rulecheck-fields"]) visit(field.type);
      };
      visit(name);
      languages = [...found].sort();
      this.languageSets.set(name, languages);
    }
    return languages;
  }

  // Each definition compiled once, on first use: its checks, normalizers and fields resolved.
  compiled(name) {
    this.compiledDefinitions ??= new Map();
    let compiled = this.compiledDefinitions.get(name);
    if (compiled === undefined) {
      const definition = this.definitions.get(name);
      compiled = definition["x-rulecheck-type"] === "model" ? new ModelValidator(this, definition) : new TypeValidator(this, definition, name);
      this.compiledDefinitions.set(name, compiled);
    }
    return compiled;
  }

  // NB: as in Swift, a field's `sensitive: true` hides its values, and `false` cannot show a sensitive type's.
  isSensitive(field) {
    if (field.sensitive === true) return true;
    const type = this.definitions.get(field.type);
    return type["x-rulecheck-type"] !== "model" && type["x-rulecheck-sensitive"] === true;
  }

  validateList(field, input, today) {
    const name = field.name;
    const rule = field.list;
    const codes = rule.codes;
    const kind = kindOf(input);
    if (kind === ABSENT) {
      return field.optional ? VALID_NULL : { violations: [new Violation(codes.required, "required", [name])] };
    }
    if (kind !== LIST) return { violations: [new Violation(codes.invalidFormat, "invalidFormat", [name], null, shown(input, kind))] };
    const items = itemsOf(input);
    const validator = this.compiled(field.type);
    const values = [];
    const violations = [];
    // NB: a loop, not forEach, so that a hole in a sparse array is an absent item, not skipped.
    for (let index = 0; index < items.length; index++) {
      const result = validator.validate(items[index], today, undefined);
      if (result.violations) {
        for (const violation of result.violations) {
          violation.path = [name, String(index), ...violation.path];
          violations.push(violation);
        }
      } else if (result.value !== null) values.push(result.value);
    }
    const count = items.length;
    if (rule.minItems !== undefined && count < rule.minItems) {
      violations.push(new Violation(codes.tooFewItems, "tooFewItems", [name], new Bound("tooFewItems", String(rule.minItems))));
    }
    if (rule.maxItems !== undefined && count > rule.maxItems) {
      violations.push(new Violation(codes.tooManyItems, "tooManyItems", [name], new Bound("tooManyItems", String(rule.maxItems))));
    }
    if (rule.unique) {
      // NB: by a canonical key per value, so a long list costs one pass, not a comparison per pair.
      const seen = new Set();
      const repeated = values.find((value) => {
        const key = valueKey(value);
        if (seen.has(key)) return true;
        seen.add(key);
        return false;
      });
      if (repeated !== undefined) violations.push(new Violation(codes.duplicateItem, "duplicateItem", [name], null, valueText(repeated)));
    }
    return violations.length > 0 ? { violations } : { value: { kind: "list", c: values } };
  }

  runAcross(check, values, failed) {
    const codes = check.codes;
    const names = check.fields ?? [check.field, check.when];
    switch (check.check) {
      case "equal": {
        if (names.some((name) => failed.has(name))) return null;
        const last = names[names.length - 1];
        const first = values.get(names[0]);
        if (names.slice(1).some((name) => !valuesEqual(values.get(name), first))) {
          const shownValue = values.has(last) ? valueText(values.get(last)) : undefined;
          return new Violation(codes.mismatch, "mismatch", [last], null, shownValue);
        }
        return null;
      }
      case "notEqual": {
        if (names.some((name) => failed.has(name))) return null;
        const present = names.filter((name) => values.has(name)).map((name) => values.get(name));
        for (let index = 0; index < present.length; index++) {
          if (present.slice(0, index).some((earlier) => valuesEqual(earlier, present[index]))) {
            return new Violation(codes.mustDiffer, "mustDiffer", [names[names.length - 1]], null, valueText(present[index]));
          }
        }
        return null;
      }
      case "ascending": {
        const ordered = [];
        for (const name of names) {
          if (!values.has(name) || failed.has(name)) return null;
          ordered.push(values.get(name));
        }
        for (let index = 1; index < ordered.length; index++) {
          const order = compareValues(ordered[index - 1], ordered[index]);
          if (order > 0 || (check.strict && order === 0)) {
            return new Violation(codes.outOfOrder, "outOfOrder", [names[names.length - 1]], null, valueText(ordered[ordered.length - 1]));
          }
        }
        return null;
      }
      case "requiredIf": {
        const field = check.field;
        const condition = values.get(check.when);
        if (values.has(field) || failed.has(field) || condition === undefined) return null;
        let holds;
        if (check.equals !== undefined) {
          const wanted = condition.kind === "record" || condition.kind === "list" ? null : parseValue(String(check.equals), condition.kind);
          holds = wanted !== null && valuesEqual(wanted, condition);
        } else holds = !(condition.kind === "boolean" && condition.c === false);
        return holds ? new Violation(codes.required, "required", [field]) : null;
      }
      default: throw new RulesError(`unknown check ${check.check}`);
    }
  }
}

/** The day a date check reads: `today` is the date given, or a clock that reads the day once per validation. */
function dayOf(today) {
  return typeof today === "string" ? today : (today.day ??= text.todayIn(today.timeZone));
}

/** Reads a value of the type from normalized text: its `c`, or null for text that is not one. */
function parserOf(type) {
  switch (type) {
    case "string": return (normalized) => normalized;
    case "integer": return text.parseInteger;
    case "decimal": return (normalized) => Decimal.parse(normalized);
    case "date": return text.parseDate;
    default: return (normalized) => (normalized === "true" ? true : normalized === "false" ? false : null);
  }
}

class TypeValidator {
  constructor(set, definition, name) {
    this.set = set;
    this.name = name;
    this.type = definition["x-rulecheck-type"];
    this.optional = definition["x-rulecheck-optional"] === true;
    this.required = outcomeOf(definition["x-rulecheck-required"]);
    this.rejectsEmpty = definition["x-rulecheck-required"].rejectsEmpty === true;
    this.format = outcomeOf(definition["x-rulecheck-format"]);
    this.normalizers = (definition["x-rulecheck-normalize"] ?? []).map((name) => text.NORMALIZERS[name]);
    this.sensitive = definition["x-rulecheck-sensitive"] === true;
    const checks = definition["x-rulecheck-checks"] ?? [];
    // Each check gives null or the Report of what it found.
    this.checks = checks.map((check) => compileCheck(set, check, this.type, this));
    // Patterns run last; past the limit, a value some other check reported gets no pattern codes.
    // Only the checks before the first pattern count: past the limit a value fails every pattern,
    // and gets each pattern's code when nothing else reported it (found by Scripts/agree.py).
    const firstPattern = checks.findIndex((check) => check.check === "pattern");
    this.firstPattern = firstPattern < 0 ? checks.length : firstPattern;
    this.parse = parserOf(this.type);
    // The steps for a form's text, chosen once (textResult).
    const normalizers = this.normalizers;
    this.normalize = normalizers.length === 0 ? null : normalizers.length === 1 ? normalizers[0] : (normalized) => {
      for (let index = 0; index < normalizers.length; index++) normalized = normalizers[index](normalized);
      return normalized;
    };
    // NB: with one check there is no check before a pattern, so no limit to apply.
    this.only = this.checks.length === 1 ? this.checks[0] : null;
    this.many = this.checks.length > 1;
    this.publicOf = this.type === "integer" ? integerValue : this.type === "decimal" ? String : null;
    this.emptyReport = new Report(this.required, "required", null, this);
    this.formatReport = new Report(this.format, "invalidFormat", null, this);
    this.isString = this.type === "string";
    // A date type with one date check and no normalizer has steps of its own (dateTextResult), so
    // that V8 keeps feedback for them apart from other types'.
    this.dateCheck = this.type === "date" && this.normalize === null && this.only !== null && this.only.dateCheck !== undefined ? this.only.dateCheck : null;
    // And so has a string type with neither a normalizer nor a check (plainTextResult).
    this.plain = this.type === "string" && this.normalize === null && this.checks.length === 0;
    this.usesToday = checks.some((check) => (check.check === "notBefore" || check.check === "notAfter") && !FIXED_DATE.test(check.date));
  }

  violation(outcome, builtin, bound, value) {
    const violation = new Violation(outcome, builtin, NO_PATH, bound, value);
    if (this.sensitive) violation.sensitive = true;
    return violation;
  }

  /** The value's `c` (of the type's kind), null for no value, or an array of violations. */
  check(input, today, optional) {
    let kind = typeof input === "string" ? TEXT : kindOf(input);
    let normalized;
    let c;
    switch (kind) {
      case ABSENT:
        return optional ? null : [this.violation(this.required, "required", null, undefined)];
      case STRING:
        if (this.type !== "string" && this.type !== "date") return this.invalidFormat(input.v);
      // falls through
      case TEXT: {
        normalized = typeof input === "string" ? input : textOf(input);
        // NB: a lone surrogate, which no Swift string and no JSON body holds, is no text of any type.
        if (!wellFormed(normalized)) return this.invalidFormat(normalized);
        const normalizers = this.normalizers;
        for (let index = 0; index < normalizers.length; index++) normalized = normalizers[index](normalized);
        if (normalized === "") {
          if (optional) return null;
          if (this.rejectsEmpty) return [this.violation(this.required, "required", null, "")];
        }
        c = this.parse(normalized);
        break;
      }
      case NUMBER: {
        const number = decimalOf(input);
        normalized = String(number);
        if (this.type === "integer") c = number.exactInteger();
        else c = this.type === "decimal" ? number : null;
        break;
      }
      case BOOLEAN:
        normalized = flagOf(input) ? "true" : "false";
        c = this.type === "boolean" ? flagOf(input) : null;
        break;
      default:
        return this.invalidFormat(shown(input, kind));
    }
    if (c === null) return this.invalidFormat(normalized);
    return this.runChecks(normalized, c, today) ?? c;
  }

  /** The checks' violations of a value, or undefined. */
  runChecks(normalized, c, today) {
    const checks = this.checks;
    let violations;
    for (let index = 0; index < checks.length; index++) {
      if (index === this.firstPattern && violations !== undefined && normalized.length > 10_000 && text.scalarCount(normalized) > 10_000) break;
      const report = checks[index](normalized, c, today);
      if (report !== null) {
        const found = report.violation(normalized);
        // NB: an array of one, not [] and a push that makes room for 17.
        if (violations === undefined) violations = [found];
        else violations.push(found);
      }
    }
    return violations;
  }

  /** {value} or {violations} (internal violations) for an input: a field's, an item's. */
  validate(input, today, optional) {
    const found = this.check(input, today, optional ?? this.optional);
    if (found === null) return VALID_NULL;
    if (Array.isArray(found)) return { violations: found };
    return { value: { kind: this.type, c: found } };
  }

  /** The public result for an input: {valid: true, value} or {valid: false, violations}. */
  result(input, today, language, rules, name) {
    if (typeof input === "string") {
      // NB: a date's text is ten ASCII digits and hyphens, so a lone surrogate is its invalid
      // format as dateTextResult reads it: the same result as below, with no scan for one first.
      if (this.dateCheck !== null) return dateTextResult(this, input, today, language);
      if (!wellFormed(input)) return invalidTextResult(this.formatReport, input, language);
      return this.textResult(input, today, language, rules, name);
    }
    const found = this.check(input, today, this.optional);
    if (found === null) return { valid: true, value: null };
    if (Array.isArray(found)) return invalidResult(found, language, rules, name);
    switch (this.type) {
      case "string": case "date": case "boolean": return { valid: true, value: found };
      case "integer": {
        const number = Number(found);
        return { valid: true, value: Number.isSafeInteger(number) ? number : found };
      }
      default: return { valid: true, value: String(found) };
    }
  }

  /**
   * The public result for a form's text, as `check` and `result` give it: the steps of this type,
   * chosen once, with no dispatch on the input's kind.
   */
  textResult(input, today, language, rules, name) {
    if (this.plain) return plainTextResult(this, input, language);
    if (this.dateCheck !== null) return dateTextResult(this, input, today, language);
    const normalized = this.normalize === null ? input : this.normalize(input);
    if (normalized === "") {
      if (this.optional) return { valid: true, value: null };
      // NB: the empty text is echoed as it is, with no length read: V8's feedback for a length shared
      // by every type's texts is megamorphic.
      if (this.rejectsEmpty) return invalidEchoedResult(this.emptyReport, "", this.sensitive ? undefined : "", language);
    }
    // NB: a string is its text; no call.
    const c = this.isString ? normalized : this.parse(normalized);
    if (c === null) return invalidTextResult(this.formatReport, normalized, language);
    const only = this.only;
    if (only !== null) {
      const found = only(normalized, c, today);
      if (found !== null) return invalidTextResult(found, normalized, language);
    } else if (this.many) {
      const found = this.runChecks(normalized, c, today);
      if (found !== undefined) return invalidResult(found, language, rules, name);
    }
    return { valid: true, value: this.publicOf === null ? c : this.publicOf(c) };
  }

  invalidFormat(shownText) {
    return [this.violation(this.format, "invalidFormat", null, shownText)];
  }
}

/** textResult for a string type with neither a normalizer nor a check. */
function plainTextResult(validator, input, language) {
  if (input === "") {
    if (validator.optional) return { valid: true, value: null };
    if (validator.rejectsEmpty) {
      const report = validator.emptyReport;
      return invalidEchoedResult(report, "", report.sensitive ? undefined : "", language);
    }
  }
  return { valid: true, value: input };
}

/** textResult for a date type with one date check and no normalizer. */
function dateTextResult(validator, input, today, language) {
  let report;
  // NB: the value echoed is worked out here, so that V8's feedback for its length is this type's.
  let echoed = input;
  if (input === "" && (validator.optional || validator.rejectsEmpty)) {
    if (validator.optional) return { valid: true, value: null };
    report = validator.emptyReport;
  } else {
    const number = text.dateNumber(input);
    if (number < 0) {
      report = validator.formatReport;
      if (input.length > ECHOED_SCALARS) echoed = echo(input);
    } else {
      // NB: a date is 10 characters: echoed whole.
      report = validator.dateCheck.findNumber(number, input, today);
      if (report === null) return { valid: true, value: input };
    }
  }
  // NB: one way out, so that V8 inlines the result's steps once.
  return invalidEchoedResult(report, input, report.sensitive ? undefined : echoed, language);
}

function integerValue(c) {
  const number = Number(c);
  return Number.isSafeInteger(number) ? number : c;
}

const VALID_NULL = Object.freeze({ value: null });
const FIXED_DATE = /^[0-9]{4}-/;
const DATE_TEXT = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** `hostname`: RFC 1123 ASCII labels of 1 to 63, neither starting nor ending with "-", 253 in all, no trailing dot. */
function isHostname(value) {
  if (value.length === 0 || value.length > 253) return false;
  let label = 0;
  let previous = 0x2e;
  for (let index = 0; index < value.length; index++) {
    const unit = value.charCodeAt(index);
    if (unit === 0x2e) {
      if (label === 0 || previous === 0x2d) return false;
      label = 0;
    } else {
      const letterOrDigit = ((unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7a && unit < 0x80) || (unit >= 0x30 && unit <= 0x39);
      if (!letterOrDigit && !(unit === 0x2d && label > 0)) return false;
      if (++label > 63) return false;
    }
    previous = unit;
  }
  return label > 0 && previous !== 0x2d;
}

const IPV4_PART = /^(?:0|[1-9][0-9]{0,2})$/;
const IPV6_GROUP = /^[0-9A-Fa-f]{1,4}$/;

/** `ip: 4`: a dotted quad of 0 to 255 with no leading zeros. */
function isIPv4(value) {
  const parts = value.split(".");
  return parts.length === 4 && parts.every((part) => IPV4_PART.test(part) && Number(part) <= 255);
}

/** `ip: 6`: RFC 4291's text form, "::" once, a dotted quad as the last 32 bits; no zone, no brackets. */
function isIPv6(value) {
  const double = value.indexOf("::");
  if (double >= 0 && value.indexOf("::", double + 1) >= 0) return false;
  const sides = double < 0 ? [value] : [value.slice(0, double), value.slice(double + 2)];
  let groups = 0;
  for (let side = 0; side < sides.length; side++) {
    if (sides[side] === "") continue;
    const items = sides[side].split(":");
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      if (item.includes(".")) {
        if (side !== sides.length - 1 || index !== items.length - 1 || !isIPv4(item)) return false;
        groups += 2;
      } else {
        if (!IPV6_GROUP.test(item)) return false;
        groups += 1;
      }
    }
  }
  return double < 0 ? groups === 8 : groups <= 7;
}

// What `printable` refuses, from the generated data: general categories, scalars besides them,
// and the scalars of a refused category it allows.
const REFUSED_CATEGORIES = new Set(data.PRINTABLE.categories);
const REFUSED_SCALARS = new Set(data.PRINTABLE.refused);
const ALLOWED_SCALARS = new Set(data.PRINTABLE.allowed);

/** `printable`: no scalar of a refused general category of the pinned tables, nor a refused scalar. */
function isPrintable(value) {
  for (const character of value) {
    const point = character.codePointAt(0);
    if (point < 0x7f) {
      if (point < 0x20) return false;
      continue;
    }
    if (REFUSED_SCALARS.has(point)) return false;
    if (REFUSED_CATEGORIES.has(generalCategory(point)) && !ALLOWED_SCALARS.has(point)) return false;
  }
  return true;
}

/** The custom checks a schema declares ("x-rulecheck-custom", format 1.3) and the implementations given
 * for them: functions of the value, synchronous and pure, by name. */
function customChecks(declared, given) {
  const declarations = declared ?? {};
  if (declarations === null || typeof declarations !== "object" || Array.isArray(declarations)) fail('"x-rulecheck-custom" is not an object');
  const implementations = given ?? {};
  if (implementations === null || typeof implementations !== "object" || Array.isArray(implementations)) {
    throw new TypeError("options.custom is an object of functions by custom check name, such as { luhn: (value) => true }");
  }
  for (const [name, implementation] of Object.entries(implementations)) {
    if (typeof implementation !== "function") throw new TypeError(`options.custom.${name} is not a function`);
  }
  return { declarations, implementations };
}

function compileCheck(set, check, type, owner) {
  const codes = check.codes;
  const reportOf = (outcome, builtin, bound) => new Report(outcome, builtin, bound, owner);
  switch (check.check) {
    case "custom": {
      // The value as a result holds it: text, a number (a BigInt past 2^53), a decimal's text, a date's.
      const implementation = set.custom.implementations[check.name];
      const code = set.custom.declarations[check.name].code;
      const failed = reportOf(codes[code], code, null);
      if (type === "string") return (normalized) => (implementation(normalized) === true ? null : failed);
      return (normalized, c) => (implementation(publicValue({ kind: type, c })) === true ? null : failed);
    }
    case "length": {
      const unit = check.unit;
      const min = check.min;
      const max = check.max;
      const minBound = min === undefined ? null : new Bound("tooShort", String(min));
      const maxBound = max === undefined ? null : new Bound("tooLong", String(max));
      const tooShort = minBound === null ? null : reportOf(codes.tooShort, "tooShort", minBound);
      const tooLong = maxBound === null ? null : reportOf(codes.tooLong, "tooLong", maxBound);
      // NB: a count past max + 1 (or min, without a max) changes no verdict; counting may stop there.
      const cap = max !== undefined ? max + 1 : min !== undefined ? min : 0;
      if (unit === "characters" || unit === "scalars") {
        // A text of n UTF-16 code units (n > 0) has 1 to n scalars and 1 to n characters: when n is
        // within the bounds, so is the count, and when n is under min, so is the count; no count.
        const low = min === undefined ? 0 : min;
        const high = max === undefined ? Infinity : max;
        const certain = low <= 1 ? (n) => n <= high && n >= low : () => false;
        return (normalized) => {
          const units = normalized.length;
          if (certain(units)) return null;
          if (tooShort !== null && units < min) return tooShort;
          const count = text.length(normalized, unit, cap);
          if (tooShort !== null && count < min) return tooShort;
          if (tooLong !== null && count > max) return tooLong;
          return null;
        };
      }
      return (normalized) => {
        const count = text.length(normalized, unit, cap);
        if (tooShort !== null && count < min) return tooShort;
        if (tooLong !== null && count > max) return tooLong;
        return null;
      };
    }
    case "email": {
      const invalid = reportOf(codes.invalidEmail, "invalidEmail", null);
      return (normalized) => (text.isEmail(normalized) ? null : invalid);
    }
    case "uuid": {
      const invalid = reportOf(codes.invalidUUID, "invalidUUID", null);
      return (normalized) => (text.isUUID(normalized) ? null : invalid);
    }
    case "url": {
      const schemes = check.schemes;
      const invalid = reportOf(codes.invalidURL, "invalidURL", null);
      return (normalized) => (text.isURL(normalized, schemes) ? null : invalid);
    }
    case "startsWith": case "endsWith":
    case "contains": case "notContains": {
      // By scalars, case-sensitively: a well-formed text matches a well-formed value only on whole
      // scalars, so comparing UTF-16 code units is comparing scalars.
      const builtin = data.CHECKS[check.check].codes[0];
      const needle = String(check[data.CHECKS[check.check].parameters[0]]);
      const missed = reportOf(codes[builtin], builtin, new Bound(builtin, needle));
      switch (check.check) {
        case "startsWith": return (normalized) => (normalized.startsWith(needle) ? null : missed);
        case "endsWith": return (normalized) => (normalized.endsWith(needle) ? null : missed);
        case "contains": return (normalized) => (normalized.includes(needle) ? null : missed);
        default: return (normalized) => (normalized.includes(needle) ? missed : null);
      }
    }
    case "hostname": {
      const invalid = reportOf(codes.invalidHostname, "invalidHostname", null);
      return (normalized) => (isHostname(normalized) ? null : invalid);
    }
    case "ip": {
      const version = check.version;
      const invalid = reportOf(codes.invalidIP, "invalidIP", null);
      const valid = version === 4 ? isIPv4 : version === 6 ? isIPv6 : (value) => isIPv4(value) || isIPv6(value);
      return (normalized) => (valid(normalized) ? null : invalid);
    }
    case "printable": {
      const unprintable = reportOf(codes.unprintable, "unprintable", null);
      return (normalized) => (isPrintable(normalized) ? null : unprintable);
    }
    case "pattern": {
      const pattern = set.patterns.get(check.regex);
      const mismatch = reportOf(codes.patternMismatch, "patternMismatch", null);
      return (normalized) => (pattern.matches(normalized) ? null : mismatch);
    }
    case "oneOf": {
      const allowed = check.values.map((value) => parseValue(String(value), type)).filter((value) => value !== null).map((value) => value.c);
      const notAllowed = reportOf(codes.notAllowed, "notAllowed", null);
      if (type === "decimal") {
        return (normalized, c) => (allowed.some((item) => item.equals(c)) ? null : notAllowed);
      }
      return (normalized, c) => (allowed.includes(c) ? null : notAllowed);
    }
    case "notOneOf": {
      // Compared as oneOf compares: text exactly, integers by value.
      const refused = check.values.map((value) => parseValue(String(value), type)).filter((value) => value !== null).map((value) => value.c);
      const reserved = reportOf(codes.reserved, "reserved", null);
      return (normalized, c) => (refused.includes(c) ? reserved : null);
    }
    case "decimals": {
      // The fraction digits without trailing zeros: a Decimal keeps none, so they are -exponent.
      const max = check.max;
      const tooMany = reportOf(codes.tooManyDecimals, "tooManyDecimals", new Bound("tooManyDecimals", String(max)));
      return (normalized, c) => (Math.max(0, -c.exponent) > max ? tooMany : null);
    }
    case "range": {
      // The bounds given, in the engine's order: min and max inclusive, greaterThan and lessThan
      // exclusive (format 1.3), each failing on its own side of the bound, and on it when exclusive.
      const bounds = [["min", "tooSmall", -1, false], ["max", "tooLarge", 1, false], ["greaterThan", "notGreaterThan", -1, true], ["lessThan", "notLessThan", 1, true]]
        .filter(([name]) => check[name] !== undefined)
        .map(([name, code, side, exclusive]) => {
          const value = Decimal.parse(String(check[name]), true);
          // NB: an integer compares with a whole bound as a BigInt, without building a decimal.
          const whole = value.exponent >= 0 ? BigInt(value.shortest()) : undefined;
          return { value, whole, side, exclusive, report: reportOf(codes[code], code, new Bound(code, String(value))) };
        });
      const crosses = (bound, order) => order === bound.side || (bound.exclusive && order === 0);
      const allWhole = bounds.every((bound) => bound.whole !== undefined);
      return (normalized, c) => {
        if (type === "integer" && allWhole) {
          for (const bound of bounds) {
            if (crosses(bound, c < bound.whole ? -1 : c > bound.whole ? 1 : 0)) return bound.report;
          }
          return null;
        }
        const number = type === "integer" ? Decimal.parse(String(c)) : c;
        for (const bound of bounds) {
          if (crosses(bound, Math.sign(number.compare(bound.value)))) return bound.report;
        }
        return null;
      };
    }
    case "notBefore": case "notAfter": {
      const dateCheck = new DateCheck(check, codes, owner);
      const found = (normalized, c, today) => dateCheck.find(c, today);
      found.dateCheck = dateCheck;
      return found;
    }
    default: throw new RulesError(`unknown check ${check.check}`);
  }
}

/**
 * A date check (notBefore or notAfter): its Report for the last day, kept, since a form or a server
 * validates for the same today again and again; a new day makes a new one, so a result keeps the
 * bound it was given.
 */
class DateCheck {
  constructor(check, codes, owner) {
    this.before = check.check === "notBefore";
    this.builtin = this.before ? "tooEarly" : "tooLate";
    this.outcome = outcomeOf(codes[this.builtin]);
    this.date = check.date;
    this.fixed = FIXED_DATE.test(check.date) ? check.date : null;
    this.owner = owner;
    this.lastDay = undefined;
    this.report = null;
    // The report's bound as a number YYYYMMDD (text.dateNumber), or -1 when it is not a date of that form.
    this.limit = -1;
    if (this.fixed !== null) this.setReport(new Report(this.outcome, this.builtin, new Bound(this.builtin, this.fixed), owner));
  }

  setReport(report) {
    this.report = report;
    this.limit = DATE_TEXT.test(report.bound.text) ? Number(report.bound.text.replaceAll("-", "")) : -1;
    return report;
  }

  /** find for a date read as its number (text.dateNumber) too. */
  findNumber(number, c, today) {
    let report = this.report;
    if (this.fixed === null) {
      const day = dayOf(today);
      if (day !== this.lastDay || report === null) report = this.newDay(day);
    }
    const limit = this.limit;
    if (limit < 0) return (this.before ? c < report.bound.text : c > report.bound.text) ? report : null;
    return (this.before ? number < limit : number > limit) ? report : null;
  }

  /** The Report of a date `c` that breaks the check, or null. */
  find(c, today) {
    let report = this.report;
    if (this.fixed === null) {
      const day = dayOf(today);
      if (day !== this.lastDay || report === null) report = this.newDay(day);
    }
    const limit = report.bound.text;
    return (this.before ? c < limit : c > limit) ? report : null;
  }

  newDay(day) {
    const report = this.setReport(new Report(this.outcome, this.builtin, new Bound(this.builtin, text.resolveDateBound(this.date, day)), this.owner));
    this.lastDay = day;
    return report;
  }
}

class ModelValidator {
  constructor(set, definition) {
    this.set = set;
    this.required = definition["x-rulecheck-required"];
    this.format = definition["x-rulecheck-format"];
    this.definition = definition;
    this.checks = definition["x-rulecheck-checks"] ?? [];
  }

  // NB: fields are resolved on first validation, as a field's model is compiled after this one.
  get fields() {
    const fields = this.definition["x-rulecheck-fields"].map((field) => ({
      name: field.name,
      field,
      validator: this.set.compiled(field.type),
      optional: typeof field.optional === "boolean" ? field.optional : undefined,
      list: field.list,
      sensitive: this.set.isSensitive(field),
    }));
    Object.defineProperty(this, "fields", { value: fields });
    return fields;
  }

  /** Whether a field's date check reads today. */
  get usesToday() {
    const uses = this.fields.some((field) => field.validator.usesToday);
    Object.defineProperty(this, "usesToday", { value: uses });
    return uses;
  }

  /** The public result for a form's text. */
  textResult(input, today, language, rules, name) {
    return this.result(input, today, language, rules, name);
  }

  /** The public result for an input: {valid: true, value} or {valid: false, violations}. */
  result(input, today, language, rules, name) {
    const outcome = this.validate(input, today, undefined);
    if (outcome.violations === undefined) return { valid: true, value: publicValue(outcome.value) };
    return invalidResult(outcome.violations, language, rules, name);
  }

  validate(input, today, optional) {
    const kind = kindOf(input);
    if (kind === ABSENT) {
      return optional ? VALID_NULL : { violations: [new Violation(this.required, "required")] };
    }
    if (kind !== RECORD) return { violations: [new Violation(this.format, "invalidFormat", [], null, shown(input, kind))] };
    const values = new Map();
    let violations;
    let failed;
    for (const field of this.fields) {
      const name = field.name;
      const fieldInput = fieldOf(input, name);
      const result = field.list
        ? this.set.validateList(field.field, fieldInput, today)
        : field.validator.validate(fieldInput, today, field.optional);
      if (result.violations) {
        (failed ??= new Set()).add(name);
        violations ??= [];
        for (const violation of result.violations) {
          if (!field.list) violation.path = violation.path.length === 0 ? [name] : [name, ...violation.path];
          if (field.sensitive) violation.sensitive = true;
          violations.push(violation);
        }
      } else if (result.value !== null) values.set(name, result.value);
    }
    for (const check of this.checks) {
      const found = this.set.runAcross(check, values, failed ?? EMPTY_SET);
      if (found) {
        if (this.fields.some((field) => field.sensitive && field.name === found.path[0])) found.sensitive = true;
        (violations ??= []).push(found);
      }
    }
    return violations ? { violations } : { value: { kind: "record", c: values } };
  }
}

const EMPTY_SET = new Set();


function compareValues(a, b) {
  if ((a.kind === "integer" || a.kind === "decimal") && (b.kind === "integer" || b.kind === "decimal")) {
    return numberOf(a).compare(numberOf(b));
  }
  const x = valueText(a);
  const y = valueText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export { Violation };
