#!/usr/bin/env python3
"""Writes a spec file of N cases (default 1,000,000) over the repository's rules that all pass,
seeded so that every run writes the same bytes: valid and invalid inputs, ASCII, Japanese and
emoji, with leading and trailing white space. Each piece below is one grapheme cluster, so the
expected results follow from the pieces alone."""
import random
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
out = sys.argv[2] if len(sys.argv) > 2 else "million.yaml"
rng = random.Random(20261122)
SPACES = [" ", "\\u3000", "\\u00A0"]
PIECES = ["a", "Z", "7", "あ", "漢", "\\U0001F468\\u200D\\U0001F469\\u200D\\U0001F467", "e\\u0301"] + SPACES


def pieces(n):
    return [rng.choice(PIECES) for _ in range(n)]


def title_case():
    body = pieces(rng.randint(0, 24))
    pad = [rng.choice(SPACES)] * rng.randint(0, 2)
    written = "".join(pad + body + pad)
    while body and body[0] in SPACES:
        body.pop(0)
    while body and body[-1] in SPACES:
        body.pop()
    if len(body) < 1:
        return f'{{ in: "{written}", errors: [titleTooShort] }}'
    if len(body) > 20:
        return f'{{ in: "{written}", errors: [titleTooLong] }}'
    return f'{{ in: "{written}", out: "{"".join(body)}" }}'


def email_case():
    if rng.random() < 0.1:
        blank = rng.choice(["", " ", "\\u3000"])
        return f'{{ in: "{blank}", errors: [emptyEmail] }}'
    local = "".join(rng.choice("abcxyz.+_") for _ in range(rng.randint(1, 10)))
    domain, valid = rng.choice([("example.com", True), ("ex-ample.co.jp", True), ("a", True),
                                ("-bad.com", False), ("例え.jp", False), ("x..y", False)])
    pad = rng.choice(["", " "])
    return f'{{ in: "{pad}{local}@{domain}{pad}", ' + ("valid: true }" if valid else "errors: [invalidEmail] }")


def username_case():
    body = pieces(rng.randint(0, 12))
    written = "".join(body)
    if not body:
        return '{ in: "", errors: [tooShort] }'
    return f'{{ in: "{written}", ' + ("errors: [tooLong] }" if len(body) > 10 else "valid: true }")


def due_case():
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    early = (month, day) < (11, 22)
    return f"{{ in: 2026-{month:02d}-{day:02d}, " + ("errors: [tooEarly] }" if early else "valid: true }")


with open(out, "w", encoding="utf-8") as f:
    f.write("rulecheck: 1\nrules: ../../rules\ntoday: 2026-11-22\ncases:\n")
    share = count // 4
    for name, make, n in [("TaskTitle", title_case, share), ("EmailAddress", email_case, share),
                          ("Username", username_case, share), ("TaskDueDate", due_case, count - 3 * share)]:
        f.write(f"  {name}:\n")
        for _ in range(n):
            f.write(f"    - {make()}\n")
