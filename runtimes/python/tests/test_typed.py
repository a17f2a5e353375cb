"""Typed results: a valid body given as the dataclasses `rulecheck generate python` writes (nested
models as their classes, None for optional fields left out), or as any dataclass, TypedDict or
pydantic model that fits; a class that cannot hold the model's values is refused when the
dependency is made, with the reason, never as a 500 on a request; and mypy infers the class."""

from __future__ import annotations

import dataclasses
import datetime
import os
import pathlib
import re
import subprocess
import sys
from decimal import Decimal
from typing import Any, Dict, List, Literal, Optional

import pytest
from pydantic import BaseModel
from typing_extensions import TypedDict

import generated_models
from fixture_paths import ROOT, SOURCE
from rulecheck_runtime import ModelTypeError, Rules
from rulecheck_runtime._typed import converter

FEATURES = generated_models.load("features")
SEED = generated_models.load("seed")
ORDER = {"code": " gab-1234 ", "confirmation": "GAB-1234", "quantity": 2, "price": 9.50,
         "shipping": {"zip": "abc-1234", "note": "Back  Door"}, "comment": "", "accepted": True, "default": "red"}


def typed(rules: Rules, model: str, as_type: Any, body: Dict[str, Any]) -> Any:
    import json

    verdict = rules.verdict(model, json.dumps(body), today="2026-11-22")
    assert verdict.problem is None, verdict.problem.json() if verdict.problem else ""
    return converter(rules, model, as_type)(verdict.value)


def test_an_order_is_its_dataclass_with_the_address_as_its_own(features: Rules) -> None:
    order = typed(features, "Order", FEATURES.Order, ORDER)
    assert order == FEATURES.Order(
        code="GAB-1234", confirmation="GAB-1234", quantity=2, shipping=FEATURES.Address(zip="ABC-1234", note="back door"),
        comment="", accepted=True, default="red", price=Decimal("9.50"), billing=None, birthday=None, tracking=None)
    assert isinstance(order.shipping, FEATURES.Address)
    with pytest.raises(dataclasses.FrozenInstanceError):
        order.code = "changed"


def test_optional_fields_given_and_lists_are_typed(features: Rules) -> None:
    shipment = typed(features, "Shipment", FEATURES.Shipment, {
        "tracking_id": "2b1e7c1a-43c1-4a8e-9a51-0f3c1d2e3f4a", "postal-code": "abc-1234", "unit_price": 1.5,
        "ship_on": "2000-01-02", "box_sizes": [1, 5]})
    assert shipment.postal_code == "ABC-1234"
    assert shipment.ship_on == datetime.date(2000, 1, 2)
    assert shipment.box_sizes == [1, 5]
    assert shipment.gift_wrap is None
    assert FEATURES.Shipment.__rulecheck_names__ == {"postal-code": "postal_code"}


def test_seed_models_are_typed(seed: Rules) -> None:
    sign_up = typed(seed, "SignUp", SEED.SignUp, {
        "email": " taro@example.com ", "password": "secret12", "passwordConfirmation": "secret12",
        "birthYear": 1990, "plan": " PRO "})
    assert (sign_up.email, sign_up.plan, sign_up.birthYear, sign_up.displayName) == ("taro@example.com", "pro", 1990, None)


@dataclasses.dataclass
class Missing:
    title: str
    note: str


@dataclasses.dataclass
class Extra:
    title: str
    note: str
    dueDate: Optional[datetime.date]
    owner: str


@dataclasses.dataclass
class NotOptional:
    title: str
    note: str
    dueDate: datetime.date


@dataclasses.dataclass
class WrongType:
    title: int
    note: str
    dueDate: Optional[datetime.date] = None


@dataclasses.dataclass
class WrongLiteral:
    email: str
    password: str
    passwordConfirmation: str
    plan: Literal[1, 2]
    displayName: Optional[str] = None
    birthYear: Optional[int] = None


@dataclasses.dataclass
class FloatPrice:
    code: str
    confirmation: str
    quantity: int
    shipping: Dict[str, Any]
    comment: str
    accepted: bool
    default: str
    price: Optional[float] = None
    billing: Optional[Dict[str, Any]] = None
    birthday: Optional[datetime.date] = None
    tracking: Optional[str] = None


@dataclasses.dataclass
class NotAList:
    tracking_id: str
    postal_code: str
    unit_price: Decimal
    box_sizes: Optional[int] = None
    ship_on: Optional[datetime.date] = None
    gift_wrap: Optional[bool] = None
    __rulecheck_names__ = {"postal-code": "postal_code"}


def plain_function(**values: Any) -> Any:
    return values


@pytest.mark.parametrize("rules, model, as_type, message", [
    ("seed", "ToDoTask", Missing, "has no field 'dueDate' for field 'dueDate' of model 'ToDoTask'"),
    ("seed", "ToDoTask", Extra, "has a field 'owner' that model 'ToDoTask' does not declare; its fields are "
     "'title', 'note', 'dueDate'"),
    ("seed", "ToDoTask", NotOptional, "field 'dueDate' of test_typed.NotOptional is optional in the rules; "
     "annotate it Optional[...]"),
    ("seed", "ToDoTask", WrongType, "field 'title' of test_typed.WrongType is string ('TaskTitle') in the rules, "
     "whose values are str; it is annotated <class 'int'>"),
    ("seed", "SignUp", WrongLiteral, "field 'plan' of test_typed.WrongLiteral is string ('Plan') in the rules; "
     "the Literal values [1, 2] are not str"),
    ("features", "Order", FloatPrice, "field 'price' of test_typed.FloatPrice is decimal ('Price') in the rules, "
     "whose values are decimal.Decimal; it is annotated <class 'float'>"),
    ("features", "Shipment", NotAList, "field 'box_sizes' of test_typed.NotAList is a list of 'Quantity' in the "
     "rules; annotate it List[...]"),
    ("features", "Order", FEATURES.Address, "Address has a field 'zip' that model 'Order' does not declare"),
    ("seed", "TaskTitle", Missing, "'TaskTitle' is a type of the rules, not a model"),
    ("seed", "ToDoTask", plain_function, "as_type must be a dataclass, a TypedDict or a pydantic model"),
])
def test_a_class_that_cannot_hold_the_model_is_refused_at_start_up(
        seed: Rules, features: Rules, rules: str, model: str, as_type: Any, message: str) -> None:
    with pytest.raises(ModelTypeError, match=re.escape(message)):
        converter({"seed": seed, "features": features}[rules], model, as_type)


class AddressDict(TypedDict):
    zip: str
    note: Optional[str]


class OrderModel(BaseModel):
    code: str
    confirmation: str
    quantity: int
    price: Optional[Decimal] = None
    shipping: AddressDict
    billing: Optional[AddressDict] = None
    birthday: Optional[datetime.date] = None
    comment: str
    accepted: bool
    default: str
    tracking: Optional[str] = None


def test_a_typed_dict_and_a_pydantic_model_fit_too(features: Rules) -> None:
    order = typed(features, "Order", OrderModel, ORDER)
    assert isinstance(order, OrderModel)
    assert order.shipping == {"zip": "ABC-1234", "note": "back door"}
    assert order.price == Decimal("9.50")


def test_mypy_infers_the_class_and_refuses_another(tmp_path: pathlib.Path) -> None:
    """tests/typed_usage.py through mypy --strict: the revealed types, and the one error it holds on purpose."""
    pytest.importorskip("mypy")
    usage = pathlib.Path(__file__).with_name("typed_usage.py")
    environment = dict(os.environ, MYPYPATH=os.pathsep.join([str(SOURCE), str(usage.parent / "generated" / "features")]))
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(tmp_path), str(usage)],
        capture_output=True, text=True, env=environment, cwd=str(ROOT))
    lines = [re.sub(r"^.*typed_usage\.py:", "", line) for line in run.stdout.splitlines()]
    expected = []
    for number, text in enumerate(usage.read_text(encoding="utf-8").splitlines(), start=1):
        found = re.search(r"\S  # (note|error): (.*)$", text)
        if found:
            expected.append(f"{number}: {found.group(1)}: {found.group(2)}")
    assert len(expected) >= 4
    assert lines == expected, run.stdout + run.stderr
    assert run.returncode == 1
