"""Drives `rulecheck lsp` with pygls's language client (PyPI `pygls`, 2.x), a client nobody here wrote.

It opens a rule file with a misspelled check, waits for the diagnostic, asks for a hover on a
check, and shuts the server down. With `--measure`, it times diagnostics for a 2,000-line rule
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

from lsprotocol import types
from pygls.lsp.client import LanguageClient

RULES = """rulecheck: 1
types:
  Title:
    description: A title 😀, with an emoji before the check.
    checks:
      - lenght: { min: 1, max: 20 }
"""


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
        result = await client.initialize_async(
            types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri="file://" + folder)
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
    print("pygls client: diagnostics and hover as expected")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
