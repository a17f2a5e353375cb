// rulecheck's portable pattern subset (docs/format.md, "Patterns"), parsed here and run by a Pike
// VM (Thompson's construction, all threads in lock step): time linear in the value's length,
// whatever the pattern. No user pattern ever reaches the backtracking RegExp engine, and every
// class, \p{…} included, is ranges of code points from the pinned tables (unicode.js,
// unicode-scripts.js), never the platform's.

import { generalCategoryNamed, generalCategoryRanges, hexDigits, whiteSpaceRanges } from "./unicode.js";
import * as scripts from "./unicode-scripts.js";

export class PatternError extends Error {}

/** The longest value, in scalars, that a pattern can match. */
export const MAXIMUM_INPUT_LENGTH = 10_000;
const MAXIMUM_STATES = 10_000;
const MAXIMUM_COUNT = 1000;
const MAXIMUM_DFA_STATES = 2000;
const MAXIMUM_DFA_PROGRAM = 400;

const DIGITS = [[0x30, 0x39]];
const WORD = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
const LINE_TERMINATORS = [[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]];
const SIMPLE_ESCAPES = { t: 0x09, n: 0x0a, r: 0x0d, f: 0x0c, v: 0x0b, 0: 0x00 };
const SYNTAX_CHARACTERS = "^$\\.*+?()[]{}|/";

// A class: sorted ranges of code points, and negation.
class ScalarClass {
  constructor(ranges, negated) {
    this.ranges = mergeRanges(ranges);
    this.negated = negated;
  }

  has(codePoint) {
    return this.contains(codePoint) !== this.negated;
  }

  contains(codePoint) {
    const ranges = this.ranges;
    let low = 0;
    let high = ranges.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const range = ranges[middle];
      if (codePoint < range[0]) high = middle - 1;
      else if (codePoint > range[1]) low = middle + 1;
      else return true;
    }
    return false;
  }
}

function mergeRanges(ranges) {
  const sorted = ranges.slice().sort((a, b) => a[0] - b[0]);
  const out = [];
  for (const [low, high] of sorted) {
    const last = out[out.length - 1];
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else out.push([low, high]);
  }
  return out;
}

function complement(ranges) {
  const out = [];
  let next = 0;
  for (const [low, high] of mergeRanges(ranges)) {
    if (low > next) out.push([next, low - 1]);
    next = Math.max(next, high + 1);
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

let scriptIndex;

// The ranges of a script or of its extensions, from the engine's own tables (src/unicode-scripts.js).
function scriptRanges(value, extensions) {
  if (scriptIndex === undefined) {
    scriptIndex = new Map();
    for (const entry of scripts.ENTRIES) for (const name of entry[0]) if (!scriptIndex.has(name)) scriptIndex.set(name, entry);
  }
  const entry = scriptIndex.get(value);
  if (entry === undefined) return null;
  const [start, end] = extensions ? [entry[3], entry[4]] : [entry[1], entry[2]];
  const ranges = [];
  for (let index = start; index < end; index++) ranges.push([scripts.BOUNDS[2 * index], scripts.BOUNDS[2 * index + 1]]);
  return ranges;
}

// A \p{…} as a class: a general category (any name of PropertyValueAliases.txt, exactly, as
// ECMAScript reads it) or a script, both from the pinned tables.
function propertyClass(content, negated, source) {
  const equals = content.lastIndexOf("=");
  const name = equals < 0 ? "" : content.slice(0, equals);
  const value = content.slice(equals + 1);
  if (["sc", "Script", "scx", "Script_Extensions"].includes(name)) {
    const ranges = scriptRanges(value, name === "scx" || name === "Script_Extensions");
    if (ranges === null) throw new PatternError(`unknown script '${value}' in the pattern '${source}'`);
    return new ScalarClass(ranges, negated);
  }
  if (!["", "gc", "General_Category"].includes(name)) throw new PatternError(`unknown property '${content}' in the pattern '${source}'`);
  const categories = generalCategoryNamed(value);
  if (categories === null) {
    const hint = scriptRanges(value, false) !== null ? `; a script needs 'Script=': '\\p{Script=${value}}'` : "";
    throw new PatternError(`unknown property '${content}' in the pattern '${source}'${hint}`);
  }
  return new ScalarClass(generalCategoryRanges(categories), negated);
}

// ---- Parser: source → syntax tree
// Nodes: {k:"empty"} {k:"char",c} {k:"class",set} {k:"start"} {k:"end"} {k:"cat",parts}
//        {k:"alt",parts} {k:"rep",part,min,max}  (max null: no bound)

class Parser {
  constructor(source) {
    this.source = source;
    this.chars = Array.from(source, (char) => char.codePointAt(0));
    this.position = 0;
  }

  fail(message) {
    throw new PatternError(`${message} at ${this.position} in the pattern '${this.source}'`);
  }

  peek(offset = 0) {
    const index = this.position + offset;
    return index < this.chars.length ? this.chars[index] : null;
  }

  take() {
    const char = this.peek();
    if (char === null) this.fail("unexpected end");
    this.position++;
    return char;
  }

  is(char, offset = 0) {
    return this.peek(offset) === char.codePointAt(0);
  }

  parse() {
    const node = this.alternation(0);
    if (this.peek() !== null) this.fail("unbalanced ')'");
    return node;
  }

  alternation(depth) {
    if (depth > 200) this.fail("groups nested too deeply");
    const parts = [this.concatenation(depth)];
    while (this.is("|")) {
      this.take();
      parts.push(this.concatenation(depth));
    }
    return parts.length === 1 ? parts[0] : { k: "alt", parts };
  }

  concatenation(depth) {
    const parts = [];
    while (this.peek() !== null && !this.is("|") && !this.is(")")) {
      parts.push(this.quantified(depth));
    }
    if (parts.length === 0) return { k: "empty" };
    return parts.length === 1 ? parts[0] : { k: "cat", parts };
  }

  quantified(depth) {
    const node = this.atom(depth);
    let bounds;
    if (this.is("*") || this.is("+") || this.is("?")) {
      const char = String.fromCodePoint(this.take());
      bounds = char === "*" ? [0, null] : char === "+" ? [1, null] : [0, 1];
    } else if (this.is("{")) {
      bounds = this.count();
    } else {
      return node;
    }
    if (node.k === "start" || node.k === "end") this.fail("nothing to repeat");
    if (this.is("?")) this.take(); // lazy: the same whole-match verdict
    if (this.is("*") || this.is("+") || this.is("?") || this.is("{")) this.fail("nothing to repeat (possessive and double quantifiers are not in the subset)");
    // NB: this engine is linear whatever the pattern, but the backends sharing the rule file may backtrack.
    if (bounds[1] === null && repeatsWithoutBound(node)) {
      this.fail("nested unbounded repetition, which takes exponential time on backtracking engines");
    }
    const repetition = { k: "rep", part: node, min: bounds[0], max: bounds[1] };
    if (repetitionProduct(repetition, MAXIMUM_COUNT) > MAXIMUM_COUNT) this.fail(`nested repetitions multiply to more than ${MAXIMUM_COUNT}`);
    return repetition;
  }

  // `{m}`, `{m,}`, `{m,n}` at the current position, consumed.
  count() {
    let index = this.position + 1;
    const digits = (from) => {
      let to = from;
      while (to < this.chars.length && this.chars[to] >= 0x30 && this.chars[to] <= 0x39) to++;
      return to;
    };
    const minEnd = digits(index);
    if (minEnd === index) this.fail("a lone '{' (write '\\{')");
    const min = Number(String.fromCodePoint(...this.chars.slice(index, minEnd)));
    let max = min;
    index = minEnd;
    if (this.chars[index] === 0x2c) {
      const maxEnd = digits(index + 1);
      max = maxEnd === index + 1 ? null : Number(String.fromCodePoint(...this.chars.slice(index + 1, maxEnd)));
      index = maxEnd;
    }
    if (this.chars[index] !== 0x7d) this.fail("a lone '{' (write '\\{')");
    this.position = index + 1;
    if (min > MAXIMUM_COUNT || (max !== null && max > MAXIMUM_COUNT)) this.fail(`a count above ${MAXIMUM_COUNT}`);
    if (max !== null && max < min) this.fail("a count {m,n} with n below m");
    return [min, max];
  }

  atom(depth) {
    const char = this.take();
    switch (String.fromCodePoint(char)) {
      case "(": {
        if (this.is("?")) {
          this.take();
          if (this.is(":")) this.take();
          else if (this.is("<") && !this.is("=", 1) && !this.is("!", 1)) {
            this.take();
            while (!this.is(">")) this.take();
            this.take();
          } else this.fail("lookaround, atomic groups and inline flags are not in the subset");
        }
        const node = this.alternation(depth + 1);
        if (!this.is(")")) this.fail("an unclosed group");
        this.take();
        return node;
      }
      case ")": return this.fail("unbalanced ')'");
      case "*": case "+": case "?": return this.fail("nothing to repeat");
      case "{": return this.fail("nothing to repeat");
      case "}": case "]": return this.fail(`a lone '${String.fromCodePoint(char)}'`);
      case ".": return { k: "class", set: new ScalarClass(LINE_TERMINATORS, true) };
      case "^": return { k: "start" };
      case "$": return { k: "end" };
      case "[": return this.characterClass();
      case "\\": {
        const escaped = this.escape(false);
        return typeof escaped === "number" ? { k: "char", c: escaped } : { k: "class", set: escaped };
      }
      default: return { k: "char", c: char };
    }
  }

  characterClass() {
    const negated = this.is("^");
    if (negated) this.take();
    if (this.is("]")) this.fail("an empty class means different things on different backends");
    const ranges = [];
    const add = (item) => {
      if (typeof item === "number") ranges.push([item, item]);
      else if (item.negated) ranges.push(...complement(item.ranges));
      else ranges.push(...item.ranges);
    };
    while (!this.is("]")) {
      if (this.peek() === null) this.fail("an unclosed class");
      if (this.is("[")) this.fail("'[' in a class (write '\\[')");
      if ((this.is("&") && this.is("&", 1)) || (this.is("-") && this.is("-", 1)) || (this.is("~") && this.is("~", 1))) {
        this.fail("set operations are not in the subset");
      }
      const low = this.classAtom();
      if (this.is("-") && !this.is("]", 1) && this.peek(1) !== null) {
        this.take();
        const high = this.classAtom();
        if (typeof low !== "number" || typeof high !== "number") this.fail("a range of a class escape");
        if (high < low) this.fail("a range out of order");
        ranges.push([low, high]);
      } else add(low);
    }
    this.take();
    return { k: "class", set: new ScalarClass(ranges, negated) };
  }

  classAtom() {
    const char = this.take();
    if (char !== 0x5c) return char;
    if (this.is("-")) {
      this.take();
      return 0x2d;
    }
    return this.escape(true);
  }

  // A code point (number) or a ScalarClass.
  escape(inClass) {
    const char = this.take();
    const letter = String.fromCodePoint(char);
    if (letter in SIMPLE_ESCAPES) {
      if (letter === "0" && this.peek() !== null && this.peek() >= 0x30 && this.peek() <= 0x39) this.fail("an octal escape");
      return SIMPLE_ESCAPES[letter];
    }
    if (letter === "x") return this.hex(2);
    if (letter === "u") return this.unicodeEscape();
    const lower = letter === "D" ? "d" : letter === "W" ? "w" : letter === "S" ? "s" : letter;
    if (lower === "d" || lower === "w" || lower === "s") {
      const ranges = lower === "d" ? DIGITS : lower === "w" ? WORD : whiteSpaceRanges();
      return new ScalarClass(ranges, letter !== lower);
    }
    if (letter === "p" || letter === "P") {
      if (!this.is("{")) this.fail("\\p needs braces");
      this.take();
      let content = "";
      while (!this.is("}")) content += String.fromCodePoint(this.take());
      this.take();
      return propertyClass(content, letter === "P", this.source);
    }
    if (SYNTAX_CHARACTERS.includes(letter)) return char;
    if (inClass && letter === "-") return char;
    this.fail(`the escape '\\${letter}' is not in the subset`);
  }

  hex(count) {
    let value = 0;
    for (let index = 0; index < count; index++) {
      const digit = parseInt(String.fromCodePoint(this.take()), 16);
      if (Number.isNaN(digit)) this.fail("expected a hexadecimal digit");
      value = value * 16 + digit;
    }
    return value;
  }

  unicodeEscape() {
    if (this.is("{")) {
      this.take();
      let value = 0;
      let digits = 0;
      while (!this.is("}")) {
        const digit = parseInt(String.fromCodePoint(this.take()), 16);
        if (Number.isNaN(digit)) this.fail("expected a hexadecimal digit");
        value = value * 16 + digit;
        digits++;
        if (value > 0x10ffff) this.fail("a code point above U+10FFFF");
      }
      if (digits === 0) this.fail("expected a hexadecimal digit");
      this.take();
      if (value >= 0xd800 && value <= 0xdfff) this.fail("'\\u{…}' is a surrogate, not a Unicode scalar");
      return value;
    }
    const unit = this.hex(4);
    if (unit < 0xd800 || unit > 0xdfff) return unit;
    if (unit <= 0xdbff && this.is("\\") && this.is("u", 1)) {
      const saved = this.position;
      this.position += 2;
      const low = this.hex(4);
      if (low >= 0xdc00 && low <= 0xdfff) return 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
      this.position = saved;
    }
    return this.fail(`a lone surrogate '\\u${hexDigits(unit, 4)}' is not a Unicode scalar`);
  }
}

// The engine's PatternSyntax properties, for the same load errors.
function matchesEmpty(node) {
  switch (node.k) {
    case "empty": case "start": case "end": return true;
    case "char": case "class": return false;
    case "cat": return node.parts.every(matchesEmpty);
    case "alt": return node.parts.some(matchesEmpty);
    default: return node.min === 0 || matchesEmpty(node.part);
  }
}

function repeatsWithoutBound(node) {
  switch (node.k) {
    case "rep": return node.max === null || (node.max > 0 && repeatsWithoutBound(node.part));
    case "alt": return node.parts.some(repeatsWithoutBound);
    case "cat": return node.parts.some(repeatsWithoutBound) && node.parts.every((part) => repeatsWithoutBound(part) || matchesEmpty(part));
    default: return false;
  }
}

function repetitionProduct(node, limit) {
  switch (node.k) {
    case "cat": case "alt": return node.parts.reduce((product, part) => Math.max(product, repetitionProduct(part, limit)), 1);
    case "rep": return Math.min(Math.max(1, node.max ?? node.min) * repetitionProduct(node.part, limit), limit + 1);
    default: return 1;
  }
}

function programSize(node, limit) {
  let size;
  switch (node.k) {
    case "empty": size = 0; break;
    case "cat": size = node.parts.reduce((sum, part) => sum + programSize(part, limit), 0); break;
    case "alt": size = node.parts.reduce((sum, part) => sum + programSize(part, limit), 2 * (node.parts.length - 1)); break;
    case "rep": {
      const part = programSize(node.part, limit);
      size = node.max === null ? Math.max(node.min, 1) * part + (node.min > 0 ? 1 : 2) : node.min * part + (node.max - node.min) * (part + 1);
      break;
    }
    default: size = 1;
  }
  return Math.min(size, limit + 1);
}

// ---- Compiler: syntax tree → program
// Instructions: [CHAR, c] [CLASS, set] [SPLIT, x, y] [JUMP, x] [START] [END] [MATCH]
const CHAR = 0, CLASS = 1, SPLIT = 2, JUMP = 3, START = 4, END = 5, MATCH = 6;

class Compiler {
  constructor() {
    this.program = [];
  }

  emit(instruction) {
    this.program.push(instruction);
    if (this.program.length > MAXIMUM_STATES + 1) throw new PatternError(`the pattern has more than ${MAXIMUM_STATES} states`);
    return this.program.length - 1;
  }

  compile(node) {
    switch (node.k) {
      case "empty": return;
      case "char": this.emit([CHAR, node.c]); return;
      case "class": this.emit([CLASS, node.set]); return;
      case "start": this.emit([START]); return;
      case "end": this.emit([END]); return;
      case "cat": for (const part of node.parts) this.compile(part); return;
      case "alt": {
        const jumps = [];
        for (let index = 0; index < node.parts.length; index++) {
          if (index < node.parts.length - 1) {
            const split = this.emit([SPLIT, 0, 0]);
            this.program[split][1] = split + 1;
            this.compile(node.parts[index]);
            jumps.push(this.emit([JUMP, 0]));
            this.program[split][2] = this.program.length;
          } else this.compile(node.parts[index]);
        }
        for (const jump of jumps) this.program[jump][1] = this.program.length;
        return;
      }
      case "rep": {
        const { part, min, max } = node;
        for (let index = 0; index < min; index++) this.compile(part);
        if (max === null) {
          const split = this.emit([SPLIT, 0, 0]);
          this.program[split][1] = split + 1;
          this.compile(part);
          this.emit([JUMP, split]);
          this.program[split][2] = this.program.length;
        } else {
          const splits = [];
          for (let index = min; index < max; index++) {
            const split = this.emit([SPLIT, 0, 0]);
            this.program[split][1] = split + 1;
            splits.push(split);
            this.compile(part);
          }
          for (const split of splits) this.program[split][2] = this.program.length;
        }
        return;
      }
      default: throw new PatternError(`unknown node ${node.k}`);
    }
  }
}

/** A compiled pattern: matches(value) says whether it matches all of the value. */
export class Pattern {
  constructor(source) {
    this.source = source;
    const tree = new Parser(source).parse();
    if (programSize(tree, MAXIMUM_STATES) >= MAXIMUM_STATES) {
      throw new PatternError(`the pattern '${source}' is too large: it compiles to more than ${MAXIMUM_STATES} states`);
    }
    const compiler = new Compiler();
    compiler.compile(tree);
    compiler.emit([MATCH]);
    this.program = compiler.program;
    const size = this.program.length;
    this.current = new Int32Array(size);
    this.next = new Int32Array(size);
    this.mark = new Int32Array(size);
    this.stack = new Int32Array(size * 2 + 2);
    this.generation = 0;
  }

  // Adds `pc` and every instruction reachable from it without reading to `list`; returns its new
  // size. Without `atEnd` known, an END stays in the list, to be followed at the end of the value.
  add(list, count, pc, atStart, atEnd) {
    const program = this.program;
    const mark = this.mark;
    const stack = this.stack;
    const generation = this.generation;
    let top = 0;
    stack[top++] = pc;
    while (top > 0) {
      const at = stack[--top];
      if (mark[at] === generation) continue;
      mark[at] = generation;
      const instruction = program[at];
      switch (instruction[0]) {
        case JUMP: stack[top++] = instruction[1]; break;
        case SPLIT: stack[top++] = instruction[2]; stack[top++] = instruction[1]; break;
        case START: if (atStart) stack[top++] = at + 1; break;
        case END:
          if (atEnd === true) stack[top++] = at + 1;
          else if (atEnd === undefined) list[count++] = at;
          break;
        default: list[count++] = at;
      }
    }
    return count;
  }

  /** Whether the pattern matches all of `value`; never when it is longer than 10,000 scalars. */
  matches(value) {
    if (value.length > MAXIMUM_INPUT_LENGTH && scalarLength(value, MAXIMUM_INPUT_LENGTH + 1) > MAXIMUM_INPUT_LENGTH) return false;
    // NB: a large program makes states costly to build, and a pattern whose states outgrow the
    // cache would build them again and again; the VM alone is linear too, with no cache to fill.
    return this.program.length <= MAXIMUM_DFA_PROGRAM && !this.dfaExhausted ? this.matchesByDFA(value) : this.matchesByNFA(value);
  }

  // The automaton's states built as the values need them (a lazy subset construction): each state
  // is the set of threads after a prefix, each transition computed once, so a match costs one
  // look-up per code point. At MAXIMUM_DFA_STATES the cache is dropped for the VM, so memory stays bounded.
  matchesByDFA(value) {
    if (value.length === 0) return this.matchesByNFA(value);
    let state = (this.initial ??= this.state(this.closureOf([0], true)));
    for (let index = 0; index < value.length;) {
      const codePoint = value.codePointAt(index);
      index += codePoint > 0xffff ? 2 : 1;
      let next = codePoint < 128 ? state.ascii[codePoint] : state.others.get(codePoint);
      if (next === undefined) {
        if (this.states.size >= MAXIMUM_DFA_STATES) {
          // Too many states for a cache: drop it, and answer by the VM from now on.
          this.states = new Map();
          this.initial = undefined;
          this.dfaExhausted = true;
          return this.matchesByNFA(value);
        }
        next = this.step(state, codePoint);
        if (codePoint < 128) state.ascii[codePoint] = next;
        else if (state.others.size < 4096) state.others.set(codePoint, next);
      }
      if (next.dead) return false;
      state = next;
    }
    return state.accepting;
  }

  closureOf(pcs, atStart) {
    this.generation++;
    let count = 0;
    for (const pc of pcs) count = this.add(this.next, count, pc, atStart, undefined);
    return Array.from(this.next.subarray(0, count)).sort((a, b) => a - b);
  }

  state(threads) {
    this.states ??= new Map();
    const key = threads.join(",");
    let state = this.states.get(key);
    if (state === undefined) {
      state = { threads, ascii: new Array(128), others: new Map(), dead: threads.length === 0, accepting: this.accepts(threads) };
      this.states.set(key, state);
    }
    return state;
  }

  // Whether the threads reach MATCH at the end of the value, through any END they wait at.
  accepts(threads) {
    const program = this.program;
    for (const pc of threads) {
      const op = program[pc][0];
      if (op === MATCH) return true;
      if (op === END) {
        this.generation++;
        const count = this.add(this.current, 0, pc + 1, false, true);
        for (let t = 0; t < count; t++) if (program[this.current[t]][0] === MATCH) return true;
      }
    }
    return false;
  }

  step(state, codePoint) {
    const program = this.program;
    const targets = [];
    for (const pc of state.threads) {
      const instruction = program[pc];
      const op = instruction[0];
      if ((op === CHAR && instruction[1] === codePoint) || (op === CLASS && instruction[1].has(codePoint))) targets.push(pc + 1);
    }
    return this.state(this.closureOf(targets, false));
  }

  /** The same answer by simulating the automaton thread by thread (Pike's VM), with no cache. */
  matchesByNFA(value) {
    const program = this.program;
    let current = this.current;
    let next = this.next;
    this.generation++;
    let count = this.add(current, 0, 0, true, value.length === 0);
    let index = 0;
    while (index < value.length) {
      if (count === 0) return false;
      const codePoint = value.codePointAt(index);
      index += codePoint > 0xffff ? 2 : 1;
      const atEnd = index >= value.length;
      this.generation++;
      let nextCount = 0;
      for (let t = 0; t < count; t++) {
        const instruction = program[current[t]];
        const op = instruction[0];
        if ((op === CHAR && instruction[1] === codePoint) || (op === CLASS && instruction[1].has(codePoint))) {
          nextCount = this.add(next, nextCount, current[t] + 1, false, atEnd);
        }
      }
      [current, next] = [next, current];
      count = nextCount;
    }
    for (let t = 0; t < count; t++) if (program[current[t]][0] === MATCH) return true;
    return false;
  }
}

function scalarLength(text, limit) {
  let count = 0;
  for (let index = 0; index < text.length && count < limit; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) index++;
    }
    count++;
  }
  return count;
}
