"""Patterns (issue 38): the subset's syntax and refusals as the JavaScript runtime's pattern.js reads
them, the cached automaton against the threads run in lock step, and linear time whatever the
pattern, measured as a ratio against a plain pattern on a value of the same size in one run.
The conformance corpora are test_corpora.py's."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from typing import Any, Callable, Dict, Iterator, List

import pytest

from fixture_paths import FIXTURES, ROOT
from timing import ratio
from rulecheck_runtime import Rules, _patterns
from rulecheck_runtime._patterns import (MAXIMUM_DFA_STATES, MAXIMUM_INPUT_LENGTH, ContainsMatcher, Pattern,
                                         PatternError, PieceMatcher, compile_pattern, contains_classes,
                                         linear_pieces, pieces_of)

TABLE = [
    # pattern, value, matches
    ("[0-9]{3}-[0-9]{4}", "123-4567", True),
    ("[0-9]{3}-[0-9]{4}", "〒123-4567", False),  # the whole value must match
    ("[0-9]{3}-[0-9]{4}", "123-45678", False),
    ("\\+?[0-9]{6,15}", "+123456", True),
    ("\\+?[0-9]{6,15}", "12345", False),
    ("\\+?[0-9]{6,15}", "1234567890123456", False),
    (".*\\p{L}.*", "abc1", True),
    (".*\\p{L}.*", "1234", False),
    (".*\\p{L}.*", "12\u4e001", True),
    (".", "\n", False),  # ECMAScript's line terminators
    (".", "\u2028", False),
    (".", "😀", True),  # one scalar
    ("..", "😀", False),
    ("a|b|", "", True),
    ("(free|pro|team)", "pro", True),  # a set of literals
    ("(free|pro|team)", "pr", False),
    ("abc", "abc", True),
    ("abc", "abcd", False),
    ("", "", True),
    ("", "a", False),
    ("(?:ab)+", "ababab", True),
    ("(?<name>ab){2}", "abab", True),
    ("a{2,}", "a", False),
    ("a{2,}", "aaaa", True),
    ("a{0}b", "b", True),
    ("a*?b", "aab", True),  # lazy reads as greedy for a whole match
    ("[^a-c]", "d", True),
    ("[^a-c]", "b", False),
    ("[\\d-]+", "1-2", True),
    ("[a\\-z]", "-", True),
    ("[a\\-z]", "b", False),
    ("[\\p{Lu}\\d]+", "AB12", True),
    ("[\\P{L}]", "a", False),
    ("[^\\P{L}]", "a", True),
    ("\\p{Script=Greek}+", "αβγ", True),
    ("\\p{sc=Grek}", "a", False),
    ("\\p{General_Category=Uppercase_Letter}", "A", True),
    ("\\u{1F600}", "😀", True),
    ("\\uD83D\\uDE00", "😀", True),
    ("\\x41", "A", True),
    ("^a$", "a", True),
    ("a^", "a", False),
    ("$^", "", True),
    ("a$|b", "a", True),
    ("\\w+", "é", False),
    ("\\s", "\u3000", True),
    ("\\s", "\ufeff", False),
    ("[^a]", "\ud800", True),  # a lone surrogate is the code point it is
    ("\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\/\\\\", ".*+?()[]{}|^$/\\", True),
]


@pytest.mark.parametrize("source, value, expected", TABLE)
def test_pattern_matches_as_the_subset_means(source: str, value: str, expected: bool) -> None:
    pattern = compile_pattern(source)
    assert pattern.fullmatch(value) == expected
    assert pattern.fullmatch_by_automaton(value) == expected
    assert pattern.fullmatch_by_threads(value) == expected


# How each pattern answers: a set look-up, a linear `re` (a sequence of classes with counts in which
# nothing variable can give back what follows it takes), `A*BA*` with a large B as two `re` scans
# (then the automaton for a value past the BMP), or the automaton.
KINDS = [
    ("(free|pro|team)", "literals"), ("abc", "literals"), ("", "literals"),
    ("[0-9]{3}-[0-9]{4}", "pieces"), ("\\+?[0-9]{6,15}", "pieces"), ("G.*", "pieces"), ("^a$", "pieces"),
    (".*\\p{L}.*", "contains"), ("[\\s\\S]*\\p{Lu}[\\s\\S]*", "contains"), (".*[0-9].*", "pieces"), ("[^a]*a.b", "pieces"), ("\\d+x?", "pieces"),
    ("a*a*b", "automaton"), ("\\d*\\w", "automaton"), ("a?a", "automaton"), ("x*y?x", "automaton"),
    (".*[0-9].*a", "automaton"), ("[0-9].*[0-9].*", "automaton"), ("(a|aa)+b", "automaton"), ("$^", "automaton"),
]


@pytest.mark.parametrize("source, kind", KINDS)
def test_each_pattern_answers_the_fastest_way_that_stays_linear(source: str, kind: str) -> None:
    assert compile_pattern(source).kind == kind


INVALID = [
    "(a", "a)", "[a", "*a", "a**", "a{2", "a{3,1}", "a{1001}", "(?=a)", "(?!a)", "(?<=a)", "(?i)a", "\\1", "\\b",
    "[]", "[^]", "\\uD800", "\\uDC00x", "\\u{D800}", "\\-", "\\@", "\\cC", "\\k<a>", "\\01", "[\\b]", "\\B",
    "(a+)+", "(a*)*b", "(\\w+\\s?)*", "(a{1,100}){1,100}", "\\p{Han}", "\\p{Nope}", "\\p{Foo=Bar}", "[[a]]",
    "[a&&b]", "[a--b]", "a++", "\\w{0,1000}" * 11, "(" * 300 + ")" * 300,
]


@pytest.mark.parametrize("source", INVALID)
def test_a_pattern_outside_the_subset_is_refused(source: str) -> None:
    with pytest.raises(PatternError):
        compile_pattern(source)


def test_a_script_named_as_a_category_gets_a_hint() -> None:
    with pytest.raises(PatternError, match=r"a script needs 'Script=': '\\p\{Script=Han\}'"):
        compile_pattern("\\p{Han}")


def test_a_value_longer_than_the_limit_never_matches() -> None:
    pattern = compile_pattern("a*")
    assert pattern.fullmatch("a" * MAXIMUM_INPUT_LENGTH)
    assert not pattern.fullmatch("a" * (MAXIMUM_INPUT_LENGTH + 1))
    assert compile_pattern(".*").fullmatch("😀" * MAXIMUM_INPUT_LENGTH)
    assert not compile_pattern("(a|b)").fullmatch("a" * (MAXIMUM_INPUT_LENGTH + 1))


def test_the_cached_automaton_answers_as_the_threads_do_on_seeded_random_values() -> None:
    sources = ["(a|b)*abb", "a{2,4}b?$", "^(?:ab|a)c*", "[^a]*a.b", "\\d{3}-\\d{4}", ".*\\p{L}.*", "(x|xy)(z|yz)",
               "a*$|b", "(?:a|^b)c", "[\\s\\S]*(?:ab)[\\s\\S]*", "\\w+@\\w+", "(?:a?){3}a{3}", "é|e\\u0301", "[😀-😂]+a",
               "(free|pro|team)", "x", "$^|a", "\\+?[0-9]{1,3}", ".*[0-9].*", "[^a]*a.*", "^[a-c]*\\d?$", "x?y*", "a*aa*", ".*..*", "[^a]+b?",
               "[\\s\\S]*\\p{Lu}[\\s\\S]*", ".*\\p{Ll}.*", ".*\\p{So}.*"]
    alphabet = ["a", "b", "c", "x", "y", "z", "1", "-", "@", " ", "é", "\u0301", "😀", "😁", "\n", "A", "𝐀"]
    rng = random.Random(12345)
    compared = 0
    for source in sources:
        pattern = compile_pattern(source)
        for _ in range(400):
            value = "".join(rng.choice(alphabet) for _ in range(rng.randrange(9)))
            expected = pattern.fullmatch_by_threads(value)
            assert pattern.fullmatch(value) == pattern.fullmatch_by_automaton(value) == expected, (source, value)
            compared += 1
    assert compared == len(sources) * 400


def test_the_automatons_cache_stays_bounded_on_a_pattern_with_many_states() -> None:
    pattern = compile_pattern("[ab]*a[ab]{12}")
    rng = random.Random(7)
    for _ in range(300):
        value = "".join(rng.choice("ab") for _ in range(40))
        assert pattern.fullmatch_by_automaton(value) == pattern.fullmatch_by_threads(value)
    assert len(pattern.states) <= MAXIMUM_DFA_STATES
    # Past ASCII, each state caches a bounded number of characters, then intervals of equal meaning.
    wide = compile_pattern("[^a]*")
    value = "".join(chr(0x4E00 + index) for index in range(MAXIMUM_INPUT_LENGTH))
    assert wide.fullmatch_by_automaton(value) and len(wide.initial) + len(wide.initial.classes) < 4200


# Patterns that take a backtracking engine exponential or polynomial time on a long value that they
# do not match (the subset refuses (a*)*b and (a+)+ when it loads, and admits these), each with such
# a value at the input limit; and a plain pattern, run the same way (the automaton, or `re` for the
# other kinds; a value past the BMP sends `contains` to the automaton) on a value of the same size.
N = MAXIMUM_INPUT_LENGTH
HOSTILE = [("(a|a)*b", "a" * N), ("(a|aa)+b", "a" * N), ("a*a*a*a*a*b", "a" * N), ("(?:a?){30}a{30}b", "a" * N),
           ("(?:(?:a|aa){1,30}){1,30}b", "a" * N), ("(.*a){20}b", "a" * N), ("[\\s\\S]*(?:a|\\p{L})*[\\s\\S]*b", "a" * N),
           (".*\\p{L}.*", "1" * N), (".*[0-9].*", "a" * N), ("[0-9]*x", "1" * N), ("[^a]*a.b", "b" * N),
           ("\\d+x?", "1" * (N - 1) + "a"), (".*\\p{Lu}.*", "a" * N), (".*\\p{Lu}.*", "😀" * N)]
PLAIN = "[a-z]*"
LIMIT = 8


@pytest.mark.parametrize("source, value", HOSTILE, ids=[f"{source} on {value[0]}" for source, value in HOSTILE])
def test_a_hostile_pattern_is_linear_on_a_value_at_the_limit(source: str, value: str) -> None:
    hostile, plain = compile_pattern(source), compile_pattern(PLAIN)
    assert hostile.fullmatch(value[:60] + "b") == hostile.fullmatch_by_threads(value[:60] + "b")
    # NB: the first run of each (ratio's warm-up) builds the automaton's states, which the pattern
    # keeps; a backtracking engine has nothing to keep, and takes the same exponential time again.
    assert not hostile.fullmatch(value)
    by_automaton = hostile.kind == "automaton" or (hostile.kind == "contains" and max(value) > "\uffff")
    baseline = plain.fullmatch_by_automaton if by_automaton else plain.fullmatch
    found = ratio(lambda pair: pair[0](pair[1]), (hostile.fullmatch, value), (baseline, "a" * len(value)))
    assert found < LIMIT, f"{found:.1f}x the plain pattern"


def test_a_counted_repetition_costs_no_more_a_character_for_its_live_threads() -> None:
    # NB: the largest count the subset admits, four times: up to 4,000 live threads on 10,000 `a`s,
    # against counts of the same size with one live thread; neither's states repeat, so each
    # character builds one. The threads are the bits of an int (3.2 s of CPU before, 3,000 times).
    many, one = compile_pattern("\\w{0,1000}" * 4 + "x"), compile_pattern("\\w{1000}" * 4 + "x")
    value = "a" * MAXIMUM_INPUT_LENGTH
    assert not many.fullmatch(value) and many.fullmatch("a" * 3000 + "x") and not many.fullmatch("a" * 4001 + "x")
    assert many.fullmatch_by_automaton("a" * 50 + "x") == many.fullmatch_by_threads("a" * 50 + "x")
    assert one.fullmatch_by_automaton("a" * 4000 + "x") and not one.fullmatch_by_automaton("a" * 3999 + "x")
    found = ratio(lambda pair: pair[0](pair[1]), (many.fullmatch, value), (one.fullmatch_by_automaton, value), rounds=3)
    assert found < LIMIT, f"{found:.1f}x the count of one live thread"


def test_a_hostile_pattern_in_a_rule_gets_its_verdict_in_linear_time() -> None:
    document = json.loads((FIXTURES / "seed.schema.json").read_text(encoding="utf-8"))
    # NB: the plain pattern has an alternation, so that the automaton runs both.
    for name, source in (("TaskTitle", "(a|aa)+b"), ("Username", "(?:[a-z]|_)*")):
        document["$defs"][name]["x-rulecheck-checks"] = [
            {"check": "pattern", "regex": source, "codes": {"patternMismatch": {"code": "patternMismatch"}}}]
    rules = Rules(document)
    assert [v.code for v in rules.validate("TaskTitle", "a" * 60 + "c").violations] == ["patternMismatch"]
    assert rules.validate("TaskTitle", "a" * 60 + "b").valid
    value = "a" * MAXIMUM_INPUT_LENGTH
    found = ratio(lambda name: rules.validate(name, value), "TaskTitle", "Username")
    assert found < LIMIT, f"{found:.1f}x the plain pattern"


@pytest.mark.parametrize("source, value, expected", [
    ("a", "xay", True), ("^a", "xa", False), ("a$", "ab", False), ("^(?:[0-9]{3})$", "123", True),
    ("^(?:[0-9]{3})$", "1234", False), ("", "x", True), ("b", "a" * (MAXIMUM_INPUT_LENGTH * 2) + "b", True),
])
def test_search_reads_a_pattern_as_json_schema_does(source: str, value: str, expected: bool) -> None:
    # For the tests that run exported schemas (Tests/RuleExportTests/Scripts/jsonschema_verdicts.py).
    assert compile_pattern(source).search(value) == expected


# The JavaScript runtime's pattern.js on the same seeded patterns and values: the same refusals and answers.

def random_patterns(rng: random.Random, count: int) -> List[str]:
    atoms = ["a", "b", "[ab]", "[^a]", ".", "\\d", "\\w", "\\s", "\\p{L}", "\\p{Lu}", "[0-9]", "é", "😀",
             "[a-c😀]", "\\P{L}", "^", "$"]
    counts = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,2}", "*?"]

    def sequence(depth: int) -> str:
        out = ""
        for _ in range(rng.randint(0, 4)):
            if depth < 2 and rng.random() < 0.25:
                out += "(?:" + "|".join(sequence(depth + 1) for _ in range(rng.randint(1, 3))) + ")"
                out += rng.choice(["", "?", "{1,2}", "{2}"])
            else:
                atom = rng.choice(atoms)
                out += atom + ("" if atom in "^$" else rng.choice(counts))
        return out

    contains = [f"{a}*{b}{a}*" for a in (".", "[\\s\\S]", "\\P{Cc}") for b in ("\\p{L}", "\\p{So}", "\\P{L}", "[😀-😂]")]
    return [sequence(0) for _ in range(count)] + contains


def test_the_javascript_runtime_gives_the_same_answers() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("needs node")
    rng = random.Random(38)
    alphabet = ["a", "b", "x", "1", " ", "\n", "é", "A", "😀", "\u3000", "漢", "\U00020000", "_", "\ud800"]
    cases = [{"pattern": source, "input": "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 7)))}
             for source in random_patterns(rng, 600) for _ in range(6)]
    script = (f"import {{ Pattern }} from {json.dumps((ROOT / 'runtimes/js/src/pattern.js').as_uri())};\n"
              "import { readFileSync } from 'node:fs';\n"
              "const cache = new Map();\n"
              "const answers = JSON.parse(readFileSync(0, 'utf8')).map((c) => {\n"
              "  if (!cache.has(c.pattern)) { try { cache.set(c.pattern, new Pattern(c.pattern)); }"
              " catch { cache.set(c.pattern, null); } }\n"
              "  const p = cache.get(c.pattern);\n"
              "  return p === null ? 'refused' : p.matches(c.input);\n"
              "});\n"
              "process.stdout.write(JSON.stringify(answers));\n")
    run = subprocess.run([node, "--input-type=module", "-e", script], input=json.dumps(cases),
                         capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert run.returncode == 0, run.stderr
    expected = json.loads(run.stdout)
    compiled: Dict[str, Any] = {}
    found = []
    for case in cases:
        source = case["pattern"]
        if source not in compiled:
            try:
                compiled[source] = compile_pattern(source)
            except PatternError:
                compiled[source] = None
        pattern = compiled[source]
        found.append("refused" if pattern is None else pattern.fullmatch(case["input"]))
    wrong = [(case["pattern"], case["input"], js, py) for case, js, py in zip(cases, expected, found) if js != py]
    assert wrong == []
    kinds = {pattern.kind for pattern in compiled.values() if pattern is not None}
    assert kinds == {"literals", "pieces", "contains", "automaton"} and "refused" in expected


# The matchers' walk over ASCII text (issue 39 item 7), the default when the package runs compiled
# (mypyc), against the automaton: every pattern of the repository's exports and the conformance
# corpora, and generated linear pieces and `A*BA*`, on values built from each pattern's own pieces,
# some of them changed, and random ASCII and non-ASCII values.

def regexes(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "regex" and isinstance(value, str):
                yield value
            else:
                yield from regexes(value)
    elif isinstance(node, list):
        for item in node:
            yield from regexes(item)


def repository_patterns() -> List[str]:
    exports = [*sorted(FIXTURES.glob("*.schema.json")), ROOT / "runtimes/python/bench/order.schema.json"]
    found = {source for path in exports for source in regexes(json.loads(path.read_text(encoding="utf-8")))}
    for corpus in ("jsts-pattern.jsonl", "jsts-ecmascript-regex.jsonl"):
        # NB: lines end at "\n" alone: str.splitlines also ends one at U+2028 or U+0085, which a
        # pattern in the corpus may hold.
        for line in (ROOT / "conformance" / corpus).read_text(encoding="utf-8").split("\n"):
            if line:
                found.add(json.loads(line)["rule"]["pattern"])
    return sorted(found)


def generated_patterns(rng: random.Random, count: int) -> List[str]:
    atoms = ["a", "b", "-", "[a-c]", "[^a]", ".", "\\d", "\\w", "\\s", "\\S", "[0-9]", "[A-Z]", "[^0-9]", "é",
             "[a-z0-9_]", "\\+", "[\\s\\S]", "[😀-😂]", "\\W", "x"]
    counts = ["", "", "*", "+", "?", "{2}", "{1,3}", "{0,2}", "{3,}", "{0,1}?"]
    pieces = ["".join(rng.choice(atoms) + rng.choice(counts) for _ in range(rng.randint(1, 5))) for _ in range(count)]
    contains = [f"{a}*{b}{a}*" for a in (".", "[\\s\\S]", "\\P{Cc}", "[a-z0-9]", "\\w", "[^\\n]")
                for b in ("\\p{L}", "\\p{Lu}", "\\p{Nd}", "[0-9]", "\\d", "[😀-😂]", "\\p{So}", "a", "[a-c]")]
    return pieces + contains


ASCII = ["a", "b", "c", "x", "z", "A", "Q", "Z", "0", "5", "9", "-", "+", "_", " ", "\n", "\r", "\t", "\x00", "\x7f", "."]
WIDE = ["é", "😀", "😁", "\u2028", "漢", "\u00a0", "Ａ"]


def members(found: _patterns.ScalarClass, rng: random.Random) -> str:
    """A code point of the class, ASCII when it has one."""
    ascii_points = [point for low, high in found.ranges if low < 128 for point in range(low, min(high, 127) + 1)]
    if ascii_points:
        return chr(rng.choice(ascii_points))
    return chr(found.ranges[0][0]) if found.ranges else "a"


def values_for(pattern: Pattern, rng: random.Random, count: int) -> List[str]:
    pieces = pieces_of(pattern.tree) or []
    values = []
    for index in range(count):
        value = "".join(members(found, rng) for found, minimum, maximum in pieces
                        for _ in range(rng.randint(minimum, minimum + 3 if maximum is None else min(maximum, minimum + 3))))
        change = index % 4
        if change == 1 and value:
            at = rng.randrange(len(value))
            value = value[:at] + rng.choice(ASCII) + value[at + 1:]
        elif change == 2:
            at = rng.randint(0, len(value))
            value = value[:at] + rng.choice(ASCII + WIDE[:1]) + value[at:]
        elif change == 3:
            value = "".join(rng.choice(ASCII if index % 8 else ASCII + WIDE) for _ in range(rng.randrange(10)))
        values.append(value)
    return values


def test_the_walk_over_ascii_text_answers_as_the_automaton_does() -> None:
    rng = random.Random(397)
    repository = repository_patterns()
    assert {"[A-Z]{3}-[0-9]{4}", "[0-9]{3}-[0-9]{4}", ".*\\p{L}.*", ".*[0-9].*", "\\+?[0-9]{6,15}"} <= set(repository)
    answers: Dict[str, Dict[bool, int]] = {"pieces": {True: 0, False: 0}, "contains": {True: 0, False: 0}}
    walked = set()
    for source in repository + generated_patterns(rng, 400):
        try:
            pattern = compile_pattern(source)
        except PatternError:
            continue
        pieces = linear_pieces(pattern.tree)
        contains = None if pieces is not None else contains_classes(pattern.tree)
        if pieces is not None:
            ways = [PieceMatcher(pieces, ascii_walk=True), PieceMatcher(pieces, ascii_walk=False)]
        elif contains is not None:
            ways = [ContainsMatcher(*contains, pattern.fullmatch_by_automaton, ascii_walk=True),
                    ContainsMatcher(*contains, pattern.fullmatch_by_automaton, ascii_walk=False)]
        else:
            continue
        walked.add(source)
        for value in values_for(pattern, rng, 60):
            expected = pattern.fullmatch_by_automaton(value)
            assert [way.fullmatch(value) for way in ways] + [pattern.fullmatch(value)] == [expected] * 3, (source, value)
            if value.isascii():
                answers["pieces" if pieces is not None else "contains"][expected] += 1
    assert {".*\\p{L}.*", "[A-Z]{3}-[0-9]{4}"} <= walked and len(walked) > 200
    # Both answers, many times, from both walks on ASCII text.
    assert min(count for kind in answers.values() for count in kind.values()) > 200, answers


@pytest.mark.parametrize("source, value", [("[0-9]*", "1" * N), (".*[0-9].*", "a" * (N - 1) + "1"),
                                           ("[^a]*a.*", "b" * (N - 1) + "a"), (".*\\p{L}.*", "1" * (N - 1) + "a")])
def test_the_walk_keeps_the_input_limit(source: str, value: str) -> None:
    pattern = compile_pattern(source)
    pieces = linear_pieces(pattern.tree)
    contains = contains_classes(pattern.tree)
    walk = (PieceMatcher(pieces, ascii_walk=True) if pieces is not None
            else ContainsMatcher(*contains, pattern.fullmatch_by_automaton, ascii_walk=True) if contains is not None
            else None)
    assert walk is not None
    assert len(value) == MAXIMUM_INPUT_LENGTH
    assert walk.fullmatch(value) and not walk.fullmatch(value[0] + value)


def test_the_walk_is_the_default_exactly_when_the_package_runs_compiled() -> None:
    compiled = not (_patterns.__file__ or "").endswith(".py")
    walks = [compile_pattern(source).matcher for source in ("[0-9]{3}-[0-9]{4}", ".*\\p{L}.*")]
    assert [getattr(matcher, "ascii_walk") for matcher in walks] == [compiled, compiled]
