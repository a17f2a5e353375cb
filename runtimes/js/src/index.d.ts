// Type declarations of the public API of rulecheck's JavaScript runtime (src/index.js).

/** What a form gives: text, null (absent), an object of fields, or an array of items for a list
 * field. Booleans and numbers are read as JSON's (a number type accepts 1990, a string type does not). */
export type FormInput = string | null | undefined | boolean | number | bigint | readonly FormInput[] | { readonly [field: string]: FormInput };

/** A valid value as the conformance protocol writes it: text for string, decimal and date types,
 * a number for an integer (a bigint beyond 2^53), a boolean, an object of a model's fields, an
 * array of a list's items, or null for an optional value left empty. */
export type Value = string | number | bigint | boolean | null | readonly Value[] | { readonly [field: string]: Value };

export type BoundKind = "count" | "number" | "date" | "text";

/** One broken rule: its code (after renames), the engine's built-in code, where, and the message. */
export interface Violation {
  readonly code: string;
  readonly builtinCode: string;
  /** Field names from the model down; a list item's index as text: ["tags", "1"]. */
  readonly path: readonly string[];
  /** The RFC 6901 pointer of the path: "/tags/1"; "" for the value itself. */
  readonly pointer: string;
  /** The bound that was crossed: a count as a number, a number bound as the text of its exact
   * digits ("9999.99"), a date as YYYY-MM-DD. */
  readonly min?: number | string;
  readonly max?: number | string;
  /** An exclusive number bound (format 1.3's `range`), as the text of its exact digits. */
  readonly greaterThan?: string;
  readonly lessThan?: string;
  /** The text a value must start with, end with, or hold (or not hold): format 1.3's text checks. */
  readonly prefix?: string;
  readonly suffix?: string;
  readonly text?: string;
  readonly boundKind?: BoundKind;
  /** The value after normalization, cut after 64 scalars; absent for a sensitive value. */
  readonly value?: string;
  readonly message: string;
}

export type Result<T = Value> =
  | { readonly valid: true; readonly value: T }
  | { readonly valid: false; readonly violations: readonly Violation[] };

/** One type's or model's validation with its options bound: `rules.validator(name, options)`. */
export type Validator<T = Value> = (input: FormInput) => Result<T>;

export interface ValidateOptions {
  /** The date that counts as today, YYYY-MM-DD. */
  readonly today?: string;
  /** The IANA time zone whose date is today when `today` is not given ("Asia/Tokyo"); the local one by default. */
  readonly timeZone?: string;
  /** The language of messages ("ja", "ja-JP"); English when the rules have no message in it. */
  readonly language?: string;
}

export interface VerdictOptions {
  /** An Accept-Language header: "ja, en;q=0.5". */
  readonly acceptLanguage?: string;
  readonly today?: string;
  readonly timeZone?: string;
}

/** An RFC 9457 problem details body, as the Swift library writes it. */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  /** 422 for violations, 400 for a body that is not JSON. */
  readonly status: number;
  readonly detail: string;
  readonly language: string;
  readonly violations: readonly Violation[];
  /** For a body that is not JSON: where the reader stopped, from 1. */
  readonly line?: number;
  readonly column?: number;
}

export type Verdict<T = Value> =
  | { readonly valid: true; readonly value: T }
  | { readonly valid: false; readonly problem: ProblemDetails };

/** A JSON value as readJSON reads it, every number exact. */
export type JSONInput =
  | null
  | { readonly t: "string" | "text"; readonly v: string }
  | { readonly t: "number"; readonly v: object }
  | { readonly t: "boolean"; readonly v: boolean }
  | { readonly t: "list"; readonly v: readonly JSONInput[] }
  | { readonly t: "record"; readonly v: ReadonlyMap<string, JSONInput> };

/** The Standard Schema V1 interface (https://standardschema.dev). */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  export interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  export interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  export interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  export interface Issue {
    readonly message: string;
    /** rulecheck's: field names as text, a list item's index as a number (["tags", 1]); a subtype
     * of the specification's `ReadonlyArray<PropertyKey | PathSegment>`. */
    readonly path?: ReadonlyArray<string | number> | undefined;
    /** rulecheck's: the violation's code (after renames). */
    readonly code?: string;
  }
  export interface PathSegment {
    readonly key: PropertyKey;
  }
  export interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["input"];
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["output"];
}

/** A schema that cannot be used: not an export, from a newer rulecheck, an unknown check; or a name it lacks. */
export declare class RulesError extends Error {
  constructor(message: string);
}

/** A server code asked for where the rules do not declare it under `serverCodes:`: the server's mistake. */
export declare class UndeclaredServerCode extends Error {
  readonly code: string;
  readonly path: string[];
}

/** A violation a server found itself: a code the rules declare under `serverCodes:` at `path`. */
export interface ServerFinding {
  readonly code: string;
  readonly path?: readonly string[];
  /** The value it concerns, for `{value}`; never echoed when the type or field is sensitive. */
  readonly value?: string;
}

/** A body that is not JSON, and where the reader stopped (line and column from 1, in scalars). */
export declare class JSONReadError extends Error {
  readonly message: string;
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

/**
 * A custom check's implementation (format 1.3): whether the value passes, synchronous and pure. The
 * value is as a result holds it: a string type's normalized text, a number (a bigint past 2^53), a
 * decimal's or a date's text, a boolean.
 */
export type CustomCheck = (value: string | number | bigint | boolean) => boolean;

/** What loading rules takes besides the schema. */
export interface LoadOptions {
  /** The implementation of each custom check the rules use, by name; rules using one without load nothing. */
  custom?: Record<string, CustomCheck>;
}

/** The rules of one schema that `rulecheck export jsonschema` (or `export openapi`) wrote. */
export declare class Rules {
  private constructor();
  /** Loads an export, as an object or its JSON text (a string or UTF-8 bytes); throws RulesError, naming
   * a custom check the rules use that `options.custom` does not implement. */
  static fromSchema(schema: object | string | Uint8Array | ArrayBuffer, options?: LoadOptions): Rules;
  /** Every type and model name, sorted. */
  get names(): string[];
  /** Every language that messages are written in, sorted: ["en", "ja"]. */
  get languages(): string[];
  has(name: string): boolean;
  /** "model", or a type's value type. */
  kindOf(name: string): "model" | "string" | "integer" | "decimal" | "date" | "boolean";
  /** The languages of one type's or model's messages. */
  languagesOf(name: string): string[];
  /** The languages a server answers one type or model in: all its messages and a problem's detail are written in them. */
  negotiableLanguagesOf(name: string): string[];
  /** Validates what a form gives; throws RulesError for a name that is not there. */
  validate<T = Value>(name: string, input: FormInput, options?: ValidateOptions): Result<T>;
  /**
   * The validator of one type or model with its options: `validator(name, options)(input)` is
   * `validate(name, input, options)`, without the name looked up or the options read on each call,
   * for code that validates one rule again and again (a form field, a route). Throws as `validate`
   * does, here: RulesError for a name that is not there, RangeError or TypeError for bad options.
   * The options are read once: changing the object afterwards does not change the validator (bind
   * a new one). Without `today`, each validation still reads today from the clock.
   */
  validator<T = Value>(name: string, options?: ValidateOptions): Validator<T>;
  /** Validates a JSON body, read exactly as the Swift JSONReader reads it; throws JSONReadError. */
  validateJSON<T = Value>(name: string, body: string | Uint8Array, options?: ValidateOptions): Result<T>;
  /** Validates a value as readJSON gave it (a JSON string is not a form's text), or a form's input. */
  validateInput<T = Value>(name: string, input: JSONInput | FormInput, options?: ValidateOptions): Result<T>;
  /** A request body's verdict: its value, or the problem details to answer with (400 or 422). */
  verdict<T = Value>(name: string, body: string | Uint8Array, options?: VerdictOptions): Verdict<T>;
  /**
   * The 422 of violations a server found itself (codes the rules declare under `serverCodes:`), with
   * the rules' messages, in the language `acceptLanguage` negotiates for `name`; throws UndeclaredServerCode.
   */
  serverProblem(
    name: string,
    found: readonly ServerFinding[],
    options?: { readonly acceptLanguage?: string | null; readonly language?: string },
  ): ProblemDetails;
  /** The Standard Schema V1 of a type or model; the same object for the same name and options.
   * It validates with the options as given here; changing the object afterwards changes nothing. */
  standard<T = Value, I = FormInput>(name: string, options?: ValidateOptions): StandardSchemaV1<I, T>;
}

/** The problem details of an invalid result or of a JSONReadError, as the Swift library's. */
export declare function problemDetails(
  resultOrError: Result<unknown> | JSONReadError,
  options?: { readonly rules?: Rules; readonly acceptLanguage?: string; readonly language?: string },
): ProblemDetails;

/** The problem's JSON text, byte for byte what the Swift library writes. */
export declare function problemJSON(problem: ProblemDetails): string;

/** The language to answer in among `available`, for an Accept-Language header; "en" by default. */
export declare function negotiateLanguage(acceptLanguage: string | null | undefined, available: readonly string[], defaultLanguage?: string): string;

/** Reads a JSON body exactly (string or UTF-8 bytes); throws JSONReadError. */
export declare function readJSON(body: string | Uint8Array | ArrayBuffer, limits?: { maxDepth?: number; maxExponent?: number }): JSONInput;

/** Every check this runtime implements. */
export declare const CHECKS: readonly string[];
/** The x-rulecheck-version this runtime reads. */
export declare const FORMAT_VERSION: number;
/** The Unicode version every Unicode fact of this runtime comes from ("17.0.0"); an export whose
 * x-rulecheck-unicode differs is refused. */
export declare const UNICODE_VERSION: string;

/** A text as a JSON string, escaped as rulecheck escapes. */
export declare function jsonQuote(text: string): string;
/** A value as the conformance protocol writes it, a model's fields sorted by name. */
export declare function valueJSON(value: Value): string;
