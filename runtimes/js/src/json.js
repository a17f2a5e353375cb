// A JSON body read exactly as rulecheck's Swift JSONReader reads it (RFC 8259, strictly): numbers
// kept exact as decimals (1e400 is a number), duplicate keys, invalid UTF-8, trailing commas,
// lone surrogates, control characters and nesting past 512 levels refused, each with the same
// message and the line and column (from 1, in scalars) where the reader stopped.
//
// The result is a tagged input (a Tagged): null (JSON null: absent), {t: "string", v},
// {t: "number", v: Decimal}, {t: "boolean", v}, {t: "list", v: [...]}, {t: "record", v: Map}.

import { JSON_SENTENCES } from "./rulecheck-data.js";
import { Decimal } from "./text.js";
import { generalCategory } from "./unicode.js";
import { Tagged } from "./tagged.js";
import { hexDigits, wellFormed } from "./unicode.js";

export { Tagged };

export class JSONReadError extends Error {
  constructor(message, offset, line, column) {
    super(`${line}:${column}: ${message}`);
    this.name = "JSONReadError";
    this.message = message;
    this.offset = offset;
    this.line = line;
    this.column = column;
  }

  toString() {
    return `${this.line}:${this.column}: ${this.message}`;
  }
}

export const MAX_DEPTH = 512;
export const MAX_EXPONENT = 999_999_999;

const encoder = new TextEncoder();
// NB: ignoreBOM keeps a U+FEFF that starts a string; only the body's own BOM is skipped, by the parser.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
// A run of a string's plain bytes is checked and decoded at once; only a run this refuses is read
// scalar by scalar, for the error's words and place.
const strictDecoder = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });

function codePoint(value) {
  return "U+" + hexDigits(value, 4);
}

function hex(value) {
  return hexDigits(value, 4);
}

// {valid: true, scalar, length} or {valid: false, length}: one scalar of UTF-8 at `offset`.
function checkUTF8(bytes, offset) {
  const lead = bytes[offset];
  if (lead < 0x80) return { valid: true, scalar: lead, length: 1 };
  let length;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead === 0xe0) [length, low] = [3, 0xa0];
  else if ((lead >= 0xe1 && lead <= 0xec) || lead === 0xee || lead === 0xef) length = 3;
  else if (lead === 0xed) [length, high] = [3, 0x9f];
  else if (lead === 0xf0) [length, low] = [4, 0x90];
  else if (lead >= 0xf1 && lead <= 0xf3) length = 4;
  else if (lead === 0xf4) [length, high] = [4, 0x8f];
  else return { valid: false, length: 1 };
  let value = lead & (length === 2 ? 0x1f : length === 3 ? 0x0f : 0x07);
  for (let index = 1; index < length; index++) {
    if (offset + index >= bytes.length) return { valid: false, length: index + 1 };
    const byte = bytes[offset + index];
    const [min, max] = index === 1 ? [low, high] : [0x80, 0xbf];
    if (byte < min || byte > max) return { valid: false, length: index + 1 };
    value = (value << 6) | (byte & 0x3f);
  }
  return { valid: true, scalar: value, length };
}

// The reader's sentences are the engine's (the generated data's JSON_SENTENCES), placeholders filled in.
function sentence(name, values = {}) {
  return JSON_SENTENCES[name].replace(/\{([a-zA-Z]+)\}/g, (whole, key) => values[key] ?? whole);
}

function invalidUTF8(bytes, offset, length) {
  const end = Math.min(offset + length, bytes.length);
  const shown = [];
  for (let index = offset; index < end; index++) shown.push("0x" + hexDigits(bytes[index], 2));
  const text = sentence(shown.length === 1 ? "invalidByte" : "invalidBytes", { bytes: shown.join(" ") });
  return offset + length > bytes.length ? sentence("cutOff", { bytes: text }) : text;
}

// The general categories a diagnostic names by code point only: invisible, or marks that join
// what quotes them.
const HIDDEN_CATEGORIES = new Set(["Cc", "Cf", "Zs", "Zl", "Zp", "Co", "Cn", "Cs", "Mn", "Me"]);

function isWordByte(byte) {
  return (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39) || byte === 0x5f;
}

// What a diagnostic says it found at `offset`.
function found(bytes, offset) {
  if (offset >= bytes.length) return JSON_SENTENCES.endOfInput;
  const byte = bytes[offset];
  if ((byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a)) {
    let end = offset;
    while (end < bytes.length && end - offset < 20 && isWordByte(bytes[end])) end++;
    return "'" + decoder.decode(bytes.subarray(offset, end)) + "'";
  }
  if (byte >= 0x21 && byte <= 0x7e) return "'" + String.fromCharCode(byte) + "'";
  if (byte === 0x20) return JSON_SENTENCES.space;
  if (byte === 0x09) return JSON_SENTENCES.tab;
  if (byte === 0x0a || byte === 0x0d) return JSON_SENTENCES.lineBreak;
  if (byte < 0x80) return codePoint(byte);
  const checked = checkUTF8(bytes, offset);
  if (!checked.valid) return invalidUTF8(bytes, offset, checked.length);
  const char = String.fromCodePoint(checked.scalar);
  return HIDDEN_CATEGORIES.has(generalCategory(checked.scalar)) ? codePoint(checked.scalar) : `'${char}' (${codePoint(checked.scalar)})`;
}

function errorAt(message, offset, bytes) {
  let line = 1;
  let column = 1;
  for (let index = 0; index < offset; index++) {
    const byte = bytes[index];
    if (byte === 0x0a || byte === 0x0d) {
      if (byte === 0x0d && index + 1 < offset && bytes[index + 1] === 0x0a) index++;
      line++;
      column = 1;
    } else if ((byte & 0xc0) !== 0x80) {
      column++;
    }
  }
  return new JSONReadError(message, offset, line, column);
}

function quotedKey(key) {
  const scalars = Array.from(key);
  let text = "";
  for (const scalar of scalars.slice(0, 40)) {
    const value = scalar.codePointAt(0);
    text += value < 0x20 ? "\\u" + hex(value) : scalar;
  }
  return scalars.length > 40 ? text + "…" : text;
}

const isDigit = (byte) => byte >= 0x30 && byte <= 0x39;

// What each one-letter escape stands for, by its letter's byte; undefined for any other.
const SIMPLE_ESCAPES = new Array(0x80).fill(undefined);
for (const [letter, value] of [["\"", "\""], ["\\", "\\"], ["/", "/"], ["b", "\b"], ["f", "\f"], ["n", "\n"], ["r", "\r"], ["t", "\t"]]) {
  SIMPLE_ESCAPES[letter.charCodeAt(0)] = value;
}

// The UTF-16 units of a string's escapes and the short runs between them (`escapedString`).
let scratch = new Uint16Array(4096);

// ASCII bytes as a string: a short run without TextDecoder's cost per call.
function ascii(bytes, start, end) {
  if (end - start > 32) return decoder.decode(bytes.subarray(start, end));
  let text = "";
  for (let index = start; index < end; index++) text += String.fromCharCode(bytes[index]);
  return text;
}

// The index of the first byte at or after `offset` that is no digit.
function digitsEnd(bytes, offset) {
  while (offset < bytes.length && bytes[offset] >= 0x30 && bytes[offset] <= 0x39) offset++;
  return offset;
}

class Parser {
  constructor(bytes, limits) {
    this.bytes = bytes;
    this.maxDepth = limits.maxDepth;
    this.maxExponent = limits.maxExponent;
    // Bytes the encoder made from a well-formed string are valid UTF-8, and decoded unchecked.
    this.valid = limits.valid === true;
    this.position = 0;
  }

  get peek() {
    return this.position < this.bytes.length ? this.bytes[this.position] : undefined;
  }

  get found() {
    return found(this.bytes, this.position);
  }

  error(message) {
    return errorAt(message, this.position, this.bytes);
  }

  take(byte) {
    if (this.position < this.bytes.length && this.bytes[this.position] === byte) {
      this.position++;
      return true;
    }
    return false;
  }

  skipWhitespace() {
    const bytes = this.bytes;
    while (this.position < bytes.length) {
      const byte = bytes[this.position];
      if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) this.position++;
      else return;
    }
  }

  parse() {
    const bytes = this.bytes;
    if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) this.position = 3;
    // Frames: {list: []} or {record: Map, key}.
    const frames = [];
    let place = TOP;
    for (;;) {
      let value = this.scalarOrOpen(place, frames);
      if (value === OPENED) {
        const frame = frames[frames.length - 1];
        place = frame.record ? frame : LIST_START;
        continue;
      }
      for (;;) {
        const frame = frames[frames.length - 1];
        if (frame === undefined) {
          this.skipWhitespace();
          if (this.position !== bytes.length) throw this.error(sentence("endAfterValue", { found: this.found }));
          return value;
        }
        this.skipWhitespace();
        if (frame.list) {
          frame.list.push(value);
          if (this.take(0x2c)) {
            place = AFTER_COMMA;
          } else if (this.take(0x5d)) {
            frames.pop();
            value = new Tagged("list", frame.list);
            continue;
          } else {
            throw this.error(sentence("afterItem", { found: this.found }));
          }
        } else {
          frame.record.set(frame.key, value);
          if (this.take(0x2c)) {
            this.skipWhitespace();
            if (this.peek !== 0x22) {
              throw this.error(this.peek === 0x7d
                ? sentence("keyAfterCommaTrailing")
                : sentence("keyAfterComma", { found: this.found }));
            }
            frame.key = this.member(frame.record);
            place = frame;
          } else if (this.take(0x7d)) {
            frames.pop();
            value = new Tagged("record", frame.record);
            continue;
          } else {
            throw this.error(sentence("afterMember", { found: this.found }));
          }
        }
        break;
      }
    }
  }

  scalarOrOpen(place, frames) {
    this.skipWhitespace();
    const byte = this.peek;
    if (byte === undefined) throw this.expectedValue(place);
    if (byte === 0x22) return new Tagged("string", this.string());
    if (byte === 0x2d || isDigit(byte)) return new Tagged("number", this.number());
    if (byte === 0x74) { this.literal("true", place); return new Tagged("boolean", true); }
    if (byte === 0x66) { this.literal("false", place); return new Tagged("boolean", false); }
    if (byte === 0x6e) { this.literal("null", place); return null; }
    if (byte === 0x5b || byte === 0x7b) {
      if (frames.length >= this.maxDepth) throw this.error(sentence("depth", { limit: String(this.maxDepth) }));
      this.position++;
      this.skipWhitespace();
      if (byte === 0x5b) {
        if (this.take(0x5d)) return new Tagged("list", []);
        frames.push({ list: [] });
        return OPENED;
      }
      if (this.take(0x7d)) return new Tagged("record", new Map());
      if (this.peek !== 0x22) throw this.error(sentence("keyOrEnd", { found: this.found }));
      const record = new Map();
      const key = this.member(record);
      frames.push({ record, key });
      return OPENED;
    }
    throw this.expectedValue(place);
  }

  member(record) {
    const keyOffset = this.position;
    const key = this.string();
    if (record.has(key)) throw errorAt(sentence("duplicateKey", { key: quotedKey(key) }), keyOffset, this.bytes);
    this.skipWhitespace();
    if (!this.take(0x3a)) throw this.error(sentence("colonAfterKey", { key: quotedKey(key), found: this.found }));
    return key;
  }

  expectedValue(place) {
    switch (place.kind) {
      case "top": return this.error(sentence("value", { found: this.found }));
      case "listStart": return this.error(sentence("valueOrEnd", { found: this.found }));
      case "afterComma":
        return this.peek === 0x5d
          ? this.error(sentence("valueAfterCommaTrailing"))
          : this.error(sentence("valueAfterComma", { found: this.found }));
      // NB: a member's place is its record's frame, {record, key}.
      default: return this.error(sentence("memberValue", { key: quotedKey(place.key), found: this.found }));
    }
  }

  literal(word, place) {
    const bytes = this.bytes;
    if (this.position + word.length > bytes.length) throw this.expectedValue(place);
    for (let index = 0; index < word.length; index++) {
      if (bytes[this.position + index] !== word.charCodeAt(index)) throw this.expectedValue(place);
    }
    this.position += word.length;
  }

  numberError(name) {
    return this.error(sentence(name, { found: this.found }));
  }

  number() {
    const bytes = this.bytes;
    const negative = this.peek === 0x2d;
    if (negative) this.position++;
    const wholeStart = this.position;
    const first = this.peek;
    if (first === undefined || !isDigit(first)) throw this.numberError(negative ? "digitAfterMinus" : "number");
    this.position++;
    if (first === 0x30) {
      if (this.peek !== undefined && isDigit(this.peek)) {
        throw this.numberError("leadingZero");
      }
    } else {
      this.position = digitsEnd(bytes, this.position);
    }
    const whole = ascii(bytes, wholeStart, this.position);
    let fraction = "";
    if (this.peek === 0x2e) {
      this.position++;
      const fractionStart = this.position;
      this.position = digitsEnd(bytes, this.position);
      if (this.position === fractionStart) throw this.numberError("digitAfterPoint");
      fraction = ascii(bytes, fractionStart, this.position);
    }
    let exponent = 0;
    let limitOffset = wholeStart - (negative ? 1 : 0);
    const saturation = 2 ** 58;
    if (this.peek === 0x65 || this.peek === 0x45) {
      this.position++;
      let exponentNegative = false;
      if (this.peek === 0x2b || this.peek === 0x2d) {
        exponentNegative = this.peek === 0x2d;
        this.position++;
      }
      limitOffset = this.position;
      while (this.peek !== undefined && isDigit(this.peek)) {
        if (exponent < saturation) exponent = exponent * 10 + (this.peek - 0x30);
        this.position++;
      }
      if (this.position === limitOffset) throw this.numberError("exponentDigit");
      if (exponentNegative) exponent = -exponent;
    }
    let scientific = exponent;
    if (first !== 0x30) scientific += whole.length - 1;
    else {
      const leading = fraction.search(/[^0]/);
      if (leading >= 0) scientific -= leading + 1;
    }
    if (!(Math.abs(exponent) < saturation) || Math.abs(scientific) > this.maxExponent) {
      throw errorAt(sentence("exponentLimit", { limit: String(this.maxExponent) }), limitOffset, bytes);
    }
    return Decimal.of(negative, whole, fraction, exponent, false);
  }

  string() {
    const bytes = this.bytes;
    this.position++;
    const start = this.position;
    const text = this.plainRun();
    if (this.position >= bytes.length) throw this.error(sentence("unterminatedString"));
    const byte = bytes[this.position];
    if (byte === 0x22) {
      this.position++;
      return text;
    }
    if (byte === 0x5c) return this.escapedString(start);
    return this.stringByte(byte); // a control character: throws
  }

  // The plain bytes from the position up to a quote, a backslash, a control character or the end,
  // decoded. NB: checked as UTF-8 by the decoder, in one call; an object a scalar (checkUTF8) made a
  // megabyte of marks 10 times an ASCII body. Invalid bytes are found again scalar by scalar.
  plainRun() {
    const bytes = this.bytes;
    const start = this.position;
    let end = start;
    let high = 0;
    while (end < bytes.length) {
      const byte = bytes[end];
      if (byte < 0x20 || byte === 0x22 || byte === 0x5c) break;
      high |= byte;
      end++;
    }
    // NB: a short ASCII run (between escapes, say) without a decoder call, which costs more than
    // the run: `a\n` a million times took 40 times an ASCII body.
    if (high < 0x80) {
      this.position = end;
      return ascii(bytes, start, end);
    }
    try {
      const text = (this.valid ? decoder : strictDecoder).decode(bytes.subarray(start, end));
      this.position = end;
      return text;
    } catch {
      while (this.position < end) this.stringByte(bytes[this.position]);
      return decoder.decode(bytes.subarray(start, end));
    }
  }

  stringByte(byte) {
    if (byte >= 0x20 && byte < 0x80) {
      this.position++;
    } else if (byte < 0x20) {
      throw this.error(sentence("controlCharacter", { codePoint: codePoint(byte), escape: "\\u" + hex(byte) }));
    } else {
      const checked = checkUTF8(this.bytes, this.position);
      if (!checked.valid) throw this.error(invalidUTF8(this.bytes, this.position, checked.length));
      this.position += checked.length;
    }
  }

  escapedString(start) {
    const bytes = this.bytes;
    // NB: the parts are joined once at the end: a rope of a million one-character parts is slow to
    // flatten. Escapes and short ASCII runs between them are written as UTF-16 units into an array,
    // made a string a few thousand at a time: a string for each escape and run took 10 to 40 times
    // an ASCII body's reading.
    const parts = [decoder.decode(bytes.subarray(start, this.position))];
    let count = 0;
    const flush = () => {
      for (let index = 0; index < count; index += 4096) {
        parts.push(String.fromCharCode.apply(null, scratch.subarray(index, Math.min(index + 4096, count))));
      }
      count = 0;
    };
    while (this.position < bytes.length) {
      const byte = bytes[this.position];
      if (byte === 0x22) {
        this.position++;
        flush();
        return parts.join("");
      }
      // NB: room for the most one step writes (a run of 32), in one array all strings share (a string
      // is read to its end before the next begins), grown by doubling.
      if (count + 32 > scratch.length) {
        const grown = new Uint16Array(scratch.length * 2);
        grown.set(scratch.subarray(0, count));
        scratch = grown;
      }
      const units = scratch;
      if (byte === 0x5c) {
        const letter = bytes[this.position + 1];
        const simple = letter < 0x80 ? SIMPLE_ESCAPES[letter] : undefined;
        if (simple !== undefined) {
          units[count++] = simple.charCodeAt(0);
          this.position += 2;
          continue;
        }
        const escaped = this.escape();
        units[count++] = escaped.charCodeAt(0);
        if (escaped.length === 2) units[count++] = escaped.charCodeAt(1);
        continue;
      }
      if (byte < 0x20) this.stringByte(byte); // a control character: throws
      // NB: a short ASCII run before a quote or an escape is written as units; a longer run, or one
      // that is not ASCII, is decoded at once.
      let end = this.position;
      while (end < bytes.length && end - this.position < 32 && bytes[end] >= 0x20 && bytes[end] < 0x80
        && bytes[end] !== 0x22 && bytes[end] !== 0x5c) end++;
      if (end < bytes.length && end - this.position < 32 && (bytes[end] === 0x22 || bytes[end] === 0x5c)) {
        while (this.position < end) units[count++] = bytes[this.position++];
        continue;
      }
      flush();
      parts.push(this.plainRun());
    }
    throw this.error(sentence("unterminatedString"));
  }

  escape() {
    const start = this.position;
    this.position++;
    const byte = this.peek;
    if (byte === undefined) throw this.error(sentence("escapeAtEnd"));
    const simple = byte < 0x80 ? SIMPLE_ESCAPES[byte] : undefined;
    if (simple !== undefined) {
      this.position++;
      return simple;
    }
    if (byte !== 0x75) {
      const escape = byte > 0x20 && byte < 0x7f ? `'\\${String.fromCharCode(byte)}'` : sentence("escapeFollowedBy", { found: this.found });
      throw errorAt(sentence("invalidEscape", { escape }), start, this.bytes);
    }
    this.position++;
    const unit = this.hexQuad();
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      throw errorAt(sentence("loneLowSurrogate", { unit: "\\u" + hex(unit) }), start, this.bytes);
    }
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const bytes = this.bytes;
      if (!(this.position + 1 < bytes.length && bytes[this.position] === 0x5c && bytes[this.position + 1] === 0x75)) {
        throw errorAt(sentence("loneHighSurrogate", { unit: "\\u" + hex(unit) }), start, bytes);
      }
      this.position += 2;
      const low = this.hexQuad();
      if (!(low >= 0xdc00 && low <= 0xdfff)) {
        throw errorAt(sentence("highSurrogateFollowedBy", { unit: "\\u" + hex(unit), low: "\\u" + hex(low) }), start, bytes);
      }
      return String.fromCharCode(unit, low);
    }
    return String.fromCharCode(unit);
  }

  hexQuad() {
    let value = 0;
    for (let index = 0; index < 4; index++) {
      const byte = this.peek;
      let digit;
      if (byte !== undefined && byte >= 0x30 && byte <= 0x39) digit = byte - 0x30;
      else if (byte !== undefined && byte >= 0x61 && byte <= 0x66) digit = byte - 0x61 + 10;
      else if (byte !== undefined && byte >= 0x41 && byte <= 0x46) digit = byte - 0x41 + 10;
      else throw this.error(sentence("hexDigits", { found: this.found }));
      value = (value << 4) | digit;
      this.position++;
    }
    return value;
  }
}

const OPENED = Symbol("opened");
// Where a value is expected, for the diagnostic when none is there; a member's is its record's frame.
const TOP = { kind: "top" };
const LIST_START = { kind: "listStart" };
const AFTER_COMMA = { kind: "afterComma" };


// A string's UTF-8 with each lone surrogate as the three bytes it would take (ED A0 80 for U+D800),
// which the reader refuses as invalid UTF-8, as it refuses those bytes in a body and as Python's
// reader reads a str: a lone surrogate is a 400 whether it is raw or escaped. TextEncoder would
// make it U+FFFD, which passes.
function generalizedUTF8(text) {
  const bytes = new Uint8Array(text.length * 3);
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    let unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        unit = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
        index++;
      }
    }
    if (unit < 0x80) bytes[length++] = unit;
    else if (unit < 0x800) {
      bytes[length++] = 0xc0 | (unit >> 6);
      bytes[length++] = 0x80 | (unit & 0x3f);
    } else if (unit < 0x10000) {
      bytes[length++] = 0xe0 | (unit >> 12);
      bytes[length++] = 0x80 | ((unit >> 6) & 0x3f);
      bytes[length++] = 0x80 | (unit & 0x3f);
    } else {
      bytes[length++] = 0xf0 | (unit >> 18);
      bytes[length++] = 0x80 | ((unit >> 12) & 0x3f);
      bytes[length++] = 0x80 | ((unit >> 6) & 0x3f);
      bytes[length++] = 0x80 | (unit & 0x3f);
    }
  }
  return bytes.subarray(0, length);
}

/** Reads `body` (a string, or UTF-8 bytes as a Uint8Array or ArrayBuffer); throws JSONReadError. */
export function readJSON(body, limits = {}) {
  let bytes;
  const valid = typeof body === "string" && wellFormed(body);
  if (typeof body === "string") bytes = valid ? encoder.encode(body) : generalizedUTF8(body);
  else if (body instanceof Uint8Array) bytes = body;
  else if (body instanceof ArrayBuffer) bytes = new Uint8Array(body);
  else if (ArrayBuffer.isView(body)) bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  else throw new TypeError("a JSON body is a string or bytes (Uint8Array)");
  const parser = new Parser(bytes, { maxDepth: limits.maxDepth ?? MAX_DEPTH, maxExponent: limits.maxExponent ?? MAX_EXPONENT, valid });
  return parser.parse();
}
