// What rulecheck does to text: normalizers, lengths, the email, UUID and URL grammars, exact
// decimals, calendar dates. Browser-safe: no Node built-ins. Every Unicode fact comes from
// unicode.js (the pinned tables), never from the platform.

import * as unicode from "./unicode.js";
import { RELATIVE_DATE as RELATIVE_DATE_SOURCE } from "./rulecheck-data.js";

export const { trim, collapseWhitespace, lowercase, uppercase } = unicode;

export const NORMALIZERS = {
  trim,
  collapseWhitespace,
  lowercase,
  uppercase,
  nfc: unicode.nfc,
  nfkc: unicode.nfkc,
};

/** Makes sure the NFC and NFKC tables are there (in a browser build, that their file was imported). */
export const requireNormalization = unicode.requireNormalization;

export function normalize(text, names) {
  for (const name of names) text = NORMALIZERS[name](text);
  return text;
}

// ---- Lengths

/** Extended grapheme clusters (UAX #29, from the pinned tables); a count that reaches `cap` may stop there. */
export const characterCount = unicode.graphemeCount;

export const graphemeClusters = unicode.graphemeClusters;

export function scalarCount(text) {
  let count = text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}

export function utf8Count(text) {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) count += 1;
    else if (unit < 0x800) count += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count += 4;
        index++;
      } else count += 3;
    } else count += 3;
  }
  return count;
}

/** The length of `text` in `unit`; for characters, a count at or above `cap` may stop there. */
export function length(text, unit, cap = Infinity) {
  switch (unit) {
    case "characters": return characterCount(text, cap);
    case "scalars": return scalarCount(text);
    case "utf16": return text.length;
    case "bytes": return utf8Count(text);
    default: throw new Error(`unknown length unit ${unit}`);
  }
}

// ---- Email, UUID, URL

// The local part's characters: ASCII letters, digits and .!#$%&'*+/=?^_`{|}~-
const LOCAL = new Uint8Array(128);
for (const char of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&'*+/=?^_`{|}~-") LOCAL[char.charCodeAt(0)] = 1;

// A domain label's code units: 1 a letter or digit, 2 a hyphen, 0 any other.
const LABEL = new Uint8Array(128);
for (const char of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") LABEL[char.charCodeAt(0)] = 1;
LABEL[0x2d] = 2;

/** The WHATWG HTML "valid email address", read in one pass: a local part of its characters, '@',
 * then labels of 1 to 63 letters, digits and hyphens, neither first nor last a hyphen, between dots. */
export function isEmail(text) {
  // NB: each code unit read once, and classed by a table: V8's charCodeAt on a text that may be
  // one-byte or two-byte costs a dispatch each time.
  const length = text.length;
  let index = 0;
  while (index < length) {
    const unit = text.charCodeAt(index);
    if (unit >= 128 || LOCAL[unit] === 0) break;
    index++;
  }
  if (index === 0 || index >= length || text.charCodeAt(index) !== 0x40) return false;
  let label = 0; // the current label's length
  let last = 0; // the class of its last code unit
  for (index++; index < length; index++) {
    const unit = text.charCodeAt(index);
    if (unit === 0x2e) {
      if (label === 0 || last === 2) return false;
      label = 0;
      continue;
    }
    const kind = unit < 128 ? LABEL[unit] : 0;
    if (kind === 0 || (kind === 2 && label === 0) || ++label > 63) return false;
    last = kind;
  }
  return label > 0 && last !== 2;
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isUUID(text) {
  return UUID.test(text);
}

// RFC 3986's URI, read by hand from the ABNF of its Appendix A, in one pass: a regular expression
// with this grammar overflows V8's backtracking stack on a long value. ASCII only.
const UNRESERVED = new Uint8Array(128);
const SUB_DELIMS = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~") UNRESERVED[char.charCodeAt(0)] = 1;
for (const char of "!$&'()*+,;=") SUB_DELIMS[char.charCodeAt(0)] = 1;

const isHex = (unit) => (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x46) || (unit >= 0x61 && unit <= 0x66);
const isDigitUnit = (unit) => unit >= 0x30 && unit <= 0x39;
const isAlpha = (unit) => (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);

// Whether text[start..<end] is all unreserved, sub-delims, the `extra` characters and (unless
// `percent` is false) percent-escapes of two hexadecimal digits.
function allOf(text, start, end, extra, percent = true) {
  for (let index = start; index < end; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 128) return false;
    if (UNRESERVED[unit] === 1 || SUB_DELIMS[unit] === 1 || extra.includes(text[index])) continue;
    if (percent && unit === 0x25 && index + 2 < end && isHex(text.charCodeAt(index + 1)) && isHex(text.charCodeAt(index + 2))) {
      index += 2;
      continue;
    }
    return false;
  }
  return true;
}

function isDecOctet(part) {
  return /^(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/.test(part);
}

function isIPv4(text) {
  const parts = text.split(".");
  return parts.length === 4 && parts.every(isDecOctet);
}

function isIPv6(text) {
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const groups = (half) => (half === "" ? [] : half.split(":"));
  const pieces = halves.flatMap(groups);
  let count = 0;
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index];
    const isLast = index === pieces.length - 1 && (halves.length === 1 || halves[1] !== "");
    if (isLast && piece.includes(".")) {
      if (!isIPv4(piece)) return false;
      count += 2;
    } else if (/^[0-9A-Fa-f]{1,4}$/.test(piece)) count += 1;
    else return false;
  }
  return halves.length === 2 ? count <= 7 : count === 8;
}

function isIPLiteral(text) {
  if (/^[vV]/.test(text)) {
    const dot = text.indexOf(".");
    return dot > 1 && /^[0-9A-Fa-f]+$/.test(text.slice(1, dot)) && dot + 1 < text.length && allOf(text, dot + 1, text.length, ":", false);
  }
  return isIPv6(text);
}

// The host of `//authority` (text[start..<end]), or null when the authority is not RFC 3986's.
function authorityHost(text, start, end) {
  const at = text.lastIndexOf("@", end - 1);
  let hostStart = start;
  if (at >= start) {
    if (!allOf(text, start, at, ":")) return null;
    hostStart = at + 1;
  }
  let hostEnd;
  if (text.charCodeAt(hostStart) === 0x5b) {
    const close = text.indexOf("]", hostStart);
    if (close < 0 || close >= end || !isIPLiteral(text.slice(hostStart + 1, close))) return null;
    hostEnd = close + 1;
    if (hostEnd < end && text.charCodeAt(hostEnd) !== 0x3a) return null;
  } else {
    hostEnd = text.indexOf(":", hostStart);
    if (hostEnd < 0 || hostEnd > end) hostEnd = end;
    if (!allOf(text, hostStart, hostEnd, "")) return null;
  }
  for (let index = hostEnd + 1; index < end; index++) if (!isDigitUnit(text.charCodeAt(index))) return null;
  return text.slice(hostStart, hostEnd);
}

/** `text` with A to Z as a to z, and nothing else changed: for ASCII syntax such as a URI scheme. */
export function asciiLowercase(text) {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) | 0x20)) : text;
}

/** Whether `text` is an RFC 3986 URI whose scheme is in `schemes` (compared case-insensitively;
 * http and https need a non-empty host), or of any scheme when `schemes` is "any". */
export function isURL(text, schemes) {
  if (text.length === 0 || !isAlpha(text.charCodeAt(0))) return false;
  let colon = 1;
  while (colon < text.length) {
    const unit = text.charCodeAt(colon);
    if (isAlpha(unit) || isDigitUnit(unit) || unit === 0x2b || unit === 0x2d || unit === 0x2e) colon++;
    else break;
  }
  if (colon >= text.length || text.charCodeAt(colon) !== 0x3a) return false;
  let end = text.length;
  const hash = text.indexOf("#", colon);
  if (hash >= 0) {
    if (!allOf(text, hash + 1, end, ":@/?")) return false;
    end = hash;
  }
  const question = text.indexOf("?", colon);
  if (question >= 0 && question < end) {
    if (!allOf(text, question + 1, end, ":@/?")) return false;
    end = question;
  }
  let host = null;
  let pathStart = colon + 1;
  if (text.startsWith("//", colon + 1)) {
    let slash = text.indexOf("/", colon + 3);
    if (slash < 0 || slash > end) slash = end;
    host = authorityHost(text, colon + 3, slash);
    if (host === null) return false;
    pathStart = slash;
  }
  if (!allOf(text, pathStart, end, ":@/")) return false;
  if (schemes === "any") return true;
  const scheme = asciiLowercase(text.slice(0, colon));
  if (!schemes.some((name) => asciiLowercase(name) === scheme)) return false;
  return (scheme !== "http" && scheme !== "https") || (host !== null && host.length > 0);
}

// ---- Decimals: sign, digits without leading or trailing zeros, and a power of ten

export class Decimal {
  constructor(negative, digits, exponent, plainAlways) {
    this.negative = negative && digits.length > 0;
    this.digits = digits;
    this.exponent = digits.length === 0 ? 0 : exponent;
    this.plainAlways = plainAlways;
    // The fraction digits toString writes at least: a rule file's bound 50.00 keeps its two.
    this.writtenScale = 0;
  }

  /** From the digits of the whole part, of the fraction, and an exponent (as Swift's DecimalNumber). */
  static of(negative, whole, fraction, exponent, plainAlways) {
    // NB: zeros are counted by a loop, never by /0+$/, which backtracks from every zero of a long
    // run: 100,000 digits took 40 s (issue 38).
    const w = whole.slice(leadingZeros(whole));
    const fractionZeros = trailingZeros(fraction);
    let digits;
    let scale = exponent;
    if (fractionZeros === fraction.length) {
      const zeros = trailingZeros(w);
      scale += zeros;
      digits = w.slice(0, w.length - zeros);
    } else {
      const f = fraction.slice(0, fraction.length - fractionZeros);
      scale -= f.length;
      digits = w.length === 0 ? f.slice(leadingZeros(f)) : w + f;
    }
    return new Decimal(negative, digits, scale, plainAlways);
  }

  /**
   * Text as a decimal type reads it: `[+-]digits[.digits]`, or null. `written` keeps the fraction
   * digits as written for toString, as a rule file's bound `50.00` (not part of the value).
   */
  static parse(text, written = false) {
    const match = /^([+-]?)([0-9]+)(?:\.([0-9]+))?$/.exec(text);
    if (match === null) return null;
    const number = Decimal.of(match[1] === "-", match[2], match[3] ?? "", 0, true);
    if (written && match[3] !== undefined) number.writtenScale = match[3].length;
    return number;
  }

  get isZero() {
    return this.digits.length === 0;
  }

  toString() {
    const form = this.shortest();
    if (this.writtenScale === 0 || form.includes("e")) return form;
    const point = form.indexOf(".");
    const fraction = point < 0 ? 0 : form.length - point - 1;
    const missing = this.writtenScale - fraction;
    return missing > 0 ? form + (fraction === 0 ? "." : "") + "0".repeat(missing) : form;
  }

  /** toString without the written scale. */
  shortest() {
    if (this.digits.length === 0) return "0";
    const sign = this.negative ? "-" : "";
    const count = this.digits.length;
    const exponent = this.exponent;
    const zeros = exponent >= 0 ? exponent : Math.max(-exponent - count, 0);
    if (!this.plainAlways && zeros > 20) {
      const scientific = exponent + count - 1;
      const rest = this.digits.slice(1);
      return sign + this.digits[0] + (rest ? "." + rest : "") + "e" + scientific;
    }
    if (exponent >= 0) return sign + this.digits + "0".repeat(exponent);
    if (count > -exponent) return sign + this.digits.slice(0, count + exponent) + "." + this.digits.slice(count + exponent);
    return sign + "0." + "0".repeat(zeros) + this.digits;
  }

  equals(other) {
    return this.negative === other.negative && this.exponent === other.exponent && this.digits === other.digits;
  }

  /** -1, 0 or 1. */
  compare(other) {
    if (this.equals(other)) return 0;
    if (this.negative !== other.negative) return this.negative ? -1 : 1;
    const less = this.negative ? magnitudeLess(other, this) : magnitudeLess(this, other);
    return less ? -1 : 1;
  }

  /** The integer it is, as a BigInt within Int64, or null. */
  exactInteger() {
    if (this.digits.length === 0) return 0n;
    if (this.exponent < 0 || this.digits.length + this.exponent > 19) return null;
    const value = BigInt((this.negative ? "-" : "") + this.digits + "0".repeat(this.exponent));
    return value >= INT64_MIN && value <= INT64_MAX ? value : null;
  }
}

function leadingZeros(digits) {
  let index = 0;
  while (index < digits.length && digits.charCodeAt(index) === 0x30) index++;
  return index;
}

function trailingZeros(digits) {
  let index = digits.length;
  while (index > 0 && digits.charCodeAt(index - 1) === 0x30) index--;
  return digits.length - index;
}

function magnitudeLess(a, b) {
  if (a.digits.length === 0 || b.digits.length === 0) return a.digits.length === 0 && b.digits.length !== 0;
  const aLeading = a.exponent + a.digits.length;
  const bLeading = b.exponent + b.digits.length;
  if (aLeading !== bLeading) return aLeading < bLeading;
  return a.digits < b.digits;
}

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** Text as an integer type reads it (Swift's Int(text)), as a BigInt, or null. */
export function parseInteger(text) {
  if (!/^[+-]?[0-9]+$/.test(text)) return null;
  // NB: no BigInt of a million digits: past 19 significant digits no Int64 is left.
  const sign = text.charCodeAt(0) === 0x2b || text.charCodeAt(0) === 0x2d ? 1 : 0;
  if (text.length - sign > 19 && text.length - sign - leadingZeros(text.slice(sign)) > 19) return null;
  const value = BigInt(text);
  return value >= INT64_MIN && value <= INT64_MAX ? value : null;
}

// ---- Dates: YYYY-MM-DD as plain integers, never Date

export function isLeapYear(year) {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year, month) {
  // NB: a table made once, not an array per call (a date check read a month's length per date).
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1];
}

function digits(text, start, end) {
  let value = 0;
  for (let index = start; index < end; index++) {
    const digit = text.charCodeAt(index) - 0x30;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** A valid date 0001-01-01 to 9999-12-31 as its text, or null. */
export function parseDate(text) {
  return dateNumber(text) < 0 ? null : text;
}

/**
 * A valid date 0001-01-01 to 9999-12-31 as the number YYYYMMDD, or -1. Two dates' numbers
 * compare as their texts do.
 */
export function dateNumber(text) {
  // NB: written out, without calls, so that V8 inlines it whole into a type's steps.
  if (text.length !== 10 || text.charCodeAt(4) !== 0x2d || text.charCodeAt(7) !== 0x2d) return -1;
  const y0 = text.charCodeAt(0) - 0x30;
  const y1 = text.charCodeAt(1) - 0x30;
  const y2 = text.charCodeAt(2) - 0x30;
  const y3 = text.charCodeAt(3) - 0x30;
  const m0 = text.charCodeAt(5) - 0x30;
  const m1 = text.charCodeAt(6) - 0x30;
  const d0 = text.charCodeAt(8) - 0x30;
  const d1 = text.charCodeAt(9) - 0x30;
  if (y0 < 0 || y0 > 9 || y1 < 0 || y1 > 9 || y2 < 0 || y2 > 9 || y3 < 0 || y3 > 9 ||
      m0 < 0 || m0 > 9 || m1 < 0 || m1 > 9 || d0 < 0 || d0 > 9 || d1 < 0 || d1 > 9) return -1;
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  if (year < 1 || month < 1 || month > 12 || day < 1) return -1;
  if (day > 28 && day > (month === 2 ? ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28) : MONTH_DAYS[month - 1])) return -1;
  return year * 10000 + month * 100 + day;
}

function pad(value, width) {
  return String(value).padStart(width, "0");
}

export function formatDate(year, month, day) {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

// Days from 0001-01-01 (day 0), by the proleptic Gregorian calendar.
function dayNumber(year, month, day) {
  const y = year - 1;
  let days = y * 365 + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400);
  for (let m = 1; m < month; m++) days += daysInMonth(year, m);
  return days + day - 1;
}

function fromDayNumber(number) {
  // NB: a year has 365 or 366 days, so the estimate is off by one at most.
  let year = Math.floor(number / 365.2425) + 1;
  while (dayNumber(year, 1, 1) > number) year--;
  while (dayNumber(year + 1, 1, 1) <= number) year++;
  let rest = number - dayNumber(year, 1, 1);
  let month = 1;
  while (rest >= daysInMonth(year, month)) {
    rest -= daysInMonth(year, month);
    month++;
  }
  return [year, month, rest + 1];
}

const FIRST_DAY = 0;
const LAST_DAY = dayNumber(9999, 12, 31);
// The grammar of a bound relative to today is the generated data's (rulecheck-data.js).
const RELATIVE_DATE = new RegExp("^" + RELATIVE_DATE_SOURCE + "$");

/** The date of a notBefore/notAfter bound where today is `today`: months and years clamp the
 * day to the month's last (2024-02-29 - 1 year is 2023-02-28); beyond 0001-01-01...9999-12-31
 * the date is clamped to that range. */
export function resolveDateBound(bound, today) {
  if (bound === "today") return today;
  const match = RELATIVE_DATE.exec(bound);
  if (match === null) return bound;
  const amount = Number(match[2]) * (match[1] === "-" ? -1 : 1);
  const unit = match[3];
  const [year, month, day] = today.split("-").map(Number);
  if (unit === "day" || unit === "week") {
    const number = dayNumber(year, month, day) + amount * (unit === "week" ? 7 : 1);
    if (number < FIRST_DAY) return "0001-01-01";
    if (number > LAST_DAY) return "9999-12-31";
    return formatDate(...fromDayNumber(number));
  }
  const months = year * 12 + (month - 1) + amount * (unit === "year" ? 12 : 1);
  const newYear = Math.floor(months / 12);
  const newMonth = months - newYear * 12 + 1;
  if (newYear < 1) return "0001-01-01";
  if (newYear > 9999) return "9999-12-31";
  return formatDate(newYear, newMonth, Math.min(day, daysInMonth(newYear, newMonth)));
}

const DAY_FORMATS = new Map();
const DAYS = new Map();

/** Today's date in an IANA time zone (the local one when none is given), as YYYY-MM-DD. */
export function todayIn(timeZone, now = new Date()) {
  if (timeZone === undefined || timeZone === null) {
    return formatDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
  }
  // NB: a formatter costs some 100 µs to make and 15 µs to ask, a hundred times a date check: one
  // per time zone, and its day kept while the zone's midnight is more than two hours away, which
  // no daylight-saving change moves by more than that.
  const time = now.getTime();
  const known = DAYS.get(timeZone);
  if (known !== undefined && time >= known.from && time < known.until) return known.day;
  let format = DAY_FORMATS.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit",
      second: "2-digit", hourCycle: "h23", calendar: "gregory", numberingSystem: "latn",
    });
    if (DAY_FORMATS.size < 64) DAY_FORMATS.set(timeZone, format);
  }
  const parts = {};
  for (const part of format.formatToParts(now)) parts[part.type] = part.value;
  const day = formatDate(Number(parts.year), Number(parts.month), Number(parts.day));
  const elapsed = ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000;
  const untilMidnight = 86_400_000 - elapsed - (time % 1000);
  if (untilMidnight > 7_200_000 && DAYS.size < 64) {
    DAYS.set(timeZone, { day, from: time, until: time + untilMidnight - 7_200_000 });
  }
  return day;
}
