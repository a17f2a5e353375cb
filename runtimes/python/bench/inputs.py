"""The five seed rules' 1,000 inputs each, made as Benchmarks/Benchmarks/Baselines/Inputs.swift
makes them: SplitMix64 from the same seeds, and Swift's way of drawing a number in a range
(Lemire's multiply-shift with rejection), an element, and a Bool."""

from __future__ import annotations

from typing import Dict, List, Sequence, TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1
COUNT = 1000
PIECES = ["a", "Z", "7", "q", "あ", "漢", "字", "👨\u200d👩\u200d👧", "🇯🇵", "e\u0301"]
SPACES = [" ", "\u3000", "\u00a0", "\t", "\n"]


class Generator:
    """SplitMix64, as Inputs.Generator."""

    def __init__(self, state: int) -> None:
        self.state = state

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """Swift's RandomNumberGenerator.next(upperBound:)."""
        product = self.next() * bound
        if product & MASK < bound:
            threshold = ((1 << 64) - bound) % bound
            while product & MASK < threshold:
                product = self.next() * bound
        return product >> 64

    def integer(self, low: int, high: int) -> int:
        """Int.random(in: low...high, using:)."""
        return low + self.below(high - low + 1)

    def element(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def boolean(self) -> bool:
        """Bool.random(using:)."""
        return (self.next() >> 17) & 1 == 0


def text(generator: Generator, low: int, high: int, padded: bool) -> str:
    body = "".join(generator.element(PIECES) for _ in range(generator.integer(low, high)))
    if not padded or not generator.boolean():
        return body
    pad = generator.element(SPACES)
    return pad + body + pad


def titles() -> List[str]:
    generator = Generator(1)
    return [text(generator, 0, 24, True) for _ in range(COUNT)]


def usernames() -> List[str]:
    generator = Generator(2)
    return [text(generator, 0, 12, False) for _ in range(COUNT)]


def emails() -> List[str]:
    generator = Generator(3)
    domains = ["example.com", "mail.example.co.jp", "a", "-bad.com", "例え.jp", "x..y"]
    out = []
    for _ in range(COUNT):
        if generator.integer(0, 9) == 0:
            out.append(generator.element(["", " ", "\u3000"]))
            continue
        local = "".join(generator.element("abcdefxyz.+_") for _ in range(generator.integer(1, 12)))
        pad = " " if generator.boolean() else ""
        out.append(pad + local + "@" + generator.element(domains) + pad)
    return out


def dates() -> List[str]:
    generator = Generator(4)
    out = []
    for _ in range(COUNT):
        if generator.integer(0, 19) == 0:
            out.append(generator.element(["2026-13-01", "2026-02-30", "tomorrow", ""]))
            continue
        month = generator.integer(9, 12)
        day = generator.integer(1, 28)
        out.append(f"2026-{month:02d}-{day:02d}")
    return out


def queries() -> List[str]:
    generator = Generator(5)
    return [text(generator, 0, 8, False) for _ in range(COUNT)]


def all_inputs() -> Dict[str, List[str]]:
    return {"TaskTitle": titles(), "Username": usernames(), "EmailAddress": emails(), "TaskDueDate": dates(),
            "SearchQuery": queries()}
