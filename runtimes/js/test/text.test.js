// What the engine does to text: the four length units, White_Space, case mapping, the email, UUID
// and URL grammars, decimals and dates. Unicode's own test files are read by unicode.test.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as text from "../src/text.js";
import { repository, readLines, ratioOf, readingOf } from "./helpers.js";

// The factor a large input may cost over the platform reading it once, measured in the same run.
const LIMIT = 50;

const folder = repository + "conformance/";

const lengths = [
  // text, characters, scalars, utf16, bytes
  ["", 0, 0, 0, 0],
  ["abc", 3, 3, 3, 3],
  ["a\r\nb", 3, 4, 4, 4],
  ["é", 1, 1, 1, 2],
  ["e\u0301", 1, 2, 2, 3],
  ["漢字", 2, 2, 2, 6],
  ["😀", 1, 1, 2, 4],
  ["👍🏽", 1, 2, 4, 8],
  ["👨‍👩‍👧", 1, 5, 8, 18],
  ["🇯🇵", 1, 2, 4, 8],
  ["ガ", 1, 1, 1, 3],
  ["カ\u3099", 1, 2, 2, 6],
];

for (const [value, characters, scalars, utf16, bytes] of lengths) {
  test(`lengths of ${JSON.stringify(value)}`, () => {
    assert.deepEqual(
      ["characters", "scalars", "utf16", "bytes"].map((unit) => text.length(value, unit)),
      [characters, scalars, utf16, bytes]);
  });
}

test("trim removes exactly White_Space, the 25 code points, and nothing else", () => {
  const whiteSpace = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
    0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000];
  for (let codePoint = 0; codePoint <= 0x3000; codePoint++) {
    const char = String.fromCodePoint(codePoint);
    assert.equal(text.trim(char + "x" + char), whiteSpace.includes(codePoint) ? "x" : char + "x" + char, `U+${codePoint.toString(16)}`);
  }
  // JavaScript's trim() also removes U+FEFF, and Python's strip() U+001C–U+001F: White_Space has neither.
  assert.equal(text.trim("\ufeffx\ufeff"), "\ufeffx\ufeff");
  assert.equal(text.trim("\u001cx\u001f"), "\u001cx\u001f");
});

test("collapseWhitespace trims and makes each run of White_Space one space", () => {
  assert.equal(text.collapseWhitespace("  Taro \t\u3000 Yamada  "), "Taro Yamada");
  assert.equal(text.collapseWhitespace("a\u200bb"), "a\u200bb"); // U+200B is no White_Space
  assert.equal(text.collapseWhitespace(""), "");
});

test("lowercase is Unicode's default case conversion: a final sigma is ς", () => {
  assert.equal(text.lowercase("ΟΔΟΣ"), "οδος");
  assert.equal(text.lowercase("ΣΑ"), "σα");
  assert.equal(text.lowercase("ABC"), "abc");
  assert.equal(text.uppercase("straße"), "STRASSE");
});

// WHATWG's grammar, case for case with the engine (conformance/email.jsonl).
const emails = readLines(folder + "email.jsonl");

test("the email corpus is all there", () => assert.equal(emails.length, 44));

for (const { input, valid, why } of emails) {
  test(`email ${JSON.stringify(input).slice(0, 50)} is ${valid ? "valid" : "invalid"}: ${why}`, () => assert.equal(text.isEmail(input), valid));
}

test("a hostile email value is checked in linear time", () => {
  const hostile = ["a@" + "a-".repeat(500_000), "a".repeat(1_000_000) + "@"];
  for (const value of hostile) assert.equal(text.isEmail(value), false);
  const plain = "a".repeat(1_000_000) + "@" + "b".repeat(1_000_000) + ".c";
  const found = ratioOf(() => hostile.map(text.isEmail), () => text.isEmail(plain));
  assert.ok(found < 8, `${found.toFixed(1)}x a plain address of their size`);
});

// The engine's URLCheckTests, case for case: [text, valid, why, schemes].
const urls = [
  ["https://example.com", true, "the usual", ["http", "https"]],
  ["http://example.com/a/b?q=1&r=2#top", true, "path, query and fragment", ["http", "https"]],
  ["HTTPS://EXAMPLE.COM/", true, "an upper-case scheme is compared case-insensitively", ["http", "https"]],
  ["HtTp://example.com", true, "a mixed-case scheme", ["http", "https"]],
  ["ftp://example.com", false, "a scheme outside the default list", ["http", "https"]],
  ["https://example.com", false, "https where only http is allowed", ["http"]],
  ["HTTPS://example.com", true, "a list written in lower case", ["https"]],
  ["https://example.com", true, "a list written in upper case", ["HTTPS"]],
  ["httpss://example.com", false, "a longer scheme with an allowed prefix", ["https"]],
  ["http:", false, "http without a host", ["http", "https"]],
  ["http:example.com", false, "http without '//' has no host", ["http", "https"]],
  ["http:/example.com", false, "http with one slash has no host", ["http", "https"]],
  ["http://", false, "http with an empty authority", ["http", "https"]],
  ["http:///path", false, "http with an empty host before the path", ["http", "https"]],
  ["http://:80", false, "http with a port and no host", ["http", "https"]],
  ["http://user@", false, "http with user information and no host", ["http", "https"]],
  ["http:", true, "any scheme: 'http:' is a URI, exactly as format: uri", "any"],
  ["mailto:someone@example.com", true, "mailto needs no host", ["mailto", "https"]],
  ["tel:+81-3-1234-5678", true, "tel", ["tel"]],
  ["urn:isbn:0451450523", true, "a URN", "any"],
  ["a:", true, "the shortest URI", "any"],
  ["a+b-c.d:x", true, "every scheme character", "any"],
  ["1a:x", false, "a scheme starting with a digit", "any"],
  [":x", false, "an empty scheme", "any"],
  ["example.com", false, "no scheme", "any"],
  ["//example.com", false, "a network-path reference is no URI", "any"],
  ["", false, "empty", "any"],
  ["http://[2001:db8::7]/c=GB?objectClass?one", true, "an IPv6 host", ["http", "https"]],
  ["http://[::1]:8080/", true, "the IPv6 loopback with a port", ["http", "https"]],
  ["http://[::]/", true, "the IPv6 unspecified address", ["http", "https"]],
  ["http://[1:2:3:4:5:6:7:8]/", true, "eight IPv6 groups", ["http", "https"]],
  ["http://[1:2:3:4:5:6:7:8:9]/", false, "nine IPv6 groups", ["http", "https"]],
  ["http://[1:2:3:4:5:6:7]/", false, "seven IPv6 groups and no '::'", ["http", "https"]],
  ["http://[1:2:3::5:6:7:8]/", true, "seven groups around '::'", ["http", "https"]],
  ["http://[1:2:3:4::5:6:7:8]/", false, "eight groups around '::'", ["http", "https"]],
  ["http://[1::2::3]/", false, "two '::'", ["http", "https"]],
  ["http://[1:::2]/", false, "three colons", ["http", "https"]],
  ["http://[:1::2]/", false, "a single leading colon", ["http", "https"]],
  ["http://[1::2:]/", false, "a single trailing colon", ["http", "https"]],
  ["http://[abcd::ef01]/", true, "four hexadecimal digits in a group", ["http", "https"]],
  ["http://[abcde::1]/", false, "five hexadecimal digits in a group", ["http", "https"]],
  ["http://[::ffff:192.0.2.255]/", true, "an IPv4 tail, 255 at the bound", ["http", "https"]],
  ["http://[::ffff:192.0.2.256]/", false, "an IPv4 tail, 256 over the bound", ["http", "https"]],
  ["http://[::ffff:192.0.2.01]/", false, "an IPv4 tail with a leading zero", ["http", "https"]],
  ["http://[1:2:3:4:5:6:1.2.3.4]/", true, "six groups and an IPv4 tail make eight", ["http", "https"]],
  ["http://[1:2:3:4:5:6:7:1.2.3.4]/", false, "seven groups and an IPv4 tail make nine", ["http", "https"]],
  ["http://[1.2.3.4::1]/", false, "an IPv4 piece that is not last", ["http", "https"]],
  ["http://[::1%25eth0]/", false, "a zone identifier is not RFC 3986", ["http", "https"]],
  ["http://[2001:db8::7/", false, "an unclosed IP literal", ["http", "https"]],
  ["http://[]/", false, "an empty IP literal", ["http", "https"]],
  ["http://[v1.a:b]/", true, "an IPvFuture literal", ["http", "https"]],
  ["http://[V1F.x]/", true, "an IPvFuture literal, upper-case v", ["http", "https"]],
  ["http://[v.x]/", false, "an IPvFuture without a version", ["http", "https"]],
  ["http://[v1.]/", false, "an IPvFuture without an address", ["http", "https"]],
  ["http://[vg.x]/", false, "an IPvFuture with a version that is not hexadecimal", ["http", "https"]],
  ["http://999.999.999.999/", true, "an out-of-range IPv4 address is a reg-name", ["http", "https"]],
  ["http://a%20b.example/", true, "a percent-escape in the host", ["http", "https"]],
  ["http://example.com/%7e%7E", true, "percent-escapes in either case", ["http", "https"]],
  ["http://example.com/%7", false, "a percent-escape cut short at the end", ["http", "https"]],
  ["http://example.com/%7/", false, "a percent-escape cut short", ["http", "https"]],
  ["http://example.com/%zz", false, "a percent-escape that is not hexadecimal", ["http", "https"]],
  ["http://example.com/?q=%", false, "a lone percent sign in the query", ["http", "https"]],
  ["http://example.com/#%4", false, "a cut percent-escape in the fragment", ["http", "https"]],
  ["http://[::1%41]/", false, "no percent-escape in an IP literal", ["http", "https"]],
  ["http://example.com:8080", true, "a port", ["http", "https"]],
  ["http://example.com:", true, "an empty port", ["http", "https"]],
  ["http://example.com:80a", false, "a port with a letter", ["http", "https"]],
  ["http://u:p@example.com", true, "user information", ["http", "https"]],
  ["http://a@b@example.com", false, "two '@' in the authority", ["http", "https"]],
  ["http://example.com/a b", false, "a space", ["http", "https"]],
  ["http://example.com/\t", false, "a tab", ["http", "https"]],
  ["http://例え.jp/", false, "an IRI's non-ASCII host is no URI", ["http", "https"]],
  ["http://example.com/パス", false, "an IRI's non-ASCII path is no URI", ["http", "https"]],
  ["http://xn--r8jz45g.jp/", true, "the same host in punycode", ["http", "https"]],
  ["http://example.com/?a?b/c", true, "'?' and '/' in a query", ["http", "https"]],
  ["http://example.com/#a?b/c", true, "'?' and '/' in a fragment", ["http", "https"]],
  ["http://example.com/#a#b", false, "'#' in a fragment", ["http", "https"]],
  ["http://example.com/a[b]", false, "brackets in a path", ["http", "https"]],
  ["http://example.com\\path", false, "a backslash", ["http", "https"]]
];

for (const [value, valid, why, schemes] of urls) {
  test(`url: ${why}`, () => assert.equal(text.isURL(value, schemes), valid, value));
}

function suite(file) {
  return JSON.parse(readFileSync(folder + file, "utf8")).flatMap((group) => group.tests)
    .filter((c) => typeof c.data === "string");
}

for (const c of suite("jsts-format-uri.json")) {
  test(`url with schemes: any is JSON Schema's format: uri: ${c.description}`, () => assert.equal(text.isURL(c.data, "any"), c.valid));
}

for (const c of suite("jsts-format-uuid.json")) {
  test(`uuid is JSON Schema's format: uuid: ${c.description}`, () => assert.equal(text.isUUID(c.data), c.valid));
}

for (const count of [1, 1_000, 100_000]) {
  test(`long and hostile URLs scan in linear time (${count})`, () => {
    const check = () => {
      assert.equal(text.isURL(`http://[${"1:".repeat(count)}]/`, ["http", "https"]), false);
      assert.equal(text.isURL("http://example.com/" + "%41".repeat(count), ["http", "https"]), true);
      assert.equal(text.isURL("http://" + "@".repeat(count), ["http", "https"]), false);
      assert.equal(text.isURL("a:" + "//".repeat(count), "any"), true);
      assert.equal(text.isURL("http://" + "a".repeat(count) + "!", ["http"]), true);
      assert.equal(text.isURL("http://" + "a:".repeat(count) + "@x" + " ", ["http"]), false);
    };
    check();
    // NB: the baseline is a plain URL of about their size; quadratic scans would be thousands of times.
    const plain = "http://example.com/" + "a".repeat(12 * count);
    const found = ratioOf(check, () => text.isURL(plain, ["http"]));
    assert.ok(count < 100_000 || found < LIMIT, `${found.toFixed(1)}x a plain URL of their size`);
  });
}

const decimals = [
  // text, canonical, or null when it is no decimal
  ["1.5", "1.5"], ["+1.50", "1.5"], ["-0", "0"], ["-0.0", "0"], ["007", "7"], ["12.99999999999999999", "12.99999999999999999"],
  ["100", "100"], ["0.001", "0.001"], ["1.", null], [".5", null], ["1e5", null], ["", null], ["1,5", null], ["--1", null],
];

for (const [value, canonical] of decimals) {
  test(`decimal ${JSON.stringify(value)} reads as ${canonical}`, () => {
    const number = text.Decimal.parse(value);
    assert.equal(number === null ? null : String(number), canonical);
  });
}

test("decimals compare exactly, without floating point", () => {
  const d = (value) => text.Decimal.parse(value);
  assert.equal(d("12.99999999999999999").compare(d("13")), -1);
  assert.equal(d("0.30000000000000001").compare(d("0.3")), 1);
  assert.equal(d("-1").compare(d("-0.5")), -1);
  assert.equal(d("9999.99").compare(d("9999.990")), 0);
  assert.equal(d("100").compare(d("99.999")), 1);
  assert.equal(text.Decimal.of(false, "1", "", 400, false).compare(d("9999.99")), 1); // 1e400
  assert.equal(text.Decimal.of(false, "1", "", -400, false).compare(d("0.01")), -1); // 1e-400
});

test("integers are 64-bit, exactly", () => {
  assert.equal(text.parseInteger("9223372036854775807"), 9223372036854775807n);
  assert.equal(text.parseInteger("9223372036854775808"), null);
  assert.equal(text.parseInteger("-9223372036854775808"), -9223372036854775808n);
  assert.equal(text.parseInteger("+5"), 5n);
  assert.equal(text.parseInteger("5.0"), null);
});

const dates = [
  ["2024-02-29", true], ["2023-02-29", false], ["1900-02-29", false], ["2000-02-29", true], ["0000-01-01", false],
  ["0001-01-01", true], ["9999-12-31", true], ["2026-13-01", false], ["2026-04-31", false], ["2026-4-1", false],
  ["２０２６-01-01", false], ["2026-01-01T00:00", false],
];

for (const [value, valid] of dates) {
  test(`date ${value} is ${valid ? "valid" : "invalid"}`, () => assert.equal(text.parseDate(value) !== null, valid));
}

// Bounds relative to today, case for case with the engine (conformance/dates.jsonl).
const bounds = readLines(folder + "dates.jsonl");

test("the dates corpus is all there", () => assert.equal(bounds.length, 35));

for (const { bound, today, date } of bounds) {
  test(`${bound} where today is ${today} is ${date}`, () => assert.equal(text.resolveDateBound(bound, today), date));
}

// Beyond what an export holds (the engine refuses more than 9999 units): still clamped, never wrong.
const hostileBounds = [
  ["today - 10000 years", "2026-11-22", "0001-01-01"],
  ["today + 10000 years", "2026-11-22", "9999-12-31"],
  ["today + 9999999 days", "2026-11-22", "9999-12-31"],
  ["today - 740000 days", "2026-11-22", "0001-01-01"],
  ["today - 739000 days", "2026-11-22", "0003-07-31"],
];

for (const [bound, today, date] of hostileBounds) {
  test(`${bound} where today is ${today} is ${date}`, () => assert.equal(text.resolveDateBound(bound, today), date));
}

test("today in a time zone is that zone's calendar date", () => {
  const instant = new Date(Date.UTC(2026, 10, 22, 20, 0, 0)); // 2026-11-22 20:00 UTC
  assert.equal(text.todayIn("UTC", instant), "2026-11-22");
  assert.equal(text.todayIn("Asia/Tokyo", instant), "2026-11-23");
  assert.equal(text.todayIn("America/Los_Angeles", instant), "2026-11-22");
  assert.equal(text.todayIn("Pacific/Kiritimati", new Date(Date.UTC(2026, 11, 31, 10))), "2027-01-01");
});

test("nfkc is Unicode's NFKC, as the engine's since it composes around Foundation's faults (docs/javascript.md)", () => {
  assert.equal(text.NORMALIZERS.nfkc("ｶﾞ"), "ガ");
  assert.equal(text.NORMALIZERS.nfkc("\uac1c\u11b2"), "\uac27");
  assert.equal(text.NORMALIZERS.nfkc("Ａ１ﬁ"), "A1fi");
  assert.equal(text.NORMALIZERS.nfc("e\u0301"), "é");
});

test("a 10 MB URL, email or Σ text is read in linear time, never a stack overflow", () => {
  const check = () => {
    assert.equal(text.isURL("http://example.com/" + "a/".repeat(5_000_000), ["http"]), true);
    assert.equal(text.isURL("http://example.com/" + "a/".repeat(5_000_000) + " ", ["http"]), false);
    assert.equal(text.isURL("http://" + "a:".repeat(5_000_000) + "x", ["http"]), false);
    assert.equal(text.isURL("http://x/?" + "%41?".repeat(2_000_000) + "%4", ["http"]), false);
    assert.equal(text.isEmail("a".repeat(5_000_000) + "@" + "b.".repeat(2_000_000) + "c"), true);
    assert.equal(text.lowercase("ΑΣ ".repeat(1_000_000)).length, 3_000_000);
  };
  check();
  const found = ratioOf(check, readingOf(60_000_000));
  assert.ok(found < LIMIT, `${found.toFixed(1)}x JSON.parse of their size`);
});

test("today in a time zone, kept while its midnight is more than two hours away, changes at midnight", () => {
  const cases = [
    ["Asia/Tokyo", "2026-11-24T10:00:00Z", "2026-11-24"],
    ["Asia/Tokyo", "2026-11-24T14:59:59Z", "2026-11-24"],
    ["Asia/Tokyo", "2026-11-24T15:00:00Z", "2026-11-25"],
    ["America/New_York", "2026-03-08T04:59:00Z", "2026-03-07"],
    ["America/New_York", "2026-03-08T06:59:00Z", "2026-03-08"],
    ["Pacific/Kiritimati", "2026-01-01T09:59:59Z", "2026-01-01"],
    ["Pacific/Kiritimati", "2026-01-01T10:00:00Z", "2026-01-02"],
    ["Australia/Lord_Howe", "2026-04-04T12:59:59Z", "2026-04-04"],
    ["Australia/Lord_Howe", "2026-04-04T13:00:00Z", "2026-04-05"],
  ];
  // NB: in this order, so that each zone's kept day is asked again just before and after its midnight.
  for (const [zone, instant, day] of cases) assert.equal(text.todayIn(zone, new Date(instant)), day, `${zone} at ${instant}`);
  const local = new Date(2026, 10, 24, 23, 59, 59);
  assert.equal(text.todayIn(undefined, local), "2026-11-24");
});
