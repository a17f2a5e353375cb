// rulecheck for JavaScript: the rules that `rulecheck export jsonschema` wrote, validated exactly
// as the Swift engine validates them. The browser-safe core: no Node built-ins under src/ but node.js.

import { RuleSet, RulesError, CHECKS, FORMAT_VERSION, internalOf, Violation } from "./rules.js";
// NB: json.js and problem.js by namespace: the browser build (scripts/build-dist.mjs) puts them in
// dist/rulecheck-server.js, which a page imports only when it reads JSON bodies or writes problems.
import * as json from "./json.js";
import * as problem from "./problem.js";
import { todayIn, parseDate } from "./text.js";
import { UNICODE_VERSION } from "./unicode.js";

export { RulesError, CHECKS, FORMAT_VERSION, UNICODE_VERSION };
export { readJSON, JSONReadError } from "./json.js";
export { problemJSON, negotiateLanguage, quote as jsonQuote, valueJSON } from "./problem.js";

/** A server code asked for where the rules do not declare it under `serverCodes:`: a mistake in the
 * server's code, never in a request; its message names what is declared there, as Swift's does. */
export class UndeclaredServerCode extends Error {
  constructor(message, code, path) {
    super(message);
    this.name = "UndeclaredServerCode";
    this.code = code;
    this.path = path;
  }
}

/** A list item's index as the Swift library reads one: `0` or digits without a leading zero, within 64 bits. */
function isItemIndex(part) {
  return /^(0|[1-9][0-9]*)$/.test(part) && BigInt(part) < 1n << 63n;
}

function checkOptions(options) {
  if (options === null || typeof options !== "object") throw new TypeError("options are an object: { today, timeZone, language }");
  if (options.language !== undefined && typeof options.language !== "string") {
    throw new RangeError(`language is ${JSON.stringify(options.language)}, not a language tag such as "ja"`);
  }
  if (options.acceptLanguage !== undefined && options.acceptLanguage !== null && typeof options.acceptLanguage !== "string") {
    throw new RangeError(`acceptLanguage is ${JSON.stringify(options.acceptLanguage)}, not an Accept-Language header such as "ja, en;q=0.5"`);
  }
}

/** What a validation's options come to: the day given (or none, for the clock), the time zone, the language. */
class Context {
  constructor(options) {
    checkOptions(options);
    this.todayOption = options.today;
    this.timeZone = options.timeZone;
    this.languageOption = options.language;
    this.acceptLanguage = options.acceptLanguage;
    this.language = options.language ?? "en";
    this.today = undefined;
    if (options.today !== undefined && options.today !== null) {
      if (typeof options.today !== "string" || parseDate(options.today) === null) {
        throw new RangeError(`today is ${JSON.stringify(options.today)}, not a date YYYY-MM-DD`);
      }
      this.today = options.today;
    } else if (this.timeZone !== undefined) {
      try {
        todayIn(this.timeZone);
      } catch {
        throw new RangeError(`timeZone is ${JSON.stringify(this.timeZone)}, not an IANA time zone such as "Asia/Tokyo"`);
      }
    }
  }

  /** Whether `options` come to this context: the same values, already checked. */
  matches(options) {
    return options.today === this.todayOption && options.timeZone === this.timeZone &&
      options.language === this.languageOption && options.acceptLanguage === this.acceptLanguage;
  }
}

const NO_OPTIONS = Object.freeze({});

/** The rules of one exported schema: every type and model, by name. */
export class Rules {
  #set;
  // validate's last options' context and its validators bound to it by name, and the last name's:
  // a form validates its fields in turn with the same options, again and again.
  #context = undefined;
  #bound = new Map();
  #lastName = undefined;
  #lastValidator = undefined;

  constructor(set) {
    if (!(set instanceof RuleSet)) throw new TypeError("use Rules.fromSchema(schema)");
    this.#set = set;
    // NB: a result of a form's text finds its rules through its type's validator, so through the set.
    set.rules ??= this;
    this.standards = new Map();
  }

  /** Reads what `rulecheck export jsonschema` (or `export openapi`) wrote: an object or its JSON text.
   * Throws RulesError for anything else, for a schema of a newer rulecheck, for an unknown check. */
  static fromSchema(schema, options = {}) {
    let document = schema;
    if (typeof schema === "string" || schema instanceof Uint8Array || schema instanceof ArrayBuffer) {
      try {
        document = plain(json.readJSON(schema));
      } catch (error) {
        if (error instanceof json.JSONReadError) throw new RulesError(`the schema is not JSON: ${error.line}:${error.column}: ${error.message}`);
        throw error;
      }
    }
    return new Rules(new RuleSet(document, options));
  }

  /** Every type and model name, sorted. */
  get names() {
    return [...this.#set.definitions.keys()].sort();
  }

  /** The languages that messages are written in, sorted: ["en", "ja"]. */
  get languages() {
    return this.#set.allLanguages.slice();
  }

  /** Whether `name` is a type or model of these rules. */
  has(name) {
    return this.#set.definitions.has(name);
  }

  /** "model" or the type's value type ("string", "integer", "decimal", "date", "boolean"). */
  kindOf(name) {
    return this.#definition(name)["x-rulecheck-type"];
  }

  /** The languages of one type's or model's messages. */
  languagesOf(name) {
    this.#definition(name);
    return this.#set.languagesOf(name);
  }

  /**
   * The languages a server answers one type or model in (Accept-Language negotiates among them):
   * those all its messages, its fields', and a problem's detail are written in, so that the
   * answer is in one language; a language only some messages have (one `fr:`) is never chosen.
   */
  negotiableLanguagesOf(name) {
    this.#definition(name);
    return this.#set.completeLanguagesOf(name).filter((language) => problem.DETAIL_LANGUAGES.includes(language));
  }

  #definition(name) {
    const definition = typeof name === "string" ? this.#set.definitions.get(name) : undefined;
    if (definition === undefined) {
      throw new RulesError(`no type or model ${JSON.stringify(name)} in these rules; they have ${this.names.join(", ")}`);
    }
    return definition;
  }

  /** Validates what a form gives: a string, null (absent), an object of fields, an array of items.
   * Options: today ("YYYY-MM-DD"), timeZone (IANA, for today when it is not given), language. */
  validate(name, input, options = NO_OPTIONS) {
    // NB: the same name and options (by value) as the last call: its validator, with no lookup.
    const context = this.#context;
    if (name !== this.#lastName || context === undefined || typeof options !== "object" || options === null || !context.matches(options)) {
      this.#lastValidator = this.#boundFor(name, options);
      this.#lastName = name;
    }
    return this.#lastValidator(input);
  }

  /** validate's validator for a name and options: bound once per name while the options stay the same (by value). */
  #boundFor(name, options) {
    let context = this.#context;
    const same = context !== undefined && typeof options === "object" && options !== null && context.matches(options);
    let bound = same ? this.#bound.get(name) : undefined;
    if (bound === undefined) {
      const compiled = this.#compiled(name);
      if (!same) {
        context = new Context(options);
        this.#context = context;
        this.#bound.clear();
      }
      bound = this.#bind(compiled, name, context);
      this.#bound.set(name, bound);
    }
    return bound;
  }

  /** The validation of one type or model with its options, as a function of the input alone:
   * `validate(name, input, options)` without the name or the options read again. Throws as
   * `validate` does for an unknown name or bad options, here; the options are read once. */
  validator(name, options = NO_OPTIONS) {
    const compiled = this.#compiled(name);
    return this.#bind(compiled, name, new Context(options));
  }

  #compiled(name) {
    this.#definition(name);
    return this.#set.compiled(name);
  }

  /** The compiled validator's result for an input alone, with the context's day (or clock) and language. */
  #bind(validator, name, context) {
    const rules = this;
    const language = context.language;
    const today = context.today;
    if (today !== undefined) return (input) => validator.result(input, today, language, rules, name);
    // NB: without a day given, a clock reads today once per validation, and only for a date check.
    if (!validator.usesToday) return (input) => validator.result(input, undefined, language, rules, name);
    const timeZone = context.timeZone;
    return (input) => validator.result(input, { timeZone, day: undefined }, language, rules, name);
  }

  /** Validates a JSON body (a string or UTF-8 bytes), read exactly as the Swift JSONReader reads
   * it; throws JSONReadError {message, line, column} for a body that is not JSON. */
  validateJSON(name, body, options = NO_OPTIONS) {
    this.#definition(name);
    return this.validate(name, json.readJSON(body), options);
  }

  /** Validates a tagged input as readJSON gives it (the conformance protocol's requests). */
  validateInput(name, input, options = NO_OPTIONS) {
    return this.validate(name, input, options);
  }

  /** What a request body comes to: {valid: true, value} or {valid: false, problem}, the problem
   * details in the language negotiated from acceptLanguage, as the Swift library answers. */
  verdict(name, body, options = {}) {
    this.#definition(name);
    checkOptions(options);
    const language = problem.negotiateLanguage(options.acceptLanguage, this.negotiableLanguagesOf(name));
    let result;
    try {
      result = this.validateJSON(name, body, { today: options.today, timeZone: options.timeZone, language });
    } catch (error) {
      if (!(error instanceof json.JSONReadError)) throw error;
      return { valid: false, problem: problemDetails(error, { rules: this, language }) };
    }
    if (result.valid) return result;
    return { valid: false, problem: problemDetails(result, { rules: this, language }) };
  }

  /**
   * The 422 problem details of violations a server found itself, codes the rules declare under
   * `serverCodes:` on the type or model at each path inside `name` (`["email"]`, `["tags", "0"]`,
   * `[]` for the model), with the rules' messages and `sensitive`, in the language `acceptLanguage`
   * negotiates for `name` (or `language`), as its validation's 422 would be:
   * `rules.serverProblem("SignUp", [{ code: "emailTaken", path: ["email"], value }], { acceptLanguage })`.
   * Throws UndeclaredServerCode for a code or path the rules do not declare.
   */
  serverProblem(name, found, options = {}) {
    this.#definition(name);
    checkOptions(options);
    if (!Array.isArray(found)) throw new TypeError("serverProblem takes a list of { code, path, value }");
    const violations = found.map(({ code, path = [], value }) => this.#serverViolation(name, code, path, value));
    const language = options.language ?? problem.negotiateLanguage(options.acceptLanguage, this.negotiableLanguagesOf(name));
    const publics = violations.map((violation) => violation.toPublic(language));
    return {
      ...problem.INVALID_HEAD, detail: problem.invalidDetail(publics.length, language), language, violations: publics,
    };
  }

  #serverViolation(name, code, path, value) {
    let here = name;
    let current = this.#definition(name);
    let sensitive = false;
    const parts = path.map(String);
    const undeclared = (message) => new UndeclaredServerCode(message, code, parts);
    let index = 0;
    while (index < parts.length) {
      const fields = current["x-rulecheck-fields"];
      if (fields === undefined) {
        throw undeclared(`'${here}' at '${parts.slice(0, index).join(".")}' has no fields, so no '${parts[index]}'; report '${code}' on a path that names a field of a model`);
      }
      const field = fields.find((entry) => entry.name === parts[index]);
      if (field === undefined) {
        throw undeclared(`'${here}' has no field '${parts[index]}'; its fields are ${fields.map((entry) => `'${entry.name}'`).join(", ")}`);
      }
      sensitive ||= field.sensitive === true;
      index += 1;
      if (field.list !== undefined) {
        if (index >= parts.length || !isItemIndex(parts[index])) {
          const named = parts.slice(0, index).map((part) => `"${part}"`).join(", ");
          throw undeclared(`field '${field.name}' of '${here}' is a list; name an item by its index, such as [${named}, "0"]`);
        }
        index += 1;
      }
      here = field.type;
      current = this.#definition(here);
    }
    const declared = current["x-rulecheck-server-codes"] ?? [];
    const outcome = declared.find((entry) => entry.code === code);
    if (outcome === undefined) {
      const place = parts.length > 0 ? ` at '${parts.join(".")}'` : "";
      throw undeclared(
        `'${here}'${place} declares no server code '${code}'; ` +
          (declared.length > 0
            ? `its server codes are ${declared.map((entry) => `'${entry.code}'`).join(", ")}`
            : `declare it under 'serverCodes:' of '${here}', with its messages`),
      );
    }
    const violation = new Violation(outcome, code, parts, null, value ?? undefined);
    violation.sensitive = sensitive || current["x-rulecheck-sensitive"] === true;
    return violation;
  }

  /** The Standard Schema V1 of a type or model: `schema["~standard"].validate(value)`. */
  standard(name, options = {}) {
    this.#definition(name);
    checkOptions(options);
    const key = JSON.stringify([name, options.today ?? null, options.timeZone ?? null, options.language ?? null]);
    let schema = this.standards.get(key);
    if (schema === undefined) {
      const rules = this;
      // NB: bad options throw here, as validator's do, so that every validation gives a verdict,
      // each issue with its path and code in the language asked for. The rule is bound on the first
      // validation, so that a module of schemas compiles no rule as it loads.
      const given = { ...options };
      new Context(given);
      let validate;
      schema = {
        "~standard": {
          version: 1,
          vendor: "rulecheck",
          validate(value) {
            const result = (validate ??= rules.validator(name, given))(value);
            if (result.valid) return { value: result.value };
            return {
              issues: result.violations.map((violation) => ({ message: violation.message, path: issuePath(value, violation.path), code: violation.code })),
            };
          },
        },
      };
      this.standards.set(key, schema);
    }
    return schema;
  }
}

function plain(input) {
  if (input === null) return null;
  switch (input.t) {
    case "string": case "boolean": return input.v;
    case "number": {
      const integer = input.v.exactInteger();
      return integer !== null && Number.isSafeInteger(Number(integer)) ? Number(integer) : Number(String(input.v));
    }
    case "list": return input.v.map(plain);
    default: {
      const out = {};
      for (const [name, value] of input.v) {
        Object.defineProperty(out, name, { value: plain(value), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
  }
}

/** RFC 9457 problem details of an invalid result (or a JSONReadError): the same members, codes,
 * pointers and messages as the Swift library's. Options: rules, acceptLanguage (or language). */
export function problemDetails(resultOrError, options = {}) {
  const internal = resultOrError !== null && typeof resultOrError === "object" ? internalOf(resultOrError) : undefined;
  let language = options.language;
  if (language === undefined) {
    const available = internal ? internal.rules.negotiableLanguagesOf(internal.name) : problem.DETAIL_LANGUAGES;
    language = problem.negotiateLanguage(options.acceptLanguage, available);
  }
  if (resultOrError instanceof json.JSONReadError) {
    return {
      ...problem.notJSONProblem(resultOrError.message),
      // NB: "en", whatever was negotiated: the reader's diagnostic is in English (Content-Language is true to it).
      language: "en", violations: [], line: resultOrError.line, column: resultOrError.column,
    };
  }
  if (resultOrError === null || typeof resultOrError !== "object" || resultOrError.valid !== false) {
    throw new TypeError("problemDetails needs an invalid result or a JSONReadError");
  }
  const violations = internal
    ? internal.violations.map((violation) => violation.toPublic(language))
    : resultOrError.violations;
  return {
    ...problem.INVALID_HEAD, detail: problem.invalidDetail(violations.length, language), language, violations,
  };
}

// A violation's path as Standard Schema issues carry it: a list item's index as a number (["tags", 1]),
// found by walking `value`, so that a form library keys its fields as it does for other schemas.
function issuePath(value, path) {
  const out = [];
  let at = value;
  for (const key of path) {
    if (Array.isArray(at)) {
      out.push(Number(key));
      at = at[Number(key)];
    } else {
      out.push(key);
      at = at !== null && typeof at === "object" ? at[key] : undefined;
    }
  }
  return out;
}

