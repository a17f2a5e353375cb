"""Drives `rulecheck lsp` with pygls's language client (PyPI `pygls`, 2.x), a client nobody here wrote.

It opens a rule file with a misspelled check, waits for the diagnostic, applies the did-you-mean
code action, asks for a hover on a check, applies the code actions that add a missing Japanese
message and (resolved when chosen) the cases `suggest` proposes, runs `rulecheck test` on the
result, and shuts the server down. With `--measure`, it times diagnostics for a 2,000-line rule
file after a change, from `didChange` sent to `publishDiagnostics` received, against `rulecheck lint`
of the same files, and reads the server's resident set over 1,000 edits (docs/performance.md).

    python3 Scripts/test_lsp_pygls.py [--rulecheck .build/debug/rulecheck] [--measure]
"""

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

from lsprotocol import types
from pygls.lsp.client import LanguageClient

RULES = """rulecheck: 1
types:
  Title:
    description: A title 😀, with an emoji before the check.
    checks:
      - lenght: { min: 1, max: 20 }
"""


# NB: messages in English and Japanese, where `Code` lacks Japanese; a spec file that leaves mutants of `Code` alive.
CODES = """rulecheck: 1
types:
  Heading:
    checks:
      - length: { max: 20 }
    messages:
      tooLong: { en: "Too long.", ja: "長すぎます。" }
  Code:
    checks:
      - length: { min: 2, max: 8 }
    messages:
      tooShort: "At least {min}."
"""

SPEC = """rulecheck: 1
cases:
  Code:
    - { in: "AB", out: "AB" }
"""


def apply_edits(text: str, edits: Sequence[types.TextEdit]) -> str:
    """`text` with `edits` applied, as an editor applies them (the texts here hold no astral characters)."""
    lines = text.split("\n")

    def offset(position: types.Position) -> int:
        return sum(len(line) + 1 for line in lines[: position.line]) + position.character

    for edit in sorted(edits, key=lambda edit: offset(edit.range.start), reverse=True):
        start, end = offset(edit.range.start), offset(edit.range.end)
        text = text[:start] + edit.new_text + text[end:]
    return text


def big_rules(types_count: int) -> str:
    """A valid rule file of about 2,000 lines: `types_count` types of eight lines each."""
    lines = ["rulecheck: 1", "types:"]
    for index in range(types_count):
        lines += [
            f"  Name{index}:",
            f"    description: Name number {index}.",
            "    normalize: [trim]",
            "    checks:",
            "      - required: {}",
            "      - length: { min: 1, max: 40 }",
            "    messages:",
            '      tooLong: { en: "Too long.", ja: "長すぎます。" }',
        ]
    return "\n".join(lines) + "\n"


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rulecheck", default=os.environ.get("RULECHECK", ".build/debug/rulecheck"))
    parser.add_argument("--measure", action="store_true")
    options = parser.parse_args()
    binary = os.path.abspath(options.rulecheck)

    with tempfile.TemporaryDirectory() as folder:
        os.makedirs(os.path.join(folder, "rules"))
        path = os.path.join(folder, "rules", "title.yaml")
        with open(path, "w", encoding="utf-8") as file:
            file.write(RULES)
        uri = "file://" + path

        client = LanguageClient("rulecheck-pygls-test", "1")
        published: asyncio.Queue[types.PublishDiagnosticsParams] = asyncio.Queue()

        @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
            published.put_nowait(params)

        await client.start_io(binary, "lsp", cwd=folder)
        # NB: a client that resolves an action's edit when it is chosen, and shows disabled actions.
        capabilities = types.ClientCapabilities(
            text_document=types.TextDocumentClientCapabilities(
                code_action=types.CodeActionClientCapabilities(
                    disabled_support=True, resolve_support=types.ClientCodeActionResolveOptions(properties=["edit"])
                )
            )
        )
        result = await client.initialize_async(
            types.InitializeParams(capabilities=capabilities, root_uri="file://" + folder)
        )
        assert result.capabilities.hover_provider, result.capabilities
        client.initialized(types.InitializedParams())
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=RULES)
            )
        )
        params = await asyncio.wait_for(published.get(), 30)
        messages = [d.message for d in params.diagnostics]
        assert messages == ["unknown check 'lenght'; did you mean 'length'?"], messages
        start = params.diagnostics[0].range.start
        assert (start.line, start.character) == (5, 8), start

        hover = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=5, character=10)
            )
        )
        assert hover is None, "no hover on a misspelled check"
        fixed = RULES.replace("lenght", "length")
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=params.diagnostics[0].range,
                context=types.CodeActionContext(diagnostics=params.diagnostics),
            )
        )
        quick_fix = actions[0] if actions else None
        assert isinstance(quick_fix, types.CodeAction) and quick_fix.title == "Change 'lenght' to 'length'", actions
        assert quick_fix.edit and quick_fix.edit.changes, quick_fix
        assert apply_edits(RULES, quick_fix.edit.changes[uri]) == fixed
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
            )
        )
        params = await asyncio.wait_for(published.get(), 30)
        assert len(params.diagnostics) == 0, params.diagnostics
        hover = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=5, character=10)
            )
        )
        assert hover is not None and isinstance(hover.contents, types.MarkupContent), hover
        assert "**length**: check" in hover.contents.value and "`tooLong`" in hover.contents.value, hover

        # NB: the code actions on a type: its missing Japanese message, and the cases `suggest` proposes,
        # resolved when chosen; with them, `rulecheck test` passes.
        codes_path = os.path.join(folder, "rules", "codes.yaml")
        spec_path = os.path.join(folder, "specs", "codes.yaml")
        os.makedirs(os.path.dirname(spec_path))
        for file_path, text in ((codes_path, CODES), (spec_path, SPEC)):
            with open(file_path, "w", encoding="utf-8") as file:
                file.write(text)
        codes_uri, spec_uri = "file://" + codes_path, "file://" + spec_path
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=codes_uri, language_id="yaml", version=1, text=CODES)
            )
        )
        # NB: in type `Code`, then on its name, where the suggested cases are offered.
        by_title = {}
        for point in (types.Position(line=8, character=4), types.Position(line=7, character=3)):
            actions = await client.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=types.TextDocumentIdentifier(uri=codes_uri),
                    range=types.Range(start=point, end=point),
                    context=types.CodeActionContext(diagnostics=[]),
                )
            )
            by_title.update({action.title: action for action in actions or [] if isinstance(action, types.CodeAction)})
        message = by_title.get("Add the 'ja' message of 'tooShort' to type 'Code'")
        assert message and message.edit and message.edit.changes, by_title
        with_message = apply_edits(CODES, message.edit.changes[codes_uri])
        assert 'tooShort: { en: "At least {min}.", ja: "TODO: At least {min}." }' in with_message, with_message
        suggest = by_title.get("Add the cases `rulecheck suggest` proposes for 'Code'")
        assert suggest and suggest.edit is None and suggest.data, by_title
        resolved = await client.code_action_resolve_async(suggest)
        assert resolved.edit and resolved.edit.changes, resolved
        with_cases = apply_edits(SPEC, resolved.edit.changes[spec_uri])
        assert with_cases.startswith(SPEC) and '- { name: "kills: ' in with_cases, with_cases
        for file_path, text in ((spec_path, with_cases), (path, fixed)):
            with open(file_path, "w", encoding="utf-8") as file:
                file.write(text)
        subprocess.run([binary, "test", "specs"], cwd=folder, capture_output=True, check=True)

        if options.measure:
            big = big_rules(250)
            big_uri = "file://" + os.path.join(folder, "rules", "big.yaml")
            client.text_document_did_open(
                types.DidOpenTextDocumentParams(
                    text_document=types.TextDocumentItem(uri=big_uri, language_id="yaml", version=1, text=big)
                )
            )
            while True:
                params = await asyncio.wait_for(published.get(), 60)
                if params.uri == big_uri:
                    break
            times = []
            for version in range(2, 22):
                text = big.replace("Name0:", f"Name0x{version}:") if version % 2 else big
                sent = time.perf_counter()
                client.text_document_did_change(
                    types.DidChangeTextDocumentParams(
                        text_document=types.VersionedTextDocumentIdentifier(uri=big_uri, version=version),
                        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
                    )
                )
                while True:
                    params = await asyncio.wait_for(published.get(), 60)
                    if params.uri == big_uri and params.version == version:
                        break
                times.append((time.perf_counter() - sent) * 1000)
            # NB: memory over 1,000 edits: the server's resident set after 100 and after 1,000 (Linux's /proc).
            def resident_kib() -> int:
                pid = client._server.pid if client._server else 0
                with open(f"/proc/{pid}/status", encoding="ascii") as status:
                    return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))

            resident = {}
            for version in range(22, 1022):
                text = big.replace("Name0:", f"Name0x{version}:") if version % 2 else big
                client.text_document_did_change(
                    types.DidChangeTextDocumentParams(
                        text_document=types.VersionedTextDocumentIdentifier(uri=big_uri, version=version),
                        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
                    )
                )
                while True:
                    params = await asyncio.wait_for(published.get(), 60)
                    if params.uri == big_uri and params.version == version:
                        break
                if version - 21 in (100, 1000):
                    resident[version - 21] = resident_kib()
            print(f"resident set after 100 edits {resident[100]} KiB, after 1,000 edits {resident[1000]} KiB")

            # NB: the baseline, in the same run: `rulecheck lint` of the same folder, a process started each time.
            with open(os.path.join(folder, "rules", "big.yaml"), "w", encoding="utf-8") as file:
                file.write(big)
            with open(path, "w", encoding="utf-8") as file:
                file.write(fixed)
            lint_times = []
            for _ in range(10):
                started = time.perf_counter()
                subprocess.run([binary, "lint", "rules"], cwd=folder, capture_output=True, check=True)
                lint_times.append((time.perf_counter() - started) * 1000)
            lines = big.count("\n")
            median = statistics.median(times)
            lint = statistics.median(lint_times)
            print(
                f"{lines} lines: didChange → publishDiagnostics median {median:.1f} ms, "
                f"min {min(times):.1f} ms, max {max(times):.1f} ms over {len(times)} changes; "
                f"`rulecheck lint rules` median {lint:.1f} ms; ratio {median / lint:.2f}"
            )

        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
    print("pygls client: diagnostics, hover and code actions as expected")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
