// The seed rules' 1,000 benchmark inputs each, exactly as Benchmarks/Benchmarks/Baselines/Inputs.swift
// makes them: SplitMix64 seeded 1 to 5, drawn through the same steps as Swift's standard library
// (Int.random(in:using:) by Lemire's nearly divisionless method on UInt64, Bool.random(using:) as bit
// 17 of a draw, randomElement(using:) as Int.random(in: 0..<count)), so that the same seed gives
// the same inputs here as in the Swift benchmarks. BigInt keeps the 64-bit arithmetic exact.

const MASK = (1n << 64n) - 1n;

/** SplitMix64, as Inputs.Generator. */
export class Generator {
  constructor(seed) {
    this.state = BigInt(seed) & MASK;
  }

  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  }

  /** RandomNumberGenerator.next(upperBound:) for UInt64. */
  nextBelow(upperBound) {
    const bound = BigInt(upperBound);
    let product = this.next() * bound;
    if ((product & MASK) < bound) {
      const threshold = ((1n << 64n) - bound) % bound;
      while ((product & MASK) < threshold) product = this.next() * bound;
    }
    return Number(product >> 64n);
  }

  /** Int.random(in: lower...upper, using:). */
  closed(lower, upper) {
    return lower + this.nextBelow(upper - lower + 1);
  }

  /** Int.random(in: lower..<upper, using:). */
  halfOpen(lower, upper) {
    return lower + this.nextBelow(upper - lower);
  }

  /** Bool.random(using:). */
  bool() {
    return ((this.next() >> 17n) & 1n) === 0n;
  }

  /** Collection.randomElement(using:), for an array of the collection's elements. */
  element(elements) {
    return elements[this.halfOpen(0, elements.length)];
  }
}

export const COUNT = 1000;
const PIECES = ["a", "Z", "7", "q", "あ", "漢", "字", "👨\u200d👩\u200d👧", "🇯🇵", "e\u0301"];
const SPACES = [" ", "\u3000", "\u00a0", "\t", "\n"];

function text(generator, [low, high], padded) {
  const length = generator.closed(low, high);
  let body = "";
  for (let i = 0; i < length; i++) body += generator.element(PIECES);
  if (!padded || !generator.bool()) return body;
  const pad = generator.element(SPACES);
  return pad + body + pad;
}

function times(count, make) {
  return Array.from({ length: count }, make);
}

/** Titles of 0 to 24 characters, half of them padded. */
export function titles() {
  const generator = new Generator(1);
  return times(COUNT, () => text(generator, [0, 24], true));
}

/** User names of 0 to 12 characters, never padded. */
export function usernames() {
  const generator = new Generator(2);
  return times(COUNT, () => text(generator, [0, 12], false));
}

/** Email addresses: most valid, some malformed, some empty or padded. */
export function emails() {
  const generator = new Generator(3);
  const domains = ["example.com", "mail.example.co.jp", "a", "-bad.com", "例え.jp", "x..y"];
  const localCharacters = [..."abcdefxyz.+_"];
  return times(COUNT, () => {
    if (generator.halfOpen(0, 10) === 0) return generator.element(["", " ", "\u3000"]);
    const length = generator.closed(1, 12);
    let local = "";
    for (let i = 0; i < length; i++) local += generator.element(localCharacters);
    const pad = generator.bool() ? " " : "";
    return pad + local + "@" + generator.element(domains) + pad;
  });
}

/** Due dates within two months either side of 2026-11-22, one in twenty malformed. */
export function dates() {
  const generator = new Generator(4);
  return times(COUNT, () => {
    if (generator.halfOpen(0, 20) === 0) return generator.element(["2026-13-01", "2026-02-30", "tomorrow", ""]);
    const month = generator.closed(9, 12);
    const day = generator.closed(1, 28);
    return `2026-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
  });
}

/** Search queries: mostly words, some empty. */
export function queries() {
  const generator = new Generator(5);
  return times(COUNT, () => text(generator, [0, 8], false));
}

/** Each seed rule's inputs by the rule's name, each a flat string, as JSON.parse or a form field
 * gives it. */
export function inputs() {
  const made = {
    TaskTitle: titles(),
    Username: usernames(),
    EmailAddress: emails(),
    TaskDueDate: dates(),
    SearchQuery: queries(),
  };
  // NB: a string built by `+=` is a rope (V8's ConsString), each charCodeAt of which costs an
  // indirection: 7 times as long a loop over the titles (docs/performance.md). JSON.parse makes
  // sequential strings of the same text.
  return JSON.parse(JSON.stringify(made));
}
