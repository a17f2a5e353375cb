// Every Unicode fact a verdict depends on, decided from the pinned tables of unicode-data.js and
// unicode-normalization.js (the encoding: Scripts/generate-unicode.py): extended grapheme
// clusters, full case mapping, NFC and NFKC, White_Space and general categories. Nothing here asks
// the platform (no Intl.Segmenter, normalize, toLowerCase, toUpperCase or RegExp \p{…}), so a rule
// means the same on every JavaScript engine, whatever Unicode its ICU carries.
//
// Each table is decoded once, at its first use. Every function takes time linear in its input.
// A lone surrogate is the code point it is: grapheme break Control, no case mapping, unchanged by
// normalization.

import * as data from "./unicode-data.js";
import * as normalizationData from "./unicode-normalization.js";

/** The Unicode version of the tables, as the export's `x-rulecheck-unicode` states it. */
export const UNICODE_VERSION = data.version;

// ---- Decoders (the encoding: entries `D:V`, `D:T,T,…` or `D:T*N*S` separated by `;`, D a distance)

// A property table as a two-stage index: `stage1[cp >> 8]` is ~value for a block of 256 code
// points that all have that value, or the offset in `stage2` of the block's 256 values. `starts`
// and `values` are the ranges themselves.
function decodeProperty(encoded) {
  const starts = [];
  const values = [];
  let codePoint = 0;
  for (const entry of encoded.split(";")) {
    const colon = entry.indexOf(":");
    codePoint += parseInt(entry.slice(0, colon), 16);
    starts.push(codePoint);
    values.push(parseInt(entry.slice(colon + 1), 16));
  }
  starts.push(0x110000);
  // A block where a range starts, other than at the block's first code point, has values of its own.
  const stage1 = new Int32Array(0x1100);
  const mixed = new Uint8Array(0x1100);
  for (let index = 1; index < values.length; index++) if ((starts[index] & 0xff) !== 0) mixed[starts[index] >> 8] = 1;
  let blocks = 0;
  for (let block = 0; block < 0x1100; block++) if (mixed[block] === 1) stage1[block] = blocks++ << 8;
  const stage2 = new Uint8Array(blocks << 8);
  for (let index = 0; index < values.length; index++) {
    const start = starts[index];
    const end = starts[index + 1];
    const value = values[index];
    for (let block = start >> 8; block <= (end - 1) >> 8; block++) {
      if (mixed[block] === 0) {
        stage1[block] = ~value;
        continue;
      }
      const low = block << 8;
      stage2.fill(value, stage1[block] + Math.max(start - low, 0), stage1[block] + Math.min(end - low, 256));
    }
  }
  return { stage1, stage2, starts, values };
}

function lookup(table, codePoint) {
  const block = table.stage1[codePoint >> 8];
  return block < 0 ? ~block : table.stage2[block + (codePoint & 0xff)];
}

// A mapping table as a Map from a code point to its code points; a run `D:T*N*S` maps the N keys S
// apart from the key D gives to T, T+S, …, and D counts from the run's last key.
function decodeMapping(encoded) {
  const map = new Map();
  let key = 0;
  for (const entry of encoded.split(";")) {
    const colon = entry.indexOf(":");
    key += parseInt(entry.slice(0, colon), 16);
    const targets = entry.slice(colon + 1);
    if (!targets.includes("*")) {
      map.set(key, targets.split(",").map((target) => parseInt(target, 16)));
      continue;
    }
    const [first, count, stride] = targets.split("*").map((number) => parseInt(number, 16));
    for (let index = 0; index < count; index++) map.set(key + index * stride, [first + index * stride]);
    key += (count - 1) * stride;
  }
  return map;
}

const decoded = new Map();

// What `make` makes, made once under `name`.
function table(name, make) {
  let found = decoded.get(name);
  if (found === undefined) {
    found = make();
    decoded.set(name, found);
  }
  return found;
}

const encoded = (name) => data[name] ?? normalizationData[name];

/** Touches the normalization tables: the browser build (dist/) throws here when their file is missing. */
export function requireNormalization() {
  return normalizationData.version === data.version;
}
const property = (name) => table(name, () => decodeProperty(encoded(name)));
const mapping = (name) => table(name, () => decodeMapping(encoded(name)));

// The code point at `index` of `text`, a lone surrogate as itself.
function codePointAt(text, index) {
  const unit = text.charCodeAt(index);
  if (unit < 0xd800 || unit > 0xdbff || index + 1 >= text.length) return unit;
  const next = text.charCodeAt(index + 1);
  return next < 0xdc00 || next > 0xdfff ? unit : ((unit - 0xd800) << 10) + (next - 0xdc00) + 0x10000;
}

// The code point that ends before `end` in `text`, a lone surrogate as itself.
function codePointBefore(text, end) {
  const unit = text.charCodeAt(end - 1);
  if (unit < 0xdc00 || unit > 0xdfff || end < 2) return unit;
  const previous = text.charCodeAt(end - 2);
  return previous < 0xd800 || previous > 0xdbff ? unit : ((previous - 0xd800) << 10) + (unit - 0xdc00) + 0x10000;
}

// ---- Extended grapheme clusters (UAX #29 of the tables' version, with GB9c)

// GRAPHEME's low 4 bits: Grapheme_Cluster_Break, and 14 for Extended_Pictographic.
const OTHER = 0, CR = 1, LF = 2, CONTROL = 3, EXTEND = 4, ZWJ = 5, REGIONAL = 6, PREPEND = 7;
const SPACING_MARK = 8, L = 9, V = 10, T = 11, LV = 12, LVT = 13, PICTOGRAPHIC = 14;
// Bits 4-5: Indic_Conjunct_Break.
const CONSONANT = 1, LINKER = 2, INCB_EXTEND = 3;

// Whether GB3 to GB9b keep two classes together (1), or leave the choice to the rules that read
// further back (0): JOINS[previous * 16 + current].
const JOINS = new Uint8Array(256);
for (let previous = 0; previous < 16; previous++) {
  for (let current = 0; current < 16; current++) {
    let joins;
    if (previous === CR && current === LF) joins = true; // GB3
    else if (previous === CR || previous === LF || previous === CONTROL) joins = false; // GB4
    else if (current === CR || current === LF || current === CONTROL) joins = false; // GB5
    else if (previous === L && (current === L || current === V || current === LV || current === LVT)) joins = true; // GB6
    else if ((previous === LV || previous === V) && (current === V || current === T)) joins = true; // GB7
    else if ((previous === LVT || previous === T) && current === T) joins = true; // GB8
    else joins = current === EXTEND || current === ZWJ || current === SPACING_MARK || previous === PREPEND; // GB9, GB9a, GB9b
    JOINS[previous * 16 + current] = joins ? 1 : 0;
  }
}

// GRAPHEME, once decoded: read on every count, past the Map of tables.
let graphemeTable = null;

// The clusters of `text` in one pass with a constant state: the previous code point's class,
// whether an Extended_Pictographic Extend* ZWJ ends here (GB11), whether the regional indicators
// in a row before here are odd (GB12, GB13), and where GB9c's Consonant [Extend Linker]* stands.
// Counting stops at `cap`; `starts`, when given, receives each cluster's first UTF-16 offset.
function scanClusters(text, cap, starts) {
  const length = text.length;
  let index = 0;
  // Printable ASCII: each code point a cluster of its own, unless a mark joins the last one.
  while (index < length) {
    const unit = text.charCodeAt(index);
    if (unit < 0x20 || unit > 0x7e) break;
    if (starts !== null) starts.push(index);
    index++;
  }
  if (index === length) return length;
  const grapheme = graphemeTable ??= property("GRAPHEME");
  const stage1 = grapheme.stage1;
  const stage2 = grapheme.stage2;
  let count = index;
  let previous = index === 0 ? -1 : OTHER;
  let pictographic = 0; // 1: Extended_Pictographic Extend*; 2: then ZWJ
  let regionalOdd = false;
  let conjunct = 0; // 1: Consonant [Extend Linker]*; 2: with a Linker among them
  while (index < length) {
    const at = index;
    let codePoint = text.charCodeAt(index++);
    let value = 0;
    if (codePoint < 0x20 || codePoint > 0x7e) {
      if (codePoint >= 0xd800 && codePoint <= 0xdbff && index < length) {
        const next = text.charCodeAt(index);
        if (next >= 0xdc00 && next <= 0xdfff) {
          codePoint = ((codePoint - 0xd800) << 10) + (next - 0xdc00) + 0x10000;
          index++;
        }
      }
      const block = stage1[codePoint >> 8];
      value = block < 0 ? ~block : stage2[block + (codePoint & 0xff)];
    }
    if (value === 0) {
      // Other, in no conjunct (printable ASCII among them): only a Prepend keeps it (GB9b).
      if (previous !== PREPEND) {
        if (count >= cap) return count;
        count++;
        if (starts !== null) starts.push(at);
      }
      previous = OTHER;
      pictographic = 0;
      regionalOdd = false;
      conjunct = 0;
      continue;
    }
    const current = value & 15;
    const incb = value >> 4;
    if (previous < 0 || (JOINS[previous * 16 + current] === 0 &&
      !(incb === CONSONANT && conjunct === 2) && // GB9c
      !(current === PICTOGRAPHIC && pictographic === 2) && // GB11
      !(current === REGIONAL && regionalOdd))) { // GB12, GB13
      if (count >= cap) return count;
      count++;
      if (starts !== null) starts.push(at);
    }
    pictographic = current === PICTOGRAPHIC || (pictographic === 1 && current === EXTEND) ? 1 : pictographic === 1 && current === ZWJ ? 2 : 0;
    regionalOdd = current === REGIONAL && !regionalOdd;
    conjunct = incb === CONSONANT ? 1 : conjunct !== 0 && incb === LINKER ? 2 : conjunct !== 0 && incb === INCB_EXTEND ? conjunct : 0;
    previous = current;
  }
  return count;
}

/** Extended grapheme clusters in `text`; a count that reaches `cap` may stop there. */
export function graphemeCount(text, cap = Infinity) {
  return scanClusters(text, cap, null);
}

/** The extended grapheme clusters of `text`, as strings. */
export function graphemeClusters(text) {
  const starts = [];
  scanClusters(text, Infinity, starts);
  return starts.map((start, index) => text.slice(start, index + 1 < starts.length ? starts[index + 1] : text.length));
}

// ---- White_Space

let whiteSpace = null;

/** Whether `codePoint` is White_Space. */
export function isWhiteSpace(codePoint) {
  if (codePoint <= 0x20) return codePoint === 0x20 || (codePoint >= 0x09 && codePoint <= 0x0d);
  if (codePoint < 0x80) return false;
  const { stage1, stage2 } = whiteSpace ??= property("WHITE_SPACE");
  const block = stage1[codePoint >> 8];
  return (block < 0 ? ~block : stage2[block + (codePoint & 0xff)]) === 1;
}

/** White_Space as sorted ranges [[low, high], …]. */
export function whiteSpaceRanges() {
  const { starts, values } = property("WHITE_SPACE");
  const ranges = [];
  for (let index = 0; index < values.length; index++) if (values[index] === 1) ranges.push([starts[index], starts[index + 1] - 1]);
  return ranges;
}

/** `text` without the White_Space at either end. */
export function trim(text) {
  const length = text.length;
  let start = 0;
  while (start < length) {
    const unit = text.charCodeAt(start);
    // NB: a code unit that is neither a surrogate nor White_Space ends the scan without a code point.
    if (unit > 0x20 && (unit < 0x80 || (unit < 0xd800 && !isWhiteSpace(unit)))) break;
    const codePoint = codePointAt(text, start);
    if (!isWhiteSpace(codePoint)) break;
    start += codePoint > 0xffff ? 2 : 1;
  }
  let end = length;
  while (end > start) {
    const unit = text.charCodeAt(end - 1);
    if (unit > 0x20 && (unit < 0x80 || (unit < 0xd800 && !isWhiteSpace(unit)))) break;
    const codePoint = codePointBefore(text, end);
    if (!isWhiteSpace(codePoint)) break;
    end -= codePoint > 0xffff ? 2 : 1;
  }
  return start === 0 && end === length ? text : text.slice(start, end);
}

let collapsing = null;

/** `text` trimmed, each run of White_Space in it one space. */
export function collapseWhitespace(text) {
  // NB: the first run that changes is found by a RegExp class made from the table (every White_Space
  // code point is in the BMP, none a surrogate): the engine's scan, where a look-up a code point made
  // a megabyte 3 times as slow. From there the rest is written a code unit at a time into an array:
  // `replace` made a string for each run, and a run every other character took 74 times the scan.
  collapsing ??= (() => {
    const ranges = whiteSpaceRanges();
    const chars = (list) => list.map(([low, high]) => `\\u${hexDigits(low, 4)}-\\u${hexDigits(high, 4)}`).join("");
    const others = ranges.flatMap(([low, high]) => (low <= 0x20 && 0x20 <= high
      ? [[low, 0x1f], [0x21, high]].filter(([a, b]) => a <= b) : [[low, high]]));
    const table = new Uint8Array(0x10000);
    for (const [low, high] of ranges) table.fill(1, low, high + 1);
    return { changes: new RegExp(`[${chars(ranges)}]{2}|[${chars(others)}]`), table };
  })();
  const trimmed = trim(text);
  const first = trimmed.search(collapsing.changes);
  if (first < 0) return trimmed;
  const { table } = collapsing;
  const units = new Uint16Array(trimmed.length - first);
  let count = 0;
  let inRun = false;
  for (let index = first; index < trimmed.length; index++) {
    const unit = trimmed.charCodeAt(index);
    if (table[unit] === 1) {
      if (!inRun) units[count++] = 0x20;
      inRun = true;
    } else {
      units[count++] = unit;
      inRun = false;
    }
  }
  const parts = [trimmed.slice(0, first)];
  for (let index = 0; index < count; index += 4096) {
    parts.push(String.fromCharCode.apply(null, units.subarray(index, Math.min(index + 4096, count))));
  }
  return parts.join("");
}

// ---- General categories

/** The short name of `codePoint`'s General_Category (`Lu`, `Cn`, …). */
export function generalCategory(codePoint) {
  return data.GENERAL_CATEGORY_NAMES[lookup(property("GENERAL_CATEGORY"), codePoint)];
}

let categoryAliases = null;

/**
 * The general categories (short names) that `name` selects: a short name (`Lu`), a long name
 * (`Uppercase_Letter`), a group (`L`, `LC`) or another alias (`digit`) of PropertyValueAliases.txt,
 * matched exactly as ECMAScript does; null for any other name.
 */
export function generalCategoryNamed(name) {
  if (categoryAliases === null) {
    categoryAliases = new Map();
    // Entries `name:category,category` separated by `;`.
    for (const entry of data.GENERAL_CATEGORY_ALIASES.split(";")) {
      const [name, categories] = entry.split(":");
      categoryAliases.set(name, categories.split(","));
    }
  }
  return categoryAliases.get(name) ?? null;
}

/** The code points whose General_Category is one of `names` (short names), as sorted ranges. */
export function generalCategoryRanges(names) {
  const { starts, values } = property("GENERAL_CATEGORY");
  const wanted = new Set(names.map((name) => data.GENERAL_CATEGORY_NAMES.indexOf(name)));
  const ranges = [];
  for (let index = 0; index < values.length; index++) {
    if (!wanted.has(values[index])) continue;
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last[1] + 1 === starts[index]) last[1] = starts[index + 1] - 1;
    else ranges.push([starts[index], starts[index + 1] - 1]);
  }
  return ranges;
}

// ---- Strings from UTF-16 code units

// NB: ignoreBOM keeps a U+FEFF that starts the text; by default TextDecoder drops it.
const utf16 = new TextDecoder("utf-16le", { ignoreBOM: true });

// `units[0..<length]` as a string. TextDecoder is the fast way, but it makes a lone surrogate
// U+FFFD, so text that holds one is made by String.fromCharCode.
function stringOfUnits(units, length) {
  const view = units.subarray(0, length);
  for (let index = 0; index < length; index++) {
    const unit = view[index];
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit <= 0xdbff && index + 1 < length && view[index + 1] >= 0xdc00 && view[index + 1] <= 0xdfff) {
      index++;
      continue;
    }
    let out = "";
    for (let from = 0; from < length; from += 8192) out += String.fromCharCode.apply(null, Array.from(view.subarray(from, from + 8192)));
    return out;
  }
  return utf16.decode(view);
}

// A Uint16Array at least `wanted` long, holding the first `length` units of `units`.
function grown(units, length, wanted) {
  if (wanted <= units.length) return units;
  const out = new Uint16Array(Math.max(units.length * 2, wanted));
  out.set(units.subarray(0, length));
  return out;
}

// ---- Full case mapping (Unicode's default case conversion, Final_Sigma included)

let cased = null;
let caseIgnorable = null;

// A case table as a Map from a code point to the UTF-16 units of its mapping.
// A bit for each code point of the BMP that the case mapping `name` maps.
function caseBits(name, map) {
  return table(name + " bits", () => {
    const bits = new Uint8Array(0x10000 >> 3);
    for (const key of map.keys()) if (key < 0x10000) bits[key >> 3] |= 1 << (key & 7);
    return bits;
  });
}

function caseMapping(name) {
  return table(name + " units", () => {
    const units = new Map();
    for (const [key, targets] of mapping(name)) {
      const text = String.fromCodePoint(...targets);
      units.set(key, Array.from({ length: text.length }, (_, index) => text.charCodeAt(index)));
    }
    return units;
  });
}

// Whether the capital sigma at `index` ends a word (Unicode §3.13, Final_Sigma): a Cased code
// point then Case_Ignorable ones before it, and no Case_Ignorable ones then a Cased one after it.
// A code point both Cased and Case_Ignorable (U+0345) is skipped as Case_Ignorable, as ICU and
// CPython do. Each scan stops at a code point that is not Case_Ignorable, which every Σ is, so the
// scans of all the sigmas in a text read each code point at most twice.
function isFinalSigma(text, index) {
  cased ??= property("CASED");
  caseIgnorable ??= property("CASE_IGNORABLE");
  let end = index;
  while (end > 0) {
    const codePoint = codePointBefore(text, end);
    if (lookup(caseIgnorable, codePoint) !== 1) break;
    end -= codePoint > 0xffff ? 2 : 1;
  }
  if (end === 0 || lookup(cased, codePointBefore(text, end)) !== 1) return false;
  let start = index + 1;
  while (start < text.length) {
    const codePoint = codePointAt(text, start);
    if (lookup(caseIgnorable, codePoint) !== 1) break;
    start += codePoint > 0xffff ? 2 : 1;
  }
  return start === text.length || lookup(cased, codePointAt(text, start)) !== 1;
}

// `text` with each code point mapped by the table `name`; ASCII by `asciiLow` (A or a) and the 25
// letters after it. The text is returned itself when nothing maps.
function mapCase(text, name, asciiLow, lower) {
  const length = text.length;
  let index = 0;
  let map = null;
  let bits = null;
  // Find the first code unit that changes. NB: by a bit a code unit of the BMP, not a Map look-up.
  for (; index < length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) {
      if (unit - asciiLow >>> 0 < 26) break;
      continue;
    }
    map ??= caseMapping(name);
    bits ??= caseBits(name, map);
    if ((bits[unit >> 3] & (1 << (unit & 7))) !== 0 || (unit >= 0xd800 && unit <= 0xdbff && map.has(codePointAt(text, index)))) break;
  }
  if (index === length) return text;
  map ??= caseMapping(name);
  bits ??= caseBits(name, map);
  const start = index;
  // NB: a code unit maps to at most 3 code points (ΐ → ΐ), 3 units; room for 6 is kept.
  let units = new Uint16Array(length - start + 16);
  let count = 0;
  while (index < length) {
    const unit = text.charCodeAt(index);
    if (count + 6 > units.length) units = grown(units, count, count + 6);
    if (unit < 0x80) {
      units[count++] = unit - asciiLow >>> 0 < 26 ? unit ^ 0x20 : unit;
      index++;
      continue;
    }
    if (unit < 0xd800 && (bits[unit >> 3] & (1 << (unit & 7))) === 0) {
      units[count++] = unit;
      index++;
      continue;
    }
    const codePoint = codePointAt(text, index);
    const size = codePoint > 0xffff ? 2 : 1;
    const target = map.get(codePoint);
    if (target === undefined) {
      units[count++] = unit;
      if (size === 2) units[count++] = text.charCodeAt(index + 1);
    } else if (lower && codePoint === 0x03a3 && isFinalSigma(text, index)) {
      units[count++] = 0x03c2;
    } else {
      for (let at = 0; at < target.length; at++) units[count++] = target[at];
    }
    index += size;
  }
  return text.slice(0, start) + stringOfUnits(units, count);
}

/** The full lowercase mapping of `text`, a capital sigma that ends a word as ς. */
export function lowercase(text) {
  return mapCase(text, "LOWER", 0x41, true);
}

/** The full uppercase mapping of `text` (ß as SS). */
export function uppercase(text) {
  return mapCase(text, "UPPER", 0x61, false);
}

// ---- Normalization: NFC and NFKC

const S_BASE = 0xac00, L_BASE = 0x1100, V_BASE = 0x1161, T_BASE = 0x11a7;
const L_COUNT = 19, V_COUNT = 21, T_COUNT = 28, N_COUNT = V_COUNT * T_COUNT, S_COUNT = L_COUNT * N_COUNT;
// The longest full decomposition of one code point (U+FDFA, NFKD) is 18 code points.
const LONGEST_DECOMPOSITION = 18;

// The full decomposition of each code point that has one (NFD's, or NFKD's before NFD's), and a
// bit per code point saying which do.
function decompositions(compatibility) {
  return table(compatibility ? "NFKD+NFD" : "NFD+", () => {
    const map = new Map(mapping("NFD"));
    if (compatibility) for (const [key, targets] of mapping("NFKD")) map.set(key, targets);
    const bits = new Uint8Array(0x110000 >> 3);
    for (const key of map.keys()) bits[key >> 3] |= 1 << (key & 7);
    return { map, bits };
  });
}

// Fully decomposed code points and their combining classes: `count` of each, in canonical order.
class Decomposed {
  constructor(capacity) {
    this.codePoints = new Int32Array(capacity);
    this.classes = new Uint8Array(capacity);
    this.count = 0;
  }

  reserve(wanted) {
    if (wanted <= this.codePoints.length) return;
    const size = Math.max(this.codePoints.length * 2, wanted);
    const codePoints = new Int32Array(size);
    codePoints.set(this.codePoints.subarray(0, this.count));
    const classes = new Uint8Array(size);
    classes.set(this.classes.subarray(0, this.count));
    this.codePoints = codePoints;
    this.classes = classes;
  }
}

function decompose(text, compatibility) {
  const { map, bits } = decompositions(compatibility);
  const { stage1, stage2 } = property("CCC");
  const out = new Decomposed(text.length + LONGEST_DECOMPOSITION);
  let codePoints = out.codePoints;
  let classes = out.classes;
  let count = 0;
  let lastClass = 0;
  let ordered = true;
  // NB: the code points of a decomposition go through `targets`; one that has none is written at
  // once. (A closure that wrote them kept the counters in a context: twice the time a code point.)
  const hangul = new Int32Array(3);
  for (let index = 0; index < text.length;) {
    let codePoint = text.charCodeAt(index++);
    if (codePoint >= 0xd800 && codePoint <= 0xdbff && index < text.length) {
      const next = text.charCodeAt(index);
      if (next >= 0xdc00 && next <= 0xdfff) {
        codePoint = ((codePoint - 0xd800) << 10) + (next - 0xdc00) + 0x10000;
        index++;
      }
    }
    if (count + LONGEST_DECOMPOSITION > codePoints.length) {
      out.count = count;
      out.reserve(count + LONGEST_DECOMPOSITION);
      codePoints = out.codePoints;
      classes = out.classes;
    }
    const syllable = codePoint - S_BASE;
    let targets = null;
    let length = 1;
    if (syllable >= 0 && syllable < S_COUNT) {
      hangul[0] = L_BASE + Math.floor(syllable / N_COUNT);
      hangul[1] = V_BASE + Math.floor((syllable % N_COUNT) / T_COUNT);
      hangul[2] = T_BASE + (syllable % T_COUNT);
      targets = hangul;
      length = syllable % T_COUNT !== 0 ? 3 : 2;
    } else if ((bits[codePoint >> 3] & (1 << (codePoint & 7))) !== 0) {
      targets = map.get(codePoint);
      length = targets.length;
    }
    for (let at = 0; at < length; at++) {
      const point = targets === null ? codePoint : targets[at];
      let value = 0;
      if (point >= 0x300) {
        const block = stage1[point >> 8];
        value = block < 0 ? ~block : stage2[block + (point & 0xff)];
        if (value !== 0 && value < lastClass) ordered = false;
      }
      codePoints[count] = point;
      classes[count++] = value;
      lastClass = value;
    }
  }
  out.count = count;
  if (!ordered) reorder(out);
  return out;
}

// Canonical ordering: each run of non-starters sorted by combining class, stably. A run already
// in order is left; a long one is sorted by counting, so that no run takes more than linear time.
function reorder({ codePoints, classes, count }) {
  for (let start = 0; start < count;) {
    if (classes[start] === 0) {
      start++;
      continue;
    }
    let end = start + 1;
    let ordered = true;
    while (end < count && classes[end] !== 0) {
      if (classes[end] < classes[end - 1]) ordered = false;
      end++;
    }
    if (!ordered) sortRun(codePoints, classes, start, end);
    start = end;
  }
}

function sortRun(codePoints, classes, start, end) {
  if (end - start <= 16) {
    for (let index = start + 1; index < end; index++) {
      const codePoint = codePoints[index];
      const value = classes[index];
      let to = index;
      while (to > start && classes[to - 1] > value) {
        codePoints[to] = codePoints[to - 1];
        classes[to] = classes[to - 1];
        to--;
      }
      codePoints[to] = codePoint;
      classes[to] = value;
    }
    return;
  }
  const counts = new Uint32Array(257);
  for (let index = start; index < end; index++) counts[classes[index] + 1]++;
  for (let value = 1; value < 257; value++) counts[value] += counts[value - 1];
  const sorted = new Int32Array(end - start);
  const sortedClasses = new Uint8Array(end - start);
  for (let index = start; index < end; index++) {
    const at = counts[classes[index]]++;
    sorted[at] = codePoints[index];
    sortedClasses[at] = classes[index];
  }
  codePoints.set(sorted, start);
  classes.set(sortedClasses, start);
}

// COMPOSE as a Map from a first code point to a Map from a second one to their composite.
let compositions = null;

// The primary composite of `first` and `second`, or -1.
function composePair(first, second) {
  const lIndex = first - L_BASE;
  if (lIndex >= 0 && lIndex < L_COUNT) {
    const vIndex = second - V_BASE;
    return vIndex >= 0 && vIndex < V_COUNT ? S_BASE + (lIndex * V_COUNT + vIndex) * T_COUNT : -1;
  }
  const sIndex = first - S_BASE;
  if (sIndex >= 0 && sIndex < S_COUNT) {
    const tIndex = second - T_BASE;
    return sIndex % T_COUNT === 0 && tIndex > 0 && tIndex < T_COUNT ? first + tIndex : -1;
  }
  if (compositions === null) {
    compositions = new Map();
    for (const [key, pairs] of mapping("COMPOSE")) {
      const seconds = new Map();
      for (let index = 0; index < pairs.length; index += 2) seconds.set(pairs[index], pairs[index + 1]);
      compositions.set(key, seconds);
    }
  }
  const seconds = compositions.get(first);
  if (seconds === undefined) return -1;
  return seconds.get(second) ?? -1;
}

// Canonical composition (UAX #15's algorithm) of decomposed, ordered code points: the composed
// text, as a string.
function compose({ codePoints, classes, count }) {
  if (count === 0) return "";
  // NB: composition only shortens, so it writes in place behind what it reads.
  let starterAt = 0;
  let starter = codePoints[0];
  let lastClass = classes[0] === 0 ? 0 : 256;
  let written = 1;
  for (let index = 1; index < count; index++) {
    const codePoint = codePoints[index];
    const value = classes[index];
    const composite = lastClass < value || lastClass === 0 ? composePair(starter, codePoint) : -1;
    if (composite >= 0) {
      codePoints[starterAt] = composite;
      starter = composite;
    } else {
      if (value === 0) {
        starterAt = written;
        starter = codePoint;
      }
      lastClass = value;
      codePoints[written++] = codePoint;
    }
  }
  const units = new Uint16Array(written * 2);
  let length = 0;
  for (let index = 0; index < written; index++) {
    const codePoint = codePoints[index];
    if (codePoint > 0xffff) {
      units[length++] = 0xd800 + ((codePoint - 0x10000) >> 10);
      units[length++] = 0xdc00 + ((codePoint - 0x10000) & 0x3ff);
    } else units[length++] = codePoint;
  }
  return stringOfUnits(units, length);
}

// The offset from which `text` must be normalized: its length when the quick check finds it
// normalized whole; otherwise the last starter the check accepted before the first code point it
// doubts (Maybe, No, or out of canonical order). No code point before that starter can change.
function normalizedUpTo(text, quickCheckName) {
  const qc = property(quickCheckName);
  const ccc = property("CCC");
  let stable = 0;
  let lastClass = 0;
  for (let index = 0; index < text.length;) {
    const unit = text.charCodeAt(index);
    if (unit < 0xa0) {
      stable = index++;
      lastClass = 0;
      continue;
    }
    const codePoint = codePointAt(text, index);
    const value = lookup(ccc, codePoint);
    if ((value !== 0 && lastClass > value) || lookup(qc, codePoint) !== 0) return stable;
    if (value === 0) stable = index;
    lastClass = value;
    index += codePoint > 0xffff ? 2 : 1;
  }
  return text.length;
}

function normalizeForm(text, compatibility) {
  const from = normalizedUpTo(text, compatibility ? "NFKC_QC" : "NFC_QC");
  if (from === text.length) return text;
  const composed = compose(decompose(from === 0 ? text : text.slice(from), compatibility));
  return from === 0 ? composed : text.slice(0, from) + composed;
}

/** Unicode Normalization Form C of `text`. */
export function nfc(text) {
  return normalizeForm(text, false);
}

/** Unicode Normalization Form KC of `text`. */
export function nfkc(text) {
  return normalizeForm(text, true);
}

/** Whether a string holds no lone surrogate. */
/** `value` in upper-case hexadecimal, at least `width` digits: `hexDigits(0x1f, 4)` is "001F". */
export function hexDigits(value, width) {
  let digits = "";
  do {
    digits = "0123456789ABCDEF"[value % 16] + digits;
    value = Math.floor(value / 16);
  } while (value > 0);
  return digits.padStart(width, "0");
}

export const wellFormed = typeof String.prototype.isWellFormed === "function"
  ? (text) => text.isWellFormed()
  : (text) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
