#!/usr/bin/env python3
"""A differential run: do the runtimes agree with the Swift engine on inputs nobody wrote?

For each type and model of a rules export, inputs come from `rulecheck suggest`'s boundaries
(suggested against an empty suite, so every boundary is there) and from seeded random values
(Unicode edges, white space, long values, combining marks, emoji, numbers, dates, addresses).
Each input goes to every implementation through the conformance protocol (docs/conformance.md)
and to the Swift engine, through spec files that `rulecheck` runs: once with `valid: true` for
every case (a failure reports the engine's codes by path), once with the expectation the engine
gave (its value, or its codes with another runtime's first message at each path). Verdicts,
codes by path, messages and normalized values are compared; each disagreement is printed as a
ready spec case whose expectation is the engine's verdict.

Usage: Scripts/agree.py [--rules DIR] [--schema FILE] [--rulecheck CMD]
                        [--implementation NAME=COMMAND]... [--seed N] [--budget SECONDS] [--unicode]

--unicode draws half the text from the pinned Unicode tables (runtimes/python/src/rulecheck_runtime/
_unicode_data.py and _unicode_scripts.py, Scripts/generate-unicode.py's): code points of every
general category and script, long clusters, final sigma contexts, canonically equivalent spellings.

AGREE_SUGGEST_CACHE=DIR keeps `rulecheck suggest`'s answer in DIR for the next run with the same
binary, rules and --today (CI sets it: the search takes seconds in a debug build).

COMMAND may contain {schema}, the export's path. Exit status: 0 every input agreed, 1 some
input did not, 2 the run could not be made (no rulecheck, an implementation that cannot start,
a spec file rulecheck refused).
Python 3.9+, standard library only.
"""

import argparse
import hashlib
import json
import os
import queue
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from decimal import Decimal, InvalidOperation

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_IMPLEMENTATIONS = [
    "python=env PYTHONPATH=runtimes/python/src python3 -m rulecheck_runtime.conformance {schema}",
    "javascript=node runtimes/js/bin/conformance.mjs {schema}",
]


class SetupError(Exception):
    """The run cannot be made: reported on standard error, exit status 2."""


# ---------------------------------------------------------------------------------------------
# YAML: just enough to read `rulecheck suggest` and to write spec files.


def yaml_string(text):
    """A YAML double-quoted scalar that libyaml reads back as exactly `text`."""
    out = ['"']
    for char in text:
        code = ord(char)
        if char == '"':
            out.append('\\"')
        elif char == "\\":
            out.append("\\\\")
        elif 0x20 <= code <= 0x7E or (0xA0 <= code <= 0xD7FF and code not in (0x2028, 0x2029)):
            out.append(char)
        elif 0xE000 <= code <= 0xFFFD and code != 0xFEFF:
            out.append(char)
        elif 0x10000 <= code <= 0x10FFFF:
            out.append(char)
        elif code <= 0xFF:
            out.append("\\x%02X" % code)
        elif code <= 0xFFFF:
            out.append("\\u%04X" % code)
        else:
            out.append("\\U%08X" % code)
    out.append('"')
    return "".join(out)


def yaml_value(value):
    """A value (input or expected output) in YAML's flow style."""
    if value is None:
        return "~"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, Decimal)):
        return str(value)
    if isinstance(value, str):
        return yaml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(yaml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{yaml_string(k)}: {yaml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no YAML for {value!r}")


class FlowParser:
    """Reads one YAML flow node: {…}, […], "…", '…' or a plain scalar (`~` is None)."""

    ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v",
               "f": "\f", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\",
               "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029"}

    def __init__(self, text):
        self.text, self.at = text, 0

    def skip(self):
        while self.at < len(self.text) and self.text[self.at] in " \t":
            self.at += 1

    def node(self):
        self.skip()
        char = self.text[self.at]
        if char == "{":
            return self.mapping()
        if char == "[":
            return self.sequence()
        if char == '"':
            return self.double()
        if char == "'":
            return self.single()
        return self.plain()

    def mapping(self):
        self.at += 1
        result = {}
        while True:
            self.skip()
            if self.text[self.at] == "}":
                self.at += 1
                return result
            key = self.node()
            self.skip()
            if self.text[self.at] != ":":
                raise ValueError(f"expected ':' at column {self.at + 1}")
            self.at += 1
            result[key] = self.node()
            self.skip()
            if self.text[self.at] == ",":
                self.at += 1

    def sequence(self):
        self.at += 1
        result = []
        while True:
            self.skip()
            if self.text[self.at] == "]":
                self.at += 1
                return result
            result.append(self.node())
            self.skip()
            if self.text[self.at] == ",":
                self.at += 1

    def double(self):
        self.at += 1
        out = []
        while True:
            char = self.text[self.at]
            self.at += 1
            if char == '"':
                return "".join(out)
            if char != "\\":
                out.append(char)
                continue
            escape = self.text[self.at]
            self.at += 1
            width = {"x": 2, "u": 4, "U": 8}.get(escape)
            if width:
                out.append(chr(int(self.text[self.at : self.at + width], 16)))
                self.at += width
            else:
                out.append(self.ESCAPES[escape])

    def single(self):
        self.at += 1
        out = []
        while True:
            char = self.text[self.at]
            self.at += 1
            if char == "'":
                if self.text[self.at : self.at + 1] == "'":
                    out.append("'")
                    self.at += 1
                    continue
                return "".join(out)
            out.append(char)

    def plain(self):
        start = self.at
        while self.at < len(self.text):
            char = self.text[self.at]
            if char in ",}]" or (char == ":" and self.text[self.at + 1 : self.at + 2] in (" ", "")):
                break
            self.at += 1
        word = self.text[start : self.at].strip()
        return None if word in ("~", "null", "") else word


def suggested_inputs(text):
    """{type: [input, …]} from `rulecheck suggest`'s output: the `in:` of every case."""
    inputs, current = {}, None
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if line.startswith("  ") and not line.startswith("   ") and stripped.endswith(":"):
            current = stripped[:-1]
            continue
        if current and stripped.startswith("- {"):
            try:
                case = FlowParser(stripped[2:]).node()
            except (ValueError, IndexError, KeyError):
                continue
            if isinstance(case, dict) and "in" in case:
                inputs.setdefault(current, []).append(case["in"])
    return inputs


# ---------------------------------------------------------------------------------------------
# Inputs.

WHITE_SPACE = ["\t", "\n", "\v", "\f", "\r", " ", "\x85", "\xa0", "\u1680", "\u2000", "\u2005",
               "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\r\n"]
NOT_WHITE_SPACE = ["\u200b", "\ufeff", "\u180e", "\u2060", "\x1c", "\x00"]
COMBINING = ["\u0301", "\u0308", "\u0323", "\u20dd", "\u1ab0", "\u0345", "\u302a", "\u200d",
             "\ufe0f", "\U0001f3fd"]
PIECES = ["a", "Z", "7", "q", "é", "e\u0301", "ß", "İ", "Σ", "ΟΔΟΣ", "ﬁ", "Ⅻ", "Ａ", "１",
          "ﾀ", "ｶﾞ", "あ", "漢", "字", "한", "\u1100\u1161\u11a8", "𠮷", "👨\u200d👩\u200d👧",
          "🇯🇵", "👍🏽", "❤️", "1️⃣", "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
          "\u0080", "\u07ff", "\u0800", "\ufffd", "\U00010000", "\U0010fffd", "\ue000", "\ud7ff",
          "\x01", "\x7f", "@", ".", "-", "+", "_", ":", "/", "?", "#", "%", "[", "]", "'", '"',
          "\\", "\u0660", "٣", "Ⅸ", "\u00bd", "\u2212"]
DOMAINS = ["example.com", "mail.example.co.jp", "a", "-bad.com", "例え.jp", "x..y", "b-.c",
           "xn--r8jz45g.jp", "a" * 63 + ".com", "a" * 64 + ".com", "[::1]", "127.0.0.1", "c_d.e"]
LOCALS = ["a", "a.b", ".a", "a.", "a..b", "a+b", "!#$%&'*+/=?^_`{|}~-", "é", "a b", '"a"', "x" * 64]
URLS = ["http://example.com", "https://example.com/a?b=c#d", "ftp://x", "mailto:a@b.c",
        "http://[::1]:80/", "http://[v7.x]/", "https://ex ample.com", "http://a/%zz", "http://a/%20",
        "urn:isbn:0451450523", "HTTPS://EXAMPLE.COM", "http:/a", "//a", "http://user:pw@host:65536/",
        "https://例え.jp/パス", "http://a/b c", "1http://a", "h+t.t-p://a", "http://", "https://a#b#c"]
# Longer values are cut: a spec file's scalar may hold at most a megabyte.
MAX_LENGTH = 20_000
BOOLEANS = ["true", "false", "TRUE", "True", "yes", "no", "1", "0", "on", " true ", "t", "f", ""]


def random_text(rng, length):
    return "".join(rng.choice(PIECES) for _ in range(length))


def random_number(rng):
    digits = "".join(rng.choice("0123456789") for _ in range(rng.choice([1, 1, 2, 4, 4, 5, 12, 25, 40])))
    sign = rng.choice(["", "", "", "-", "+", "\u2212"])
    number = sign + digits
    shape = rng.random()
    if shape < 0.3:
        number += "." + "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 6)))
    elif shape < 0.35:
        number += rng.choice(["e3", "E-2", "e400", "e"])
    elif shape < 0.4:
        number = rng.choice(["０１", "٣", "1_000", "1,000", "0x10", "Infinity", "NaN", "-0", "0.0",
                             "00", ".5", "5.", "-.5", "+-1", "1.2.3", "9" * 40])
    return number


def random_date(rng, today):
    year, month, day = today
    shape = rng.random()
    if shape < 0.6:
        year += rng.choice([0, 0, 0, -1, 1, -13, -14, -200, 2])
        month = rng.randint(1, 12)
        day = rng.randint(1, 31)
    elif shape < 0.8:
        year = rng.choice([1899, 1900, 1904, 2000, 2024, 2100, 2400, 9999, 0, 1])
        month, day = rng.choice([(2, 28), (2, 29), (2, 30), (12, 31), (1, 1), (4, 31), (13, 1), (0, 10)])
    else:
        return rng.choice(["2026-1-01", "2026-01-1", "20260101", "2026/01/01", "2026-01-01T00:00",
                           "+2026-01-01", "２０２６-０１-０１", "tomorrow", "today", " 2026-12-01 ",
                           "-0001-01-01", "10000-01-01", "2026-00-00"])
    return f"{year:04d}-{month:02d}-{day:02d}"


def random_email(rng):
    return rng.choice(LOCALS) + rng.choice(["@", "@", "@", "@@", ""]) + rng.choice(DOMAINS)


def load_module(name, path):
    """A generated table module (data only), read by path: agree.py needs no package installed."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class UnicodeText:
    """Text from the pinned Unicode tables (--unicode): code points of every general category and
    every script (the newest included), long clusters (marks, emoji ZWJ chains, Indic conjuncts),
    final sigma contexts, and canonically equivalent spellings of the same text."""

    def __init__(self, rng):
        package = os.path.join(ROOT, "runtimes", "python", "src", "rulecheck_runtime")
        data = load_module("agree_unicode_data", os.path.join(package, "_unicode_data.py"))
        scripts = load_module("agree_unicode_scripts", os.path.join(package, "_unicode_scripts.py"))
        self.rng = rng
        self.version = data.VERSION
        names = data.GENERAL_CATEGORY_NAMES
        # Every category's ranges (surrogates left out: a spec file holds UTF-8).
        self.categories = {}
        for low, high, value in self.runs(data.GENERAL_CATEGORY):
            if names[value] != "Cs":
                self.categories.setdefault(names[value], []).append((low, high))
        self.scripts = []
        for entry in scripts.ENTRIES:
            ranges = [(scripts.BOUNDS[2 * i], scripts.BOUNDS[2 * i + 1]) for i in range(entry[1], entry[2])]
            ranges = [(low, high) for low, high in ranges if not (0xD800 <= low <= 0xDFFF)]
            if ranges:
                self.scripts.append(ranges)
        grapheme = list(self.runs(data.GRAPHEME))
        self.extend = [(low, high) for low, high, v in grapheme if v & 0x0F == 4]
        self.pictographic = [(low, high) for low, high, v in grapheme if v & 0x0F == 14]
        self.consonants = [(low, high) for low, high, v in grapheme if v >> 4 == 1]
        self.linkers = [(low, high) for low, high, v in grapheme if v >> 4 == 2]
        self.cased = [(low, high) for low, high, v in self.runs(data.CASED) if v]
        self.ignorable = [(low, high) for low, high, v in self.runs(data.CASE_IGNORABLE) if v]
        self.decompositions = self.mapping(data.NFD)

    @staticmethod
    def runs(table):
        """(low, high, value) of a property table (D:V;…)."""
        entries, point = [], 0
        for entry in table.split(";"):
            distance, _, value = entry.partition(":")
            point += int(distance, 16)
            entries.append((point, int(value, 16)))
        for (start, value), (end, _) in zip(entries, entries[1:] + [(0x110000, 0)]):
            yield start, end - 1, value

    @staticmethod
    def mapping(table):
        out, key = {}, 0
        for entry in table.split(";"):
            distance, _, targets = entry.partition(":")
            key += int(distance, 16)
            out[key] = "".join(chr(int(t, 16)) for t in targets.split(","))
        return out

    def point(self, ranges):
        low, high = self.rng.choice(ranges)
        return chr(self.rng.randint(low, high))

    def piece(self):
        rng = self.rng
        roll = rng.random()
        if roll < 0.25:
            return self.point(self.categories[rng.choice(sorted(self.categories))])
        if roll < 0.5:
            return "".join(self.point(rng.choice(self.scripts)) for _ in range(rng.randint(1, 3)))
        if roll < 0.6:
            run = rng.choice([1, 2, 5, 30, 300])
            return self.point(self.categories["Lo"]) + "".join(self.point(self.extend) for _ in range(run))
        if roll < 0.7:
            return "\u200d".join(self.point(self.pictographic) for _ in range(rng.randint(2, 40)))
        if roll < 0.8:
            # An Indic conjunct: consonant (linker consonant)+, sometimes broken by a letter.
            parts = [self.point(self.consonants)]
            for _ in range(rng.randint(1, 6)):
                parts += [self.point(self.linkers), self.point(self.consonants)]
            return "".join(parts)
        if roll < 0.9:
            # Final sigma: cased letters, case-ignorables, Σ, in any order.
            choices = ["\u03a3", "\u03a3", self.point(self.cased), self.point(self.ignorable), " "]
            return "".join(rng.choice(choices) for _ in range(rng.randint(1, 6)))
        composed = rng.choice(sorted(self.decompositions))
        return chr(composed) if rng.random() < 0.5 else self.decompositions[composed]

    def text(self, length):
        return "".join(self.piece() for _ in range(length))

    def equivalent(self, text):
        """The same text in another canonically equivalent spelling: some composed characters decomposed."""
        return "".join(self.decompositions.get(ord(char), char) if self.rng.random() < 0.7 else char
                       for char in text)


class Inputs:
    """Seeded inputs for each type and model of an export."""

    def __init__(self, definitions, suggested, rng, today, unicode=None):
        self.definitions, self.suggested, self.rng, self.today = definitions, suggested, rng, today
        self.unicode = unicode

    def kind(self, name):
        return self.definitions[name].get("x-rulecheck-type", "string")

    def seeds(self, name):
        """The values the type's own rules name: suggest's inputs, oneOf values, bounds."""
        definition = self.definitions[name]
        values = [v for v in self.suggested.get(name, []) if v is None or isinstance(v, str)]
        for check in definition.get("x-rulecheck-checks", []):
            for value in check.get("values", []) if isinstance(check.get("values"), list) else []:
                values.append(value)
            for bound in ("min", "max"):
                if isinstance(check.get(bound), str):
                    try:
                        number = Decimal(check[bound])
                    except InvalidOperation:
                        continue
                    for step in (Decimal(-1), Decimal(0), Decimal(1), Decimal("0.1"), Decimal("-0.001")):
                        values.append(str(number + step))
            if check.get("check") == "pattern":
                values.append(check["regex"])
        return values

    def value(self, name):
        """One input for the type `name`: text or None."""
        rng = self.rng
        kind = self.kind(name)
        seeds = self.seeds(name)
        roll = rng.random()
        if roll < 0.05:
            return None
        if roll < 0.35 and seeds:
            base = rng.choice(seeds)
            return base if base is None or rng.random() < 0.4 else self.mutate(base)
        if kind in ("integer", "decimal"):
            base = random_number(rng)
        elif kind == "date":
            base = random_date(rng, self.today)
        elif kind == "boolean":
            base = rng.choice(BOOLEANS)
        else:
            shape = rng.random()
            if shape < 0.15:
                base = random_email(rng)
            elif shape < 0.25:
                base = rng.choice(URLS)
            elif shape < 0.3:
                base = rng.choice(PIECES) * rng.choice([100, 1000, 5000, 10001])
            elif shape < 0.33:
                # One character hundreds of code units long: a base with a run of marks, or a
                # chain of emoji joined by ZWJ; a runtime that counts in pieces must not cut it.
                run = rng.choice([100, 255, 256, 257, 600])
                base = random_text(rng, rng.randint(0, 20)) + rng.choice(
                    ["e" + rng.choice(COMBINING[:5]) * run, "👨" + "\u200d👨" * (run // 3), "🇯🇵" + "\u0308" * run])
            elif self.unicode is not None and shape < 0.8:
                base = self.unicode.text(rng.choice([1, 1, 2, 3, 5, 8, 20]))
            else:
                base = random_text(rng, rng.choice([0, 1, 2, 3, 5, 8, 12, 20, 21, 30, 64, 65]))
        return (self.mutate(base) if rng.random() < 0.5 else base)[:MAX_LENGTH]

    def mutate(self, text):
        rng = self.rng
        for _ in range(rng.randint(1, 3)):
            roll = rng.random()
            at = rng.randint(0, len(text))
            if roll < 0.3:
                pad = rng.choice(WHITE_SPACE + NOT_WHITE_SPACE)
                text = rng.choice([pad + text, text + pad, pad + text + pad, text[:at] + pad * 2 + text[at:]])
            elif roll < 0.45:
                text = text[:at] + rng.choice(COMBINING) + text[at:]
            elif roll < 0.55:
                text = text.upper() if rng.random() < 0.5 else text.lower()
            elif roll < 0.65:
                text = text[:at] + rng.choice(PIECES) + text[at:]
            elif roll < 0.75:
                text = text[:at] + text[at + 1 :]
            elif roll < 0.85:
                text = text.translate({c: c + 0xFEE0 for c in range(0x21, 0x7F)})
            elif self.unicode is not None and roll < 0.92:
                text = self.unicode.equivalent(text)
            elif len(text) < 2000:
                text = text * rng.choice([2, 3, 20])
        return text[:MAX_LENGTH]

    def model(self, name, depth=0):
        """A model's input: an object of fields, each text, None, a list, or a nested model."""
        rng = self.rng
        definition = self.definitions[name]
        fields = {}
        for field in definition.get("x-rulecheck-fields", []):
            roll = rng.random()
            if roll < 0.12:
                continue
            if roll < 0.2:
                fields[field["name"]] = None
            elif "list" in field:
                size = rng.choice([0, 1, 1, 2, 3, 5, 6, 8])
                pool = [self.input(field["type"], depth + 1) for _ in range(max(1, size // 2 + 1))]
                if self.unicode is not None:
                    pool += [self.unicode.equivalent(item) for item in pool if isinstance(item, str)]
                fields[field["name"]] = [rng.choice(pool) for _ in range(size)]
            else:
                fields[field["name"]] = self.input(field["type"], depth + 1)
        for check in definition.get("x-rulecheck-checks", []):
            if rng.random() > 0.35:
                continue
            names = check.get("fields") or []
            if len(names) >= 2 and names[0] in fields:
                fields[names[1]] = fields[names[0]]
                if isinstance(fields[names[1]], str) and rng.random() < 0.3:
                    fields[names[1]] = self.mutate(fields[names[1]])
                elif isinstance(fields[names[1]], str) and self.unicode is not None and rng.random() < 0.5:
                    fields[names[1]] = self.unicode.equivalent(fields[names[1]])
            if "when" in check:
                fields[check["when"]] = check.get("equals", "true")
                if rng.random() < 0.5:
                    fields.pop(check.get("field"), None)
        return fields

    def input(self, name, depth=0):
        if self.kind(name) == "model":
            if depth > 3 or self.rng.random() < 0.05:
                return None
            return self.model(name, depth)
        return self.value(name)


# ---------------------------------------------------------------------------------------------
# Implementations through the conformance protocol.


class Implementation:
    """A program that speaks the conformance protocol, started once and restarted after a crash."""

    def __init__(self, name, command, timeout):
        self.name, self.command, self.timeout = name, command, timeout
        self.process = None
        self.lines = None
        self.answered = False

    def start(self):
        try:
            self.process = subprocess.Popen(
                ["/bin/sh", "-c", "exec " + self.command], cwd=ROOT, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, text=True, encoding="utf-8", errors="replace",
                start_new_session=True)
        except OSError as error:
            raise SetupError(f"{self.name}: cannot start {self.command!r}: {error}") from error
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.process, self.lines), daemon=True).start()

    @staticmethod
    def _read(process, lines):
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    def stop(self):
        if self.process is None:
            return
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(1)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, 9)
            self.process.wait()
        self.process = None

    def ask(self, request):
        """The answer as a dict, or {"noAnswer": why} (and the program is started anew); a
        program that never answered its first request is a SetupError."""
        answer = self.ask_once(request)
        if "noAnswer" in answer and not self.answered:
            raise SetupError(f"{self.name}: no answer to its first request ({answer['noAnswer']}) "
                             f"from {self.command!r}")
        self.answered = True
        return answer

    def ask_once(self, request):
        if self.process is None:
            self.start()
        try:
            self.process.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
            self.process.stdin.flush()
            line = self.lines.get(timeout=self.timeout)
        except (OSError, queue.Empty) as error:
            why = "no answer within %gs" % self.timeout if isinstance(error, queue.Empty) else str(error)
            self.kill()
            return {"noAnswer": why}
        if line is None:
            status = self.process.wait()
            self.process = None
            return {"noAnswer": f"exited with status {status}"}
        try:
            answer = json.loads(line, parse_float=Decimal, parse_int=Decimal)
        except ValueError:
            return {"noAnswer": f"not JSON: {line.strip()[:200]!r}"}
        if not isinstance(answer, dict) or not isinstance(answer.get("valid"), bool):
            return {"noAnswer": f"not a response: {line.strip()[:200]!r}"}
        return answer

    def kill(self):
        if self.process is not None:
            try:
                os.killpg(self.process.pid, 9)
            except OSError:
                pass
            self.process.wait()
            self.process = None


def plain(value):
    """A protocol value with numbers as Decimal, for comparing by value."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return Decimal(str(value))
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


def path_text(path):
    return ".".join(str(part) for part in path)


def summary(answer):
    """What is compared: valid and value, or codes by path with each violation's message."""
    if "noAnswer" in answer:
        return ("noAnswer", answer["noAnswer"])
    if answer["valid"]:
        return ("valid", plain(answer.get("value")))
    violations = sorted((path_text(v.get("path", [])), v.get("code"), v.get("message"))
                        for v in answer.get("violations", []))
    return ("invalid", violations)


def codes_by_path(answer):
    codes = {}
    for violation in answer.get("violations", []):
        codes.setdefault(path_text(violation.get("path", [])), []).append(violation.get("code"))
    return {path: sorted(found) for path, found in codes.items()}


def first_messages(answer):
    messages = {}
    for violation in answer.get("violations", []):
        messages.setdefault(path_text(violation.get("path", [])), violation.get("message"))
    return messages


def canonical(value):
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def describe(answer, verdict=None):
    """What an answer says, in short: its value, its codes, or its messages where its codes are
    the engine's."""
    kind, detail = summary(answer)
    if kind == "noAnswer":
        return "no answer (" + detail + ")"
    if kind == "valid":
        return "valid " + json.dumps(answer.get("value"), ensure_ascii=False, default=str)
    codes = codes_by_path(answer)
    if verdict and verdict.get("codes") == codes:
        return "messages " + json.dumps(first_messages(answer), ensure_ascii=False)
    return "errors " + json.dumps(codes, ensure_ascii=False)


# ---------------------------------------------------------------------------------------------
# The Swift engine, through spec files.


class Engine:
    def __init__(self, rulecheck, rules, work):
        self.rulecheck, self.rules, self.work = shlex.split(rulecheck), os.path.abspath(rules), work
        self.runs = 0

    def run(self, *arguments, stdin=None):
        try:
            return subprocess.run(self.rulecheck + list(arguments), cwd=ROOT, capture_output=True,
                                  text=True, encoding="utf-8", input=stdin)
        except OSError as error:
            raise SetupError(f"cannot run {' '.join(self.rulecheck)}: {error}") from error

    def suggest(self, empty, today):
        """`rulecheck suggest`'s output against the empty suite `empty`. With AGREE_SUGGEST_CACHE set to
        a folder, kept there under the digest of the binary (path, size, time), every rule file and
        `today`: the search takes seconds, and CI asks it the same question for run after run."""
        cache = os.environ.get("AGREE_SUGGEST_CACHE")
        path = None
        if cache:
            digest = hashlib.sha256(today.encode())
            binary = shutil.which(self.rulecheck[0])
            if binary is None:
                cache = None
            else:
                stat = os.stat(binary)
                digest.update(f"{os.path.realpath(binary)} {stat.st_size} {stat.st_mtime_ns}".encode())
                digest.update(" ".join(self.rulecheck[1:]).encode())
                for folder, folders, files in sorted(os.walk(self.rules)):
                    folders.sort()
                    for name in sorted(files):
                        with open(os.path.join(folder, name), "rb") as file:
                            digest.update(os.path.relpath(os.path.join(folder, name), self.rules).encode())
                            digest.update(file.read())
                path = os.path.join(cache, f"suggest-{digest.hexdigest()}.yaml")
                if os.path.exists(path):
                    with open(path, encoding="utf-8") as file:
                        return file.read()
        result = self.run("suggest", empty)
        if result.returncode != 0:
            raise SetupError(f"rulecheck suggest failed:\n{result.stderr}")
        if path is not None:
            os.makedirs(cache, exist_ok=True)
            with open(path + ".tmp", "w", encoding="utf-8") as file:
                file.write(result.stdout)
            os.replace(path + ".tmp", path)
        return result.stdout

    def spec_file(self, language, today, cases):
        """`cases`: [(type, input, expectation text)] → a spec file of them, grouped by type, and
        {line: index of the case} for the cases' lines."""
        self.runs += 1
        path = os.path.join(self.work, f"agree-{self.runs}.yaml")
        lines = ["rulecheck: 1", f"rules: {yaml_string(self.rules)}", f"today: {today}",
                 f"language: {yaml_string(language)}", "cases:"]
        by_type = {}
        for index, (type_name, value, expectation) in enumerate(cases):
            by_type.setdefault(type_name, []).append((index, value, expectation))
        where = {}
        for type_name, group in by_type.items():
            lines.append(f"  {type_name}:")
            for index, value, expectation in group:
                lines.append(f"    - {{ in: {yaml_value(value)}, {expectation} }}")
                where[len(lines)] = index
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(lines) + "\n")
        return path, where

    def judge(self, language, today, cases):
        """Runs the cases; → {index: failure} and {index: error message} by case order. A case
        that rulecheck refuses keeps the cases after it from running: they are run again."""
        failures, errors = self.judge_once(language, today, cases)
        if errors:
            rest = [index for index in range(len(cases)) if index not in errors]
            again, more = self.judge(language, today, [cases[index] for index in rest]) if rest else ({}, {})
            failures = {rest[index]: failure for index, failure in again.items()}
            errors.update({rest[index]: error for index, error in more.items()})
        return failures, errors

    def judge_once(self, language, today, cases):
        path, where = self.spec_file(language, today, cases)
        result = self.run(path, "--format", "json", "--jobs", "1")
        try:
            report = json.loads(result.stdout, parse_float=Decimal, parse_int=Decimal)
        except ValueError:
            raise SetupError(f"rulecheck gave no JSON report for {path}:\n{result.stderr}") from None
        failures, errors = {}, {}
        for file in report.get("files", []):
            for failure in file.get("failures", []):
                failures[where[int(failure["line"])]] = failure
            for error in file.get("errors", []):
                index = where.get(int(error.get("line", 0)))
                if index is None:
                    raise SetupError(f"rulecheck refused {path}: {error.get('message')}")
                errors[index] = error.get("message")
        if report.get("runErrors"):
            raise SetupError(f"rulecheck could not run {path}: {report['runErrors']}")
        ran = int(report.get("passed", 0)) + int(report.get("failed", 0))
        if not errors and ran != len(cases):
            raise SetupError(f"rulecheck ran {ran} of the {len(cases)} cases of {path}")
        return failures, errors

    def verdicts(self, language, today, cases, candidates):
        """The engine's verdict on each (type, input): {"valid": …, "value"/"codes", "messages"?}.

        `candidates[i]` are the other runtimes' answers, whose values and messages are tried as
        the second run's expectations."""
        first = [(t, v, "valid: true") for t, v in cases]
        failures, errors = self.judge(language, today, first)
        verdicts = []
        second = []
        for index, (type_name, value) in enumerate(cases):
            if index in errors:
                verdicts.append({"error": errors[index]})
                second.append((type_name, value, "valid: true"))
                continue
            failure = failures.get(index)
            if failure is None:
                verdict = {"valid": True}
                valid = [a for a in candidates[index] if a.get("valid") is True]
                expectation = f"out: {yaml_value(valid[0].get('value'))}" if valid else "valid: true"
                if valid:
                    verdict["tried"] = valid[0].get("value")
            else:
                codes = {path: sorted(found) for path, found in failure["actual"].get("errors", {}).items()}
                verdict = {"valid": False, "codes": codes}
                same = [a for a in candidates[index]
                        if a.get("valid") is False and codes_by_path(a) == codes]
                expectation = self.errors_expectation(type_name, codes)
                if same:
                    verdict["tried"] = first_messages(same[0])
                    expectation += ", message: " + self.by_path(type_name, verdict["tried"])
            verdicts.append(verdict)
            second.append((type_name, value, expectation))
        failures, errors = self.judge(language, today, second)
        for index, verdict in enumerate(verdicts):
            if "error" in verdict:
                continue
            if index in errors:
                verdict["error"] = errors[index]
            elif verdict["valid"]:
                failure = failures.get(index)
                if failure is None and "tried" in verdict:
                    verdict["value"] = verdict["tried"]
                elif failure is not None and "value" in failure.get("actual", {}):
                    verdict["value"] = failure["actual"]["value"]
            elif "tried" in verdict:
                actual = failures.get(index, {}).get("actual", {}).get("message")
                if index not in failures:
                    verdict["messages"] = verdict["tried"]
                elif isinstance(actual, dict) and "path" in actual and "text" in actual:
                    # The first message that differs, as the engine has it; the others are not
                    # known, so only this one is compared (and printed).
                    verdict["messages"] = {actual["path"]: actual["text"]}
            verdict.pop("tried", None)
        return verdicts

    @staticmethod
    def by_path(type_name, mapping):
        if list(mapping) == [""]:
            return yaml_value(next(iter(mapping.values())))
        return yaml_value(mapping)

    @staticmethod
    def errors_expectation(type_name, codes):
        if list(codes) == [""]:
            return "errors: [" + ", ".join(codes[""]) + "]"
        return "errors: { " + ", ".join(
            f"{yaml_string(path)}: [{', '.join(found)}]" for path, found in codes.items()) + " }"


def engine_agrees(verdict, answer):
    """Whether one runtime's answer says what the engine's verdict says (as far as it is known)."""
    if "noAnswer" in answer:
        return False
    if answer["valid"] != verdict["valid"]:
        return False
    if verdict["valid"]:
        return "value" not in verdict or canonical(plain(answer.get("value"))) == canonical(plain(verdict["value"]))
    if codes_by_path(answer) != verdict["codes"]:
        return False
    messages = first_messages(answer)
    return all(messages.get(path) == text for path, text in verdict.get("messages", {}).items())


def engine_expectation(type_name, verdict):
    if verdict["valid"]:
        return f"out: {yaml_value(verdict['value'])}" if "value" in verdict else "valid: true"
    text = Engine.errors_expectation(type_name, verdict["codes"])
    if "messages" in verdict:
        text += ", message: " + Engine.by_path(type_name, verdict["messages"])
    return text


# ---------------------------------------------------------------------------------------------


def main(arguments):
    parser = argparse.ArgumentParser(
        description="Compare the Swift engine and other runtimes on generated inputs; print each "
                    "disagreement as a spec case.")
    parser.add_argument("--rules", default="rules", help="the rule files (default: rules)")
    parser.add_argument("--schema", help="their export (default: made by rulecheck export jsonschema)")
    parser.add_argument("--rulecheck", default=os.environ.get("RULECHECK", "rulecheck"),
                        help="the command that runs rulecheck (default: $RULECHECK or rulecheck)")
    parser.add_argument("--implementation", action="append", metavar="NAME=COMMAND",
                        help="a conformance program; {schema} is the export's path; repeatable "
                             "(default: the Python reference and the JavaScript runtime)")
    parser.add_argument("--seed", type=int, default=1, help="the random inputs' seed (default: 1)")
    parser.add_argument("--budget", type=float, default=30, help="seconds to spend comparing, after the setup (default: 30)")
    parser.add_argument("--today", default="2026-11-22", help="the date that counts as today")
    parser.add_argument("--inputs", type=int, help="stop after this many inputs, if the budget lasts")
    parser.add_argument("--type", action="append", dest="types", help="only this type or model")
    parser.add_argument("--batch", type=int, default=300, help="inputs per spec file (default: 300)")
    parser.add_argument("--timeout", type=float, default=10, help="seconds an implementation may take")
    parser.add_argument("--unicode", action="store_true",
                        help="half the text from the pinned Unicode tables: every category and script, long "
                             "clusters, final sigma, canonically equivalent spellings")
    options = parser.parse_args(arguments)
    try:
        return run(options)
    except SetupError as error:
        print(f"agree: {error}", file=sys.stderr)
        return 2


def run(options):
    try:
        today = tuple(int(part) for part in options.today.split("-"))
        assert len(today) == 3
    except (ValueError, AssertionError):
        raise SetupError(f"--today {options.today!r} is not YYYY-MM-DD") from None
    if (options.batch < 1 or options.budget < 0 or options.timeout <= 0
            or (options.inputs is not None and options.inputs < 1)):
        raise SetupError("--batch and --inputs are at least 1, --budget at least 0 and --timeout more than 0")
    implementations = []
    for entry in options.implementation or DEFAULT_IMPLEMENTATIONS:
        name, equals, command = entry.partition("=")
        if not equals or not name or not command:
            raise SetupError(f"--implementation {entry!r} is not NAME=COMMAND")
        implementations.append((name, command))

    with tempfile.TemporaryDirectory(prefix="agree-") as work:
        engine = Engine(options.rulecheck, options.rules, work)
        schema = options.schema
        if schema is None:
            schema = os.path.join(work, "rules.schema.json")
            result = engine.run("export", "jsonschema", engine.rules, "--output", schema)
            if result.returncode != 0:
                raise SetupError(f"rulecheck export failed:\n{result.stderr}")
        try:
            with open(schema, encoding="utf-8") as file:
                definitions = json.load(file)["$defs"]
        except (OSError, ValueError, KeyError) as error:
            raise SetupError(f"cannot read the export {schema}: {error}") from None
        empty = os.path.join(work, "empty.yaml")
        with open(empty, "w", encoding="utf-8") as file:
            file.write(f"rulecheck: 1\nrules: {yaml_string(engine.rules)}\ntoday: {options.today}\ncases: {{}}\n")
        suggested = suggested_inputs(engine.suggest(empty, options.today))

        names = options.types or sorted(definitions)
        for name in names:
            if name not in definitions:
                raise SetupError(f"no type or model {name!r} in {schema}")
        runtimes = [Implementation(n, c.replace("{schema}", shlex.quote(os.path.abspath(schema))), options.timeout)
                    for n, c in implementations]
        rng = random.Random(options.seed)
        inputs = Inputs(definitions, suggested, rng, today, UnicodeText(rng) if options.unicode else None)
        # Every suggested input first, then random ones, type by type in turn.
        queued = [(name, value) for name in names for value in suggested.get(name, [])]
        disagreements, count = [], 0
        try:
            for runtime in runtimes:
                runtime.start()
            # NB: the budget is for comparing: the export, `suggest` and the runtimes' start are not counted.
            started = time.monotonic()
            # At least one batch, however small the budget: a run that compared nothing is not a pass.
            while count == 0 or (time.monotonic() - started < options.budget
                                 and (options.inputs is None or count < options.inputs)):
                size = options.batch if options.inputs is None else min(options.batch, options.inputs - count)
                batch, queued = queued[:size], queued[size:]
                while len(batch) < size:
                    batch.append(((name := rng.choice(names)), inputs.input(name)))
                for language in ("en", "ja"):
                    half = batch[0::2] if language == "en" else batch[1::2]
                    count += len(half)
                    disagreements += compare(engine, runtimes, half, language, options.today)
        finally:
            for runtime in runtimes:
                runtime.stop()

    report(disagreements, options, count, [n for n, _ in implementations])
    return 1 if disagreements else 0


# What the engine's verdicts were, and how many of them are known whole (the value of a valid
# input, the first message at each path of an invalid one), for the summary.
STATS = {"valid": 0, "validKnown": 0, "invalid": 0, "invalidKnown": 0}


def compare(engine, runtimes, batch, language, today):
    answers = []
    for type_name, value in batch:
        request = {"type": type_name, "input": value, "today": today, "language": language}
        answers.append([runtime.ask(request) for runtime in runtimes])
    verdicts = engine.verdicts(language, today, batch, answers)
    for verdict in verdicts:
        if "error" not in verdict:
            known = "value" in verdict if verdict["valid"] else "messages" in verdict
            STATS["valid" if verdict["valid"] else "invalid"] += 1
            STATS[("valid" if verdict["valid"] else "invalid") + "Known"] += known
    found = []
    for (type_name, value), verdict, given in zip(batch, verdicts, answers):
        if "error" in verdict:
            found.append((language, type_name, value, verdict, given,
                          [f"swift could not take the case: {verdict['error']}"]))
            continue
        differences = [f"{runtime.name} gives {describe(answer, verdict)}"
                       for runtime, answer in zip(runtimes, given) if not engine_agrees(verdict, answer)]
        # Between the runtimes, every violation's message counts, not only the first at a path.
        if not differences and len({canonical(summary(answer)) for answer in given}) > 1:
            differences = [f"{runtime.name} gives {json.dumps(answer, ensure_ascii=False, default=str)}"
                           for runtime, answer in zip(runtimes, given)]
        if differences:
            found.append((language, type_name, value, verdict, given, differences))
    return found


def report(disagreements, options, count, names):
    print(f"agree: {count} inputs, seed {options.seed}, today {options.today}; "
          f"swift and {', '.join(names)}: {len(disagreements)} disagreement(s)", file=sys.stderr)
    print(f"agree: the engine found {STATS['valid']} valid (value compared for {STATS['validKnown']}) and "
          f"{STATS['invalid']} invalid (codes compared for all, first messages for {STATS['invalidKnown']})",
          file=sys.stderr)
    if not disagreements:
        return
    print("# Disagreements found by Scripts/agree.py --seed %d; each expectation is the Swift engine's." % options.seed)
    for language in ("en", "ja"):
        mine = [d for d in disagreements if d[0] == language]
        if not mine:
            continue
        print(f"# A spec file of its own for the cases in {language}:")
        print("\n".join(["rulecheck: 1", f"today: {options.today}", f"language: {language}", "cases:"]))
        by_type = {}
        for _, type_name, value, verdict, _, differences in mine:
            expectation = "valid: true" if "error" in verdict else engine_expectation(type_name, verdict)
            name = "; ".join(differences)
            if len(name) > 300:
                name = name[:300] + "…"
            by_type.setdefault(type_name, []).append(
                f"    - {{ in: {yaml_value(value)}, {expectation}, name: {yaml_string('agree: ' + name)} }}")
        for type_name, cases in by_type.items():
            print(f"  {type_name}:")
            print("\n".join(cases))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
