// Validation by the x-rulecheck-* keywords of a schema that `rulecheck export jsonschema` (or
// `export openapi`) wrote: every type and model, exactly as the Swift engine validates them.
// Browser-safe: no Node built-ins.

import * as text from "./text.js";
import { Decimal } from "./text.js";
import { Pattern, PatternError } from "./pattern.js";
import { readJSON } from "./json.js";

/** A schema that cannot be used: not an export, from a newer rulecheck, or with a check this runtime lacks. */
export class RulesError extends Error {
  constructor(message) {
    super(message);
    this.name = "RulesError";
  }
}

/** The format version this runtime reads (`x-rulecheck-version`). */
export const FORMAT_VERSION = 1;

/** Every check this runtime implements, as the engine names them. */
export const CHECKS = Object.freeze([
  "ascending", "email", "equal", "length", "notAfter", "notBefore", "notEqual", "oneOf", "pattern", "range",
  "required", "requiredIf", "url", "uuid",
]);

const VALUE_TYPES = new Set(["string", "integer", "decimal", "date", "boolean"]);
const UNITS = new Set(["characters", "scalars", "utf16", "bytes"]);
const MIN_PLACEHOLDER = new Set(["tooShort", "tooSmall", "tooEarly", "tooFewItems"]);
const MAX_PLACEHOLDER = new Set(["tooLong", "tooLarge", "tooLate", "tooManyItems"]);
const ECHOED_SCALARS = 64;
const HIDDEN_VALUE = "***";
const RUNS_LAST = new Set(["pattern"]);

// ---- Inputs: what a form or a JSON body gives

const isPlainObject = (value) =>
  value !== null && typeof value === "object" && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** A form's input (string | null | {field: …} | [items]; booleans and numbers as JSON's) as a tagged input. */
export function formInput(value, depth = 0) {
  if (depth > 512) throw new RangeError("the input is nested more than 512 levels deep");
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return { t: "text", v: value };
  if (typeof value === "boolean") return { t: "boolean", v: value };
  if (typeof value === "number" || typeof value === "bigint") {
    if (typeof value === "number" && !Number.isFinite(value)) return { t: "text", v: String(value) };
    const read = readJSON(String(value).replace("e+", "e"));
    return read;
  }
  if (Array.isArray(value)) return { t: "list", v: value.map((item) => formInput(item, depth + 1)) };
  if (value instanceof Map) {
    const fields = new Map();
    for (const [name, field] of value) fields.set(String(name), formInput(field, depth + 1));
    return { t: "record", v: fields };
  }
  if (isPlainObject(value)) {
    const fields = new Map();
    for (const name of Object.keys(value)) fields.set(name, formInput(value[name], depth + 1));
    return { t: "record", v: fields };
  }
  throw new TypeError(`an input is a string, null, an object of fields or an array of items, not ${typeof value}`);
}

/** A JSON value read by readJSON, its strings as a form's text (the conformance protocol's input). */
export function textInput(input) {
  if (input === null) return null;
  switch (input.t) {
    case "string": return { t: "text", v: input.v };
    case "list": return { t: "list", v: input.v.map(textInput) };
    case "record": {
      const fields = new Map();
      for (const [name, field] of input.v) fields.set(name, textInput(field));
      return { t: "record", v: fields };
    }
    default: return input;
  }
}

function shown(input) {
  switch (input.t) {
    case "text": case "string": return input.v;
    case "number": return String(input.v);
    case "boolean": return input.v ? "true" : "false";
    case "list": return "[…]";
    default: return "{…}";
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

/** The value as the conformance protocol writes it: integers and booleans as JSON (a BigInt beyond
 * 2^53), decimals, dates and text as strings, a model as an object of its fields sorted by name. */
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
      for (const name of [...value.c.keys()].sort()) out[name] = publicValue(value.c.get(name));
      return out;
    }
    case "list": return value.c.map(publicValue);
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

class Violation {
  constructor(outcome, builtin, path = [], bound = null, value = undefined) {
    this.outcome = outcome; // {code, messages}
    this.builtin = builtin;
    this.path = path;
    this.bound = bound; // {kind: "count"|"number"|"date", text}
    this.value = value; // the stored text, or undefined
    this.sensitive = false;
  }

  placeholder() {
    if (MIN_PLACEHOLDER.has(this.builtin)) return "min";
    if (MAX_PLACEHOLDER.has(this.builtin)) return "max";
    return null;
  }

  echoed() {
    if (this.value === undefined || this.sensitive) return undefined;
    return echo(this.value);
  }

  message(language) {
    const template = templateFor(this.outcome.messages ?? {}, language);
    if (template === undefined) return this.outcome.code;
    const placeholder = this.placeholder();
    const value = this.sensitive ? HIDDEN_VALUE : this.echoed();
    return fill(template, (name) => {
      if (name === "value") return value;
      if (this.bound && name === placeholder) return this.bound.text;
      return undefined;
    });
  }

  toPublic(language) {
    const out = {
      code: this.outcome.code,
      builtinCode: this.builtin,
      path: this.path.slice(),
      pointer: pointer(this.path),
    };
    if (this.bound) {
      const key = this.placeholder() ?? "max";
      out[key] = this.bound.kind === "count" ? Number(this.bound.text) : this.bound.text;
      out.boundKind = this.bound.kind;
    }
    const value = this.echoed();
    if (value !== undefined) out.value = value;
    out.message = this.message(language);
    return out;
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
  return path.map((component) => "/" + component.replaceAll("~", "~0").replaceAll("/", "~1")).join("");
}

/** Replaces each {name} that has a parameter; any other {…} stays as written. */
export function fill(template, parameter) {
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

const normalizedTag = (tag) => tag.toLowerCase().replaceAll("_", "-");

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

function templateFor(messages, language) {
  if (Object.hasOwn(messages, language)) return messages[language];
  const found = lookupLanguage(language, Object.keys(messages));
  if (found !== undefined) return messages[found];
  return Object.hasOwn(messages, "en") ? messages.en : undefined;
}

// ---- The rules

function fail(message) {
  throw new RulesError(message);
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
  constructor(document) {
    if (document === null || typeof document !== "object" || Array.isArray(document)) {
      fail("not a schema exported by rulecheck: the document is not a JSON object");
    }
    const version = document["x-rulecheck-version"];
    if (version === undefined) fail("not a schema exported by rulecheck: it has no \"x-rulecheck-version\"; write it with `rulecheck export jsonschema`");
    if (typeof version !== "number" || !Number.isInteger(version) || version < 1) fail(`"x-rulecheck-version" is ${JSON.stringify(version)}, not a format version`);
    if (version > FORMAT_VERSION) {
      fail(`the schema is from a newer rulecheck (x-rulecheck-version ${version}); this runtime reads version ${FORMAT_VERSION}: update runtimes/js`);
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
    this.patterns = new Map();
    this.languageSets = new Map();
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
      if (check === null || typeof check !== "object" || !CHECKS.includes(check.check) || check.check === "required") {
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
      }
    }
  }

  checkCycles(name, trail) {
    if (trail.includes(name)) fail(`the model '${name}' contains itself: ${[...trail, name].join(" → ")}`);
    const definition = this.definitions.get(name);
    if (definition["x-rulecheck-type"] !== "model") return;
    for (const field of definition["x-rulecheck-fields"]) this.checkCycles(field.type, [...trail, name]);
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

  /** {value} or {violations} (internal violations) for a tagged input. */
  validate(name, input, today, optional) {
    const definition = this.definitions.get(name);
    if (definition["x-rulecheck-type"] === "model") return this.validateModel(definition, input, today, optional);
    return this.validateType(definition, input, today, optional);
  }

  validateType(definition, input, today, optional) {
    optional ??= definition["x-rulecheck-optional"] ?? false;
    const required = definition["x-rulecheck-required"];
    const format = definition["x-rulecheck-format"];
    const type = definition["x-rulecheck-type"];
    const invalidFormat = (shownText) => ({ violations: [this.sensitive(definition, new Violation(format, "invalidFormat", [], null, shownText))] });
    if (input === null) return optional ? { value: null } : { violations: [this.sensitive(definition, new Violation(required, "required"))] };
    let normalized;
    let value;
    switch (input.t) {
      case "string":
        if (type !== "string" && type !== "date") return invalidFormat(input.v);
      // falls through
      case "text": {
        normalized = text.normalize(input.v, definition["x-rulecheck-normalize"] ?? []);
        if (normalized === "") {
          if (optional) return { value: null };
          if (required.rejectsEmpty) return { violations: [this.sensitive(definition, new Violation(required, "required", [], null, ""))] };
        }
        value = parseValue(normalized, type);
        break;
      }
      case "number":
        normalized = String(input.v);
        if (type === "integer") {
          const integer = input.v.exactInteger();
          value = integer === null ? null : { kind: "integer", c: integer };
        } else value = type === "decimal" ? { kind: "decimal", c: input.v } : null;
        break;
      case "boolean":
        normalized = shown(input);
        value = type === "boolean" ? { kind: "boolean", c: input.v } : null;
        break;
      default:
        return invalidFormat(shown(input));
    }
    if (value === null) return invalidFormat(normalized);
    const violations = [];
    let pastLimit;
    for (const check of definition["x-rulecheck-checks"] ?? []) {
      // Patterns run last; past the limit, a value some other check reported gets no pattern codes.
      if (RUNS_LAST.has(check.check) && violations.length > 0) {
        pastLimit ??= normalized.length > 10_000 && text.scalarCount(normalized) > 10_000;
        if (pastLimit) break;
      }
      const found = this.run(check, normalized, value, today);
      if (found) violations.push(found);
    }
    if (violations.length > 0) {
      for (const violation of violations) this.sensitive(definition, violation);
      return { violations };
    }
    return { value };
  }

  sensitive(definition, violation) {
    if (definition["x-rulecheck-sensitive"] === true) violation.sensitive = true;
    return violation;
  }

  run(check, normalized, value, today) {
    const codes = check.codes;
    const report = (builtin, bound) => new Violation(codes[builtin], builtin, [], bound, normalized);
    switch (check.check) {
      case "length": {
        const count = text.length(normalized, check.unit);
        if (check.min !== undefined && count < check.min) return report("tooShort", { kind: "count", text: String(check.min) });
        if (check.max !== undefined && count > check.max) return report("tooLong", { kind: "count", text: String(check.max) });
        return null;
      }
      case "email": return text.isEmail(normalized) ? null : report("invalidEmail");
      case "uuid": return text.isUUID(normalized) ? null : report("invalidUUID");
      case "url": return text.isURL(normalized, check.schemes) ? null : report("invalidURL");
      case "pattern": return this.patterns.get(check.regex).matches(normalized) ? null : report("patternMismatch");
      case "oneOf": {
        check.allowed ??= check.values.map((allowed) => parseValue(allowed, value.kind)).filter((allowed) => allowed !== null);
        return check.allowed.some((allowed) => valuesEqual(allowed, value)) ? null : report("notAllowed");
      }
      case "range": {
        const number = numberOf(value);
        if (check.min !== undefined) {
          const min = (check.minNumber ??= Decimal.parse(String(check.min)));
          if (number.compare(min) < 0) return report("tooSmall", { kind: "number", text: String(min) });
        }
        if (check.max !== undefined) {
          const max = (check.maxNumber ??= Decimal.parse(String(check.max)));
          if (number.compare(max) > 0) return report("tooLarge", { kind: "number", text: String(max) });
        }
        return null;
      }
      case "notBefore": {
        const limit = text.resolveDateBound(check.date, today());
        return value.c < limit ? report("tooEarly", { kind: "date", text: limit }) : null;
      }
      case "notAfter": {
        const limit = text.resolveDateBound(check.date, today());
        return value.c > limit ? report("tooLate", { kind: "date", text: limit }) : null;
      }
      default: throw new RulesError(`unknown check ${check.check}`);
    }
  }

  validateModel(definition, input, today, optional) {
    optional ??= false;
    if (input === null) {
      return optional ? { value: null } : { violations: [new Violation(definition["x-rulecheck-required"], "required")] };
    }
    if (input.t !== "record") {
      return { violations: [new Violation(definition["x-rulecheck-format"], "invalidFormat", [], null, shown(input))] };
    }
    const record = input.v;
    const values = new Map();
    const violations = [];
    const failed = new Set();
    const sensitiveFields = new Set();
    for (const field of definition["x-rulecheck-fields"]) {
      const name = field.name;
      const fieldInput = record.has(name) ? record.get(name) : null;
      const isSensitive = this.isSensitive(field);
      if (isSensitive) sensitiveFields.add(name);
      const result = field.list
        ? this.validateList(field, fieldInput, today)
        : this.validate(field.type, fieldInput, today, field.optional);
      if (result.violations) {
        failed.add(name);
        for (const violation of result.violations) {
          if (!field.list) violation.path.unshift(name);
          if (isSensitive) violation.sensitive = true;
          violations.push(violation);
        }
      } else if (result.value !== null) values.set(name, result.value);
    }
    for (const check of definition["x-rulecheck-checks"] ?? []) {
      const found = this.runAcross(check, values, failed);
      if (found) {
        if (sensitiveFields.has(found.path[0])) found.sensitive = true;
        violations.push(found);
      }
    }
    return violations.length > 0 ? { violations } : { value: { kind: "record", c: values } };
  }

  isSensitive(field) {
    if (typeof field.sensitive === "boolean") return field.sensitive;
    const type = this.definitions.get(field.type);
    return type["x-rulecheck-type"] !== "model" && type["x-rulecheck-sensitive"] === true;
  }

  validateList(field, input, today) {
    const name = field.name;
    const rule = field.list;
    const codes = rule.codes;
    if (input === null) {
      return field.optional ? { value: null } : { violations: [new Violation(codes.required, "required", [name])] };
    }
    if (input.t !== "list") return { violations: [new Violation(codes.invalidFormat, "invalidFormat", [name], null, shown(input))] };
    const values = [];
    const violations = [];
    input.v.forEach((item, index) => {
      const result = this.validate(field.type, item, today);
      if (result.violations) {
        for (const violation of result.violations) {
          violation.path.unshift(name, String(index));
          violations.push(violation);
        }
      } else if (result.value !== null) values.push(result.value);
    });
    const count = input.v.length;
    if (rule.minItems !== undefined && count < rule.minItems) {
      violations.push(new Violation(codes.tooFewItems, "tooFewItems", [name], { kind: "count", text: String(rule.minItems) }));
    }
    if (rule.maxItems !== undefined && count > rule.maxItems) {
      violations.push(new Violation(codes.tooManyItems, "tooManyItems", [name], { kind: "count", text: String(rule.maxItems) }));
    }
    if (rule.unique) {
      const repeated = values.find((value, index) => values.slice(0, index).some((earlier) => valuesEqual(earlier, value)));
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

function compareValues(a, b) {
  if ((a.kind === "integer" || a.kind === "decimal") && (b.kind === "integer" || b.kind === "decimal")) {
    return numberOf(a).compare(numberOf(b));
  }
  const x = valueText(a);
  const y = valueText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export { Violation };
