#!/usr/bin/env python3
"""This package against hand-written Python and pydantic v2 on the five seed rules' 1,000 inputs
each (inputs.py, as Benchmarks/ makes them), on a SignUp body and on an Order body (rules/order.yaml:
a nested model and a list); docs/performance.md, "Python".

Usage: PYTHONPATH=runtimes/python/src python3 runtimes/python/bench/bench.py [--repeat N] [--markdown] [--bodies-only]
       [--baseline SRC] [--source SRC]

--bodies-only measures the bodies alone, the SignUp body's valid and invalid halves also apart.

--baseline SRC adds a way: `rules.validate` of the package in SRC (another checkout's
runtimes/python/src, loaded under another name), so that a change is measured against what it
changes in the same run. --source SRC measures the package in SRC as `rulecheck` (a mypyc build of
it, say, with --baseline naming its pure-Python source).

Each figure is the best of N passes over the inputs, in nanoseconds of the thread's CPU time per
validation, the ways interleaved pass by pass; the ratios divide by hand-written Python measured in
the same run.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import pathlib
import re
import sys
import time
from decimal import Decimal
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import regex
from pydantic import AfterValidator, BaseModel, Field, StringConstraints, TypeAdapter, ValidationError, model_validator
from typing_extensions import Annotated

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE))
# NB: --source SRC (read before the import below) measures the package in SRC, such as a mypyc build.
_SOURCE = sys.argv[sys.argv.index("--source") + 1] if "--source" in sys.argv[:-1] else None
sys.path.insert(0, _SOURCE or str(ROOT / "runtimes" / "python" / "src"))

import inputs  # noqa: E402
from rulecheck_runtime import Rules  # noqa: E402

TODAY = "2026-11-22"
TODAY_DATE = datetime.date(2026, 11, 22)

# MARK: hand-written Python: the same semantics, written directly, no engine.

WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" \
              "\u2028\u2029\u202f\u205f\u3000"
GRAPHEME = regex.compile(r"\X")
EMAIL_PATTERN = (r"[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
                 r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*")
EMAIL = re.compile(EMAIL_PATTERN)
DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


def characters(text: str) -> int:
    return len(text) if text.isascii() and "\r" not in text else len(GRAPHEME.findall(text))


def task_title(raw: str) -> Any:
    value = raw.strip(WHITE_SPACE)
    count = characters(value)
    return "tooShort" if count < 1 else "tooLong" if count > 20 else value


def username(raw: str) -> Any:
    count = characters(raw)
    return "tooShort" if count < 1 else "tooLong" if count > 10 else raw


def email(raw: str) -> Any:
    value = raw.strip(WHITE_SPACE)
    if not value:
        return "empty"
    return value if EMAIL.fullmatch(value) else "invalid"


def due_date(raw: str) -> Any:
    match = DATE.fullmatch(raw)
    if match is None:
        return "invalid"
    try:
        date = datetime.date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return "invalid"
    return "tooEarly" if date < TODAY_DATE else date


def query(raw: str) -> Any:
    return raw or None


HAND: Dict[str, Callable[[str], Any]] = {
    "TaskTitle": task_title, "Username": username, "EmailAddress": email, "TaskDueDate": due_date,
    "SearchQuery": query}

# MARK: pydantic v2: the nearest constraints (its strip is str.strip, its lengths count code points).


def not_before_today(date: datetime.date) -> datetime.date:
    if date < TODAY_DATE:
        raise ValueError("tooEarly")
    return date


PYDANTIC: Dict[str, TypeAdapter[Any]] = {
    "TaskTitle": TypeAdapter(Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=20)]),
    "Username": TypeAdapter(Annotated[str, StringConstraints(min_length=1, max_length=10)]),
    "EmailAddress": TypeAdapter(
        Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, pattern="^" + EMAIL_PATTERN + "$")]),
    "TaskDueDate": TypeAdapter(Annotated[datetime.date, AfterValidator(not_before_today)]),
    "SearchQuery": TypeAdapter(Optional[str]),
}


def in_birth_years(year: int) -> int:
    if not 1900 <= year <= 2026:
        raise ValueError("range")
    return year


class SignUpModel(BaseModel):
    email: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, pattern="^" + EMAIL_PATTERN + "$")]
    password: Annotated[str, StringConstraints(min_length=8, max_length=64)]
    passwordConfirmation: Annotated[str, StringConstraints(min_length=8, max_length=64)]
    displayName: Optional[Annotated[str, StringConstraints(max_length=30)]] = None
    birthYear: Optional[Annotated[int, AfterValidator(in_birth_years)]] = None
    plan: Annotated[str, StringConstraints(strip_whitespace=True, to_lower=True, pattern="^(free|pro|team)$")]

    @model_validator(mode="after")
    def passwords_match(self) -> "SignUpModel":
        # The password's patterns: a letter and a digit.
        if not any(c.isalpha() for c in self.password) or not any("0" <= c <= "9" for c in self.password):
            raise ValueError("password needs a letter and a digit")
        if self.password != self.passwordConfirmation:
            raise ValueError("passwordMismatch")
        return self


SIGN_UP_BODIES = [
    b'{"email": "taro@example.com", "password": "secret12", "passwordConfirmation": "secret12", '
    b'"displayName": "  Taro   Yamada ", "birthYear": 1990, "plan": " PRO "}',
    b'{"email": "not an email", "password": "short", "passwordConfirmation": "different1", "birthYear": 1800, '
    b'"plan": "gold"}',
]


def hand_sign_up(body: bytes) -> Any:
    """json.loads and the SignUp rules by hand (kinds, trim, email, lengths, patterns, range, oneOf, equal)."""
    import unicodedata

    try:
        data = json.loads(body)
    except ValueError:
        return "notJSON"
    if not isinstance(data, dict):
        return ["invalidFormat"]
    errors: List[str] = []
    out: Dict[str, Any] = {}
    mail = data.get("email")
    if not isinstance(mail, str) or not mail.strip(WHITE_SPACE):
        errors.append("email")
    elif EMAIL.fullmatch(mail.strip(WHITE_SPACE)) is None:
        errors.append("invalidEmail")
    else:
        out["email"] = mail.strip(WHITE_SPACE)
    for name in ("password", "passwordConfirmation"):
        word = data.get(name)
        if not isinstance(word, str) or not word:
            errors.append(name)
            continue
        count = characters(word)
        bad = count < 8 or count > 64
        if bad:
            errors.append("length")
        if not regex.search(r"\p{L}", word):
            errors.append("letter")
        if not any("0" <= c <= "9" for c in word):
            errors.append("digit")
        out[name] = word
    name_ = data.get("displayName")
    if name_ is not None:
        if not isinstance(name_, str):
            errors.append("displayName")
        else:
            shown = " ".join(unicodedata.normalize("NFKC", name_).split())
            if characters(shown) > 30:
                errors.append("tooLong")
            elif shown:
                out["displayName"] = shown
    year = data.get("birthYear")
    if year is not None:
        if isinstance(year, bool) or not isinstance(year, (int, float)) or year != int(year):
            errors.append("birthYear")
        elif not 1900 <= year <= 2026:
            errors.append("range")
        else:
            out["birthYear"] = int(year)
    plan = data.get("plan")
    if not isinstance(plan, str):
        errors.append("plan")
    elif plan.strip(WHITE_SPACE).lower() not in ("free", "pro", "team"):
        errors.append("notAllowed")
    else:
        out["plan"] = plan.strip(WHITE_SPACE).lower()
    if "password" in out and "passwordConfirmation" in out and out["password"] != out["passwordConfirmation"]:
        errors.append("mismatch")
    return errors or out


# MARK: an Order-like body (issue 39): a nested model and a list; rules/order.yaml. pydantic checks a
# pattern before `to_upper`, so its patterns take either case.

ORDER_NUMBER = re.compile(r"ORD-[0-9]{6}")
POSTAL_CODE = re.compile(r"[0-9]{3}-[0-9]{4}")
SKU = re.compile(r"[A-Z]{3}-[0-9]{4}")

ORDER_BODIES = {
    "valid": b'{"number": " ord-004217 ", "customer": " Hanako Sato ", "email": "hanako@example.jp", '
             b'"shipping": {"street": "1-2-3 Chiyoda", "city": "Tokyo", "postalCode": "100-0001"}, '
             b'"skus": ["ABC-1234", "xyz-0001", "KLM-7777"], "quantity": 3, "total": 129.5}',
    "invalid": b'{"number": "ORD-42", "customer": "   ", "email": "hanako at example", '
               b'"shipping": {"street": "1-2-3 Chiyoda", "postalCode": "1000001"}, '
               b'"skus": ["ABC-1234", "abc-1234", "nope"], "quantity": 50, "total": 0}',
}


def hand_text(value: Any, low: int, high: int) -> Optional[str]:
    if not isinstance(value, str):
        return None
    value = value.strip(WHITE_SPACE)
    return value if low <= characters(value) <= high else None


def hand_order(body: bytes) -> Any:
    """json.loads and the Order rules by hand (kinds, trim, upper-casing, patterns, lengths, email, the
    nested address, the list's bounds and uniqueness, range, requiredIf)."""
    try:
        data = json.loads(body)
    except ValueError:
        return "notJSON"
    if not isinstance(data, dict):
        return ["invalidFormat"]
    errors: List[str] = []
    out: Dict[str, Any] = {}
    number = data.get("number")
    if not isinstance(number, str) or not ORDER_NUMBER.fullmatch(number.strip(WHITE_SPACE).upper()):
        errors.append("number")
    else:
        out["number"] = number.strip(WHITE_SPACE).upper()
    customer = hand_text(data.get("customer"), 1, 60)
    if customer is None:
        errors.append("customer")
    else:
        out["customer"] = customer
    mail = data.get("email")
    if not isinstance(mail, str) or not EMAIL.fullmatch(mail.strip(WHITE_SPACE)):
        errors.append("email")
    else:
        out["email"] = mail.strip(WHITE_SPACE)
    shipping = data.get("shipping")
    if not isinstance(shipping, dict):
        errors.append("shipping")
    else:
        address: Dict[str, Any] = {}
        for key, high in (("street", 100), ("city", 60)):
            found = hand_text(shipping.get(key), 1, high)
            if found is None:
                errors.append("shipping." + key)
            else:
                address[key] = found
        code = shipping.get("postalCode")
        if not isinstance(code, str) or not POSTAL_CODE.fullmatch(code.strip(WHITE_SPACE)):
            errors.append("shipping.postalCode")
        else:
            address["postalCode"] = code.strip(WHITE_SPACE)
        out["shipping"] = address
    skus = data.get("skus")
    if not isinstance(skus, list):
        errors.append("skus")
    else:
        items = []
        for index, sku in enumerate(skus):
            if not isinstance(sku, str) or not SKU.fullmatch(sku.strip(WHITE_SPACE).upper()):
                errors.append(f"skus.{index}")
            else:
                items.append(sku.strip(WHITE_SPACE).upper())
        if not 1 <= len(skus) <= 20:
            errors.append("skusCount")
        if len(set(items)) != len(items):
            errors.append("duplicateItem")
        out["skus"] = items
    quantity = data.get("quantity")
    if isinstance(quantity, bool) or not isinstance(quantity, int) or not 1 <= quantity <= 99:
        errors.append("quantity")
    else:
        out["quantity"] = quantity
    total = data.get("total")
    if isinstance(total, bool) or not isinstance(total, (int, float)) or not 0.01 <= total <= 100000:
        errors.append("total")
    else:
        out["total"] = total
    note = data.get("note")
    if note is not None and (not isinstance(note, str) or characters(note) > 200):
        errors.append("note")
    if quantity == 50 and not note:
        errors.append("note")
    return errors or out


def trimmed(low: int, high: int) -> Any:
    return StringConstraints(strip_whitespace=True, min_length=low, max_length=high)


def unique_items(items: List[str]) -> List[str]:
    if len(set(items)) != len(items):
        raise ValueError("duplicateItem")
    return items


class AddressModel(BaseModel):
    street: Annotated[str, trimmed(1, 100)]
    city: Annotated[str, trimmed(1, 60)]
    postalCode: Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^[0-9]{3}-[0-9]{4}$")]


class OrderModel(BaseModel):
    number: Annotated[str, StringConstraints(strip_whitespace=True, to_upper=True, pattern=r"^[Oo][Rr][Dd]-[0-9]{6}$")]
    customer: Annotated[str, trimmed(1, 60)]
    email: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, pattern="^" + EMAIL_PATTERN + "$")]
    shipping: AddressModel
    skus: Annotated[
        List[Annotated[str, StringConstraints(strip_whitespace=True, to_upper=True, pattern=r"^[A-Za-z]{3}-[0-9]{4}$")]],
        Field(min_length=1, max_length=20), AfterValidator(unique_items)]
    quantity: Annotated[int, Field(ge=1, le=99)]
    total: Annotated[Decimal, Field(ge=Decimal("0.01"), le=Decimal(100000))]
    note: Optional[Annotated[str, StringConstraints(max_length=200)]] = None

    @model_validator(mode="after")
    def note_when_fifty(self) -> "OrderModel":
        if self.quantity == 50 and not self.note:
            raise ValueError("note required")
        return self


# MARK: timing


def body_case(which: str) -> Tuple[Rules, str, bytes]:
    """One of the bodies by name (order-valid, order-invalid, signup-valid, signup-invalid): the rules
    that validate it, its model's name and the body, for the scripts that profile or count one."""
    model, kind = which.split("-")
    if model == "order":
        return Rules.load(HERE / "order.schema.json"), "Order", ORDER_BODIES[kind]
    return (Rules.load(ROOT / "runtimes" / "fixtures" / "seed.schema.json"), "SignUp",
            SIGN_UP_BODIES[0 if kind == "valid" else 1])


def measure(ways: Dict[str, Callable[[Any], Any]], values: Sequence[Any], repeat: int) -> Dict[str, float]:
    """The best pass's nanoseconds per call of each way, the ways interleaved pass by pass, so that a
    busy machine slows them alike."""
    times: Dict[str, List[float]] = {name: [] for name in ways}
    for _ in range(repeat):
        for name, function in ways.items():
            # NB: the thread's CPU time: another process on the same cores does not count.
            start = time.thread_time_ns()
            for value in values:
                function(value)
            times[name].append((time.thread_time_ns() - start) / len(values))
    return {name: min(found) for name, found in times.items()}


def pydantic_call(adapter: TypeAdapter[Any]) -> Callable[[Any], Any]:
    validate = adapter.validate_python

    def call(value: Any) -> Any:
        try:
            return validate(value)
        except ValidationError as error:
            return error

    return call


COLUMNS = ["hand-written", "rulecheck", "rulecheck validator", "pydantic v2"]


def baseline_package(source: str) -> Any:
    """The package in `source`, imported as `rulecheck_baseline`."""
    # NB: an older checkout names the package `rulecheck`.
    folder = next(path for path in (pathlib.Path(source).resolve() / name for name in ("rulecheck_runtime", "rulecheck"))
                  if path.is_dir())
    spec = importlib.util.spec_from_file_location("rulecheck_baseline", folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rulecheck_baseline"] = module
    spec.loader.exec_module(module)
    return module


def body_ways(hand: Callable[[bytes], Any], rules: Any, name: str, model: Any, baseline: Any,
              native: Any = None) -> Dict[str, Callable[[Any], Any]]:
    """A body's ways: by hand, `rules.verdict`, the model's validator, pydantic's model_validate_json;
    with --native, the Swift engine's verdict (result objects built), its answer read without them,
    and a call that validates nothing."""
    validator = rules.validator(name)

    def ours(body: bytes) -> Any:
        return rules.verdict(name, body, today=TODAY).status

    def compiled(body: bytes) -> Any:
        return validator.verdict(body, today=TODAY).status

    def pydantic(body: bytes) -> Any:
        try:
            return model.model_validate_json(body)
        except ValidationError as error:
            return error

    ways = {"hand-written": hand, "rulecheck": ours, "rulecheck validator": compiled, "pydantic v2": pydantic}
    if baseline is not None:
        ways["baseline"] = lambda body: baseline.verdict(name, body, today=TODAY).status
    if native is not None:
        ways["native"] = lambda body: native.verdict(name, body, today=TODAY).status
        ways["native answer"] = lambda body: native.answer(name, body, today=TODAY)
        ways["native call"] = lambda body: native.nothing(name, b"", today=TODAY)
    return ways


def main(arguments: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--baseline", metavar="SRC")
    parser.add_argument("--source", metavar="SRC", help="the package to measure as rulecheck (default: this checkout's)")
    parser.add_argument("--bodies-only", action="store_true", help="only the SignUp and Order bodies")
    parser.add_argument("--native", metavar="LIB", help="also the Swift engine through ctypes: the library "
                        "Benchmarks/PythonCore builds (libRulecheckPythonCore.so)")
    options = parser.parse_args(arguments)
    rules = Rules.load(ROOT / "runtimes" / "fixtures" / "seed.schema.json")
    order_rules = Rules.load(HERE / "order.schema.json")
    baseline = baseline_order = None
    if options.baseline:
        package = baseline_package(options.baseline)
        baseline = package.Rules.load(ROOT / "runtimes" / "fixtures" / "seed.schema.json")
        baseline_order = package.Rules.load(HERE / "order.schema.json")
    columns = COLUMNS + ["baseline"] if baseline is not None else COLUMNS
    native = native_order = None
    if options.native:
        from native_binding import NativeRules

        native = NativeRules(options.native, [str(ROOT / "rules")], rules)
        native_order = NativeRules(options.native, [str(HERE / "rules")], order_rules)
        columns = columns + ["native", "native answer", "native call"]
    rows: List[Tuple[str, Dict[str, float]]] = []
    for name, values in ([] if options.bodies_only else inputs.all_inputs().items()):
        validate = rules.validator(name).validate

        def ours(value: str, name: str = name) -> Any:
            return rules.validate(name, value, today=TODAY).valid

        def compiled(value: str) -> Any:
            return validate(value, today=TODAY).valid

        ways = {"hand-written": HAND[name], "rulecheck": ours, "rulecheck validator": compiled,
                "pydantic v2": pydantic_call(PYDANTIC[name])}
        if baseline is not None:
            ways["baseline"] = lambda value, name=name: baseline.validate(name, value, today=TODAY).valid
        rows.append((name, measure(ways, values, options.repeat)))
    body_repeat = max(options.repeat // 3, 1)
    rows.append(("SignUp body (valid, invalid)", measure(
        body_ways(hand_sign_up, rules, "SignUp", SignUpModel, baseline, native), SIGN_UP_BODIES * 500, body_repeat)))
    if options.bodies_only:
        for kind, body in zip(("valid", "invalid"), SIGN_UP_BODIES):
            rows.append((f"SignUp body ({kind})", measure(
                body_ways(hand_sign_up, rules, "SignUp", SignUpModel, baseline, native), [body] * 1000, body_repeat)))
    for kind, body in ORDER_BODIES.items():
        rows.append((f"Order body ({kind})", measure(
            body_ways(hand_order, order_rules, "Order", OrderModel, baseline_order, native_order), [body] * 1000, body_repeat)))
    against = baseline is not None
    if options.markdown:
        print("| rule | hand-written, ns | rulecheck, ns | validator, ns | pydantic v2, ns "
              "| rulecheck ÷ hand-written | validator ÷ hand-written | pydantic ÷ hand-written "
              "| rulecheck ÷ pydantic (target ≤ 2 on bodies) |"
              + (" baseline, ns | rulecheck ÷ baseline |" if against else ""))
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|" + ("---:|---:|" if against else ""))
        for name, found in rows:
            hand = found["hand-written"]
            ratio = found["rulecheck"] / hand
            print(f"| {name} | {hand:,.0f} | {found['rulecheck']:,.0f} | {found['rulecheck validator']:,.0f} "
                  f"| {found['pydantic v2']:,.0f} | {ratio:.2f} "
                  f"| {found['rulecheck validator'] / hand:.2f} | {found['pydantic v2'] / hand:.2f} "
                  f"| {found['rulecheck'] / found['pydantic v2']:.2f} |"
                  + (f" {found['baseline']:,.0f} | {found['rulecheck'] / found['baseline']:.3f} |" if against else ""))
    else:
        for name, found in rows:
            hand = found["hand-written"]
            print(f"{name:30} " + "  ".join(
                f"{column} {found[column]:7.0f} ns ({found[column] / hand:5.2f}×)" for column in columns)
                + (f"  rulecheck ÷ baseline {found['rulecheck'] / found['baseline']:.3f}" if against else "")
                + (f"  native ÷ pydantic {found['native'] / found['pydantic v2']:.2f}" if "native" in found else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
