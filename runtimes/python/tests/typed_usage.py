"""An app's use of the typed dependency, for mypy --strict (test_typed.py runs it): each comment
`# note: …` or `# error: …` is what mypy must say on its line, and nothing else."""

from __future__ import annotations

from fastapi import FastAPI

from rule_models import Address, Order
from rulecheck_runtime import Rules
from rulecheck_runtime.fastapi import RuleCheck

check = RuleCheck(Rules.load("runtimes/fixtures/features.schema.json"))
app = FastAPI()


@app.post("/orders")
def add_order(order: Order = check.depends("Order", as_type=Order)) -> str:
    reveal_type(order.shipping)  # note: Revealed type is "rule_models.Address"
    reveal_type(order.price)  # note: Revealed type is "decimal.Decimal | None"
    reveal_type(order.quantity)  # note: Revealed type is "Literal[1] | Literal[2] | Literal[5] | Literal[10] | Literal[50]"
    return order.code


reveal_type(check.body("Order", as_type=Order))  # note: Revealed type is "def (starlette.requests.Request[starlette.datastructures.State]) -> typing.Awaitable[rule_models.Order]"


@app.post("/addresses")
def add_address(address: Address = check.depends("Order", as_type=Order)) -> str:  # error: Incompatible default for parameter "address" (default has type "Order", parameter has type "Address")  [assignment]
    return address.zip
