// The five seed rules written by hand in plain JavaScript, with no engine: what a developer would
// write for the same meaning, and the floor for the verdict (as
// Benchmarks/Benchmarks/Baselines/HandTuned.swift is for the Swift engine). Each returns the
// valid value (a string, or null for an optional value left empty) or one of the codes below.
//
// The functions ending in Result are the same rules returning what the runtime returns, what a
// form that replaces hand-written validation needs, and the baseline the target (runtime ≤ 1.5×)
// is judged on: {valid: true, value} or {valid: false, violations: [...]}, each violation with the
// runtime's members (code, builtinCode, path, pointer, min or max and boundKind for a bound,
// value, and the English message of rules/). They call the bare functions, so the two differ only
// by the result they build. (The runtime cuts a value it echoes after 64 scalars; no benchmark
// input is that long, so these do not.)

export const TOO_SHORT = 1;
export const TOO_LONG = 2;
export const EMPTY = 3;
export const INVALID = 4;
export const TOO_EARLY = 5;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** Unicode's White_Space; every one of them is in the Basic Multilingual Plane. */
function isWhiteSpace(code) {
  return (
    (code >= 0x09 && code <= 0x0d) || code === 0x20 || code === 0x85 || code === 0xa0 || code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f ||
    code === 0x205f || code === 0x3000
  );
}

function trimmed(text) {
  let start = 0;
  let end = text.length;
  while (start < end && isWhiteSpace(text.charCodeAt(start))) start++;
  while (end > start && isWhiteSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Characters: extended grapheme clusters. */
function characters(text) {
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}

/** TaskTitle: trimmed, then 1 to 20 characters. */
export function taskTitle(title) {
  const value = trimmed(title);
  const count = characters(value);
  return count < 1 ? TOO_SHORT : count > 20 ? TOO_LONG : value;
}

/** Username: 1 to 10 characters, not trimmed. */
export function username(name) {
  const count = characters(name);
  return count < 1 ? TOO_SHORT : count > 10 ? TOO_LONG : name;
}

const LOCAL_PUNCTUATION = new Set([...".!#$%&'*+/=?^_`{|}~-"].map((c) => c.charCodeAt(0)));

function isAlphanumeric(code) {
  const lower = code | 0x20;
  return (lower >= 0x61 && lower <= 0x7a) || (code >= 0x30 && code <= 0x39);
}

/** EmailAddress: trimmed, required, then the WHATWG valid email address. */
export function email(address) {
  const value = trimmed(address);
  if (value.length === 0) return EMPTY;
  let at = 0;
  while (at < value.length && value.charCodeAt(at) !== 0x40) {
    const code = value.charCodeAt(at);
    if (!isAlphanumeric(code) && !LOCAL_PUNCTUATION.has(code)) return INVALID;
    at++;
  }
  if (at === 0 || at === value.length) return INVALID;
  let label = 0;
  let previous = 0x2e;
  for (let i = at + 1; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x2e) {
      if (label === 0 || previous === 0x2d) return INVALID;
      label = 0;
    } else {
      if (!(isAlphanumeric(code) || (code === 0x2d && label > 0))) return INVALID;
      if (++label > 63) return INVALID;
    }
    previous = code;
  }
  return at + 1 < value.length && label > 0 && previous !== 0x2d ? value : INVALID;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function digits(text, from, to) {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** TaskDueDate: optional; YYYY-MM-DD, a real day, not before today ([year, month, day]). */
export function dueDate(text, today) {
  if (text.length === 0) return null;
  if (text.length !== 10 || text.charCodeAt(4) !== 0x2d || text.charCodeAt(7) !== 0x2d) return INVALID;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1) return INVALID;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > (month === 2 && leap ? 29 : DAYS[month - 1])) return INVALID;
  const [y, m, d] = today;
  const before = year !== y ? year < y : month !== m ? month < m : day < d;
  return before ? TOO_EARLY : text;
}

/** SearchQuery: required, not trimmed. */
export function query(text) {
  return text.length === 0 ? EMPTY : text;
}

// ---- Counting UTF-16 code units: what most JavaScript validators do (`value.length`)

// NB: not the rules' meaning: "👨‍👩‍👧" is one character and 8 code units, "e\u0301" one and 2. The
// benchmark times them beside the rest as the floor of a validator that does not count
// characters, and checks no verdict of theirs.

/** TaskTitle, trimmed, then 1 to 20 UTF-16 code units. */
export function taskTitleUnits(title) {
  const value = trimmed(title);
  return value.length < 1 ? TOO_SHORT : value.length > 20 ? TOO_LONG : value;
}

/** Username, 1 to 10 UTF-16 code units, not trimmed. */
export function usernameUnits(name) {
  return name.length < 1 ? TOO_SHORT : name.length > 10 ? TOO_LONG : name;
}

// ---- The same rules, returning the runtime's result

function invalid(violation) {
  return { valid: false, violations: [violation] };
}

/** TaskTitle, as the runtime's result. */
export function taskTitleResult(title) {
  const found = taskTitle(title);
  if (typeof found === "string") return { valid: true, value: found };
  const value = trimmed(title);
  return found === TOO_SHORT
    ? invalid({ code: "titleTooShort", builtinCode: "tooShort", path: [], pointer: "", min: 1, boundKind: "count", value, message: "The title is too short." })
    : invalid({ code: "titleTooLong", builtinCode: "tooLong", path: [], pointer: "", max: 20, boundKind: "count", value, message: "The title is too long." });
}

/** Username, as the runtime's result. */
export function usernameResult(name) {
  const found = username(name);
  if (typeof found === "string") return { valid: true, value: found };
  return found === TOO_SHORT
    ? invalid({ code: "tooShort", builtinCode: "tooShort", path: [], pointer: "", min: 1, boundKind: "count", value: name, message: "Too short: the minimum is 1." })
    : invalid({ code: "tooLong", builtinCode: "tooLong", path: [], pointer: "", max: 10, boundKind: "count", value: name, message: "Too long: the maximum is 10." });
}

/** EmailAddress, as the runtime's result. */
export function emailResult(address) {
  const found = email(address);
  if (typeof found === "string") return { valid: true, value: found };
  return found === EMPTY
    ? invalid({ code: "emptyEmail", builtinCode: "required", path: [], pointer: "", value: "", message: "Enter your email address." })
    : invalid({ code: "invalidEmail", builtinCode: "invalidEmail", path: [], pointer: "", value: trimmed(address), message: "This email address is not valid." });
}

/** TaskDueDate, as the runtime's result: `today` as [year, month, day] and as its text. */
export function dueDateResult(text, today, todayText) {
  const found = dueDate(text, today);
  if (typeof found !== "number") return { valid: true, value: found };
  return found === TOO_EARLY
    ? invalid({ code: "tooEarly", builtinCode: "tooEarly", path: [], pointer: "", min: todayText, boundKind: "date", value: text, message: `Must be ${todayText} or later.` })
    : invalid({ code: "invalidFormat", builtinCode: "invalidFormat", path: [], pointer: "", value: text, message: `'${text}' is not a valid value.` });
}

/** SearchQuery, as the runtime's result. */
export function queryResult(text) {
  const found = query(text);
  if (typeof found === "string") return { valid: true, value: found };
  return invalid({ code: "required", builtinCode: "required", path: [], pointer: "", value: "", message: "This field is required." });
}
