"""The Swift engine as the fuzzers' oracle: `rulecheck check TYPE --rules DIR` reads JSON lines on
standard input, each a JSON body, and answers each line it can read with one JSON line, {"valid":
true, "value": …} or {"valid": false, "violations": [{code, path, message}]}, and each line it
cannot read with `<stdin>:LINE:COLUMN: error: not JSON: MESSAGE` on standard error (docs/cli.md).
Inputs are batched: one process per type and batch, never one per input.

Standard library only; used by Fuzz/runtimes/fuzz_python.py (the JavaScript fuzzer has its own).
"""

from __future__ import annotations

import errno
import json
import os
import re
import subprocess
import tempfile
import time
from decimal import Decimal
from typing import Any, Dict, List, Optional, Sequence, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The rule sets the fuzzers validate with: the seed rules and the feature rules (every check).
RULE_SETS = {"seed": os.path.join(ROOT, "rules"),
             "features": os.path.join(ROOT, "Tests", "GeneratedCodeTests", "Features", "rules")}
TODAY = "2026-11-28"
LANGUAGE = "ja"
_ERROR = re.compile(r"^<stdin>:([0-9]+):([0-9]+): error: not JSON: (.*)$")


def export(rulecheck: str, work: str) -> Dict[str, str]:
    """Each rule set exported as JSON Schema into `work`: {name: path}."""
    paths = {}
    for name, folder in RULE_SETS.items():
        path = os.path.join(work, f"{name}.schema.json")
        subprocess.run([rulecheck, "export", "jsonschema", folder, "--output", path], check=True,
                       capture_output=True)
        paths[name] = path
    return paths


def names(schemas: Dict[str, str]) -> List[Tuple[str, str]]:
    """Every (rule set, type or model) of the exported schemas, in the order a validator fuzzer's
    first byte counts them: by rule set as RULE_SETS orders them, then by name."""
    found = []
    for rule_set in RULE_SETS:
        with open(schemas[rule_set], encoding="utf-8") as file:
            document = json.load(file)
        definitions = document.get("$defs") or document.get("definitions") or {}
        found += [(rule_set, name) for name in sorted(definitions)]
    return found


def one_line(body: bytes) -> bytes:
    """A JSON body the runtime read, as one line: its line breaks can only be white space."""
    return body.replace(b"\r", b" ").replace(b"\n", b" ")


def check(rulecheck: str, rule_set: str, type_name: str, lines: Sequence[bytes]) -> List[Dict[str, Any]]:
    """The engine's answer to each line: its JSON answer, or {"error": message, "column": n}."""
    command = [rulecheck, "check", type_name, "--rules", RULE_SETS[rule_set], "--today", TODAY, "--language", LANGUAGE]
    # NB: a rulecheck being rebuilt is busy (ETXTBSY) for a moment: wait for it, up to a minute.
    for attempt in range(61):
        try:
            result = subprocess.run(command, input=b"".join(line + b"\n" for line in lines), capture_output=True,
                                    timeout=600)
            break
        except OSError as error:
            if error.errno != errno.ETXTBSY or attempt == 60:
                raise
            time.sleep(1)
    errors: Dict[int, Dict[str, Any]] = {}
    # NB: split at "\n" alone: a message can show U+2028 or U+0085, which splitlines() breaks at.
    for text in result.stderr.decode("utf-8", "replace").split("\n"):
        if not text:
            continue
        match = _ERROR.match(text)
        if match is None:
            raise RuntimeError(f"rulecheck check {type_name}: {text}")
        errors[int(match.group(1))] = {"error": match.group(3), "column": int(match.group(2))}
    answers = iter(line for line in result.stdout.decode("utf-8").split("\n") if line)
    found = []
    for number in range(1, len(lines) + 1):
        found.append(errors[number] if number in errors else json.loads(next(answers), parse_float=Decimal))
    return found


def canonical(value: Any) -> str:
    """A value as text that two equal values share: numbers by value, keys sorted."""
    return json.dumps(_plain(value), sort_keys=True, ensure_ascii=False)


def _plain(value: Any) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float, Decimal)):
        return str(Decimal(str(value)).normalize())
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return str(value)


def summary(answer: Dict[str, Any]) -> Tuple[Any, ...]:
    """What an answer says, to compare: the verdict, then the value or each (path, code, message)."""
    if "error" in answer:
        return ("error", answer["error"], answer.get("column"))
    if answer["valid"]:
        return (True, canonical(answer.get("value")))
    return (False, tuple(sorted((tuple(v["path"]), v["code"], v["message"]) for v in answer["violations"])))


class Batch:
    """Inputs waiting for the engine's verdict: (rule set, type, line, the runtime's answer, the input)."""

    def __init__(self, rulecheck: str, size: int, reader: bool = False) -> None:
        self.rulecheck = rulecheck
        self.size = size
        # A reader's answers are compared as read or not, and each error by its message and column.
        self.reader = reader
        self.pending: List[Tuple[str, str, bytes, Dict[str, Any], bytes]] = []
        self.compared = 0

    def summary(self, answer: Dict[str, Any]) -> Tuple[Any, ...]:
        return ("read",) if self.reader and "error" not in answer else summary(answer)

    def add(self, rule_set: str, type_name: str, line: bytes, answer: Dict[str, Any], data: bytes) -> Optional[List[Any]]:
        self.pending.append((rule_set, type_name, line, answer, data))
        return self.flush() if len(self.pending) >= self.size else None

    def flush(self) -> List[Tuple[bytes, Dict[str, Any], Dict[str, Any]]]:
        """Asks the engine about every pending input; → each disagreement as (input, runtime's, engine's)."""
        groups: Dict[Tuple[str, str], List[int]] = {}
        for index, (rule_set, type_name, _, _, _) in enumerate(self.pending):
            groups.setdefault((rule_set, type_name), []).append(index)
        disagreements = []
        for (rule_set, type_name), indices in groups.items():
            engine = check(self.rulecheck, rule_set, type_name, [self.pending[index][2] for index in indices])
            for index, verdict in zip(indices, engine):
                answer = self.pending[index][3]
                self.compared += 1
                if self.summary(answer) != self.summary(verdict):
                    disagreements.append((self.pending[index][4], answer, verdict))
        self.pending = []
        return disagreements


def temporary_folder() -> str:
    return tempfile.mkdtemp(prefix="rulecheck-fuzz-")
