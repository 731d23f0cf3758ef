"""The README's code runs as pasted.

Every fenced block is found with markdown-it-py (the parser GitHub-flavoured tools use) and run
from a scratch directory holding a copy of ``examples/``:

- ``bash`` blocks run in ``bash -euo pipefail`` with this interpreter's ``bin`` first on PATH; the
  block must end with exit 0, or with the code its info string names (```` ```bash exit=1 ````);
- ``python`` blocks run statement by statement; a statement with a trailing comment that starts
  with a Python literal (``report.passed  # True (alias ...)``) must evaluate to that literal;
- a ``text`` block with ``output="CMD"`` in its info string must be an excerpt of what CMD
  prints: each of its lines appears in the output, in order;
- a block whose info string says ``skip="reason"`` is not run (installs, the network, ``make``),
  and a block under ``<!-- example: NAME -->`` is run by its framework's test in
  ``tests/integrations/``.
"""

from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SHELLS = ("bash", "sh", "shell", "console")
# A Python literal at the start of a comment: True, 1.0, -3, 'text', "text", [...] or {...}.
_LITERAL = re.compile(
    r"""^(True|False|None|-?\d[\d_]*(?:\.\d+)?|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\[.*\]|\{.*\})"""
)


@dataclass(frozen=True)
class Block:
    lang: str
    attrs: dict[str, str]
    code: str
    line: int  # 1-based line of the opening fence
    example: str | None  # the name in a preceding <!-- example: NAME --> marker

    @property
    def id(self) -> str:
        return f"{self.lang}-line{self.line}"


def readme_blocks(path: Path = README) -> list[Block]:
    """Every fenced block of a Markdown file, with the attributes of its info string."""
    tokens = MarkdownIt("commonmark").parse(path.read_text(encoding="utf-8"))
    found: list[Block] = []
    marker: str | None = None
    for token in tokens:
        if token.type == "html_block":
            named = re.search(r"<!-- example: (\S+) -->", token.content)
            marker = named.group(1) if named else None
            continue
        if token.type != "fence":
            if token.type not in ("paragraph_open", "inline", "paragraph_close"):
                marker = None
            continue
        lang, _, rest = token.info.strip().partition(" ")
        attrs: dict[str, str] = {}
        for word in shlex.split(rest):
            key, _, value = word.partition("=")
            attrs[key] = value
        line = (token.map or [0])[0] + 1
        found.append(Block(lang.lower(), attrs, token.content, line, marker))
        marker = None
    return found


BLOCKS = readme_blocks()
RUNNABLE = [b for b in BLOCKS if b.example is None and "skip" not in b.attrs]


def test_every_block_is_run_or_says_why_not() -> None:
    for block in BLOCKS:
        if block.lang in (*SHELLS, "python") and block.example is None:
            assert "skip" not in block.attrs or block.attrs["skip"], (
                f'README.md line {block.line}: skip needs a reason (skip="...")'
            )
    assert [b for b in RUNNABLE if b.lang in SHELLS], "no shell block is run"
    assert [b for b in RUNNABLE if b.lang == "python"], "no Python block is run"


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    return tmp_path


def shell_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    # The checkout under test, also when crossfoot is installed from elsewhere.
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    env["NO_COLOR"] = "1"
    return env


def run_shell(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", code],
        cwd=cwd,
        env=shell_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize("block", [b for b in RUNNABLE if b.lang in SHELLS], ids=lambda b: b.id)
def test_shell_block_runs_as_pasted(block: Block, workdir: Path) -> None:
    run = run_shell(block.code, workdir)
    expected = int(block.attrs.get("exit", "0"))
    assert run.returncode == expected, (
        f"README.md line {block.line}: exit {run.returncode}, expected {expected}\n"
        f"{run.stdout[-2000:]}\n{run.stderr[-2000:]}"
    )
    assert "Traceback" not in run.stderr, run.stderr[-2000:]


@pytest.mark.parametrize(
    "block", [b for b in RUNNABLE if b.lang == "text" and "output" in b.attrs], ids=lambda b: b.id
)
def test_output_excerpt_matches_the_command(block: Block, workdir: Path) -> None:
    run = run_shell(block.attrs["output"], workdir)
    printed = [line.rstrip() for line in run.stdout.splitlines()]
    at = 0
    for wanted in (line.rstrip() for line in block.code.splitlines() if line.strip()):
        assert wanted in printed[at:], (
            f"README.md line {block.line}: {wanted!r} is not in the output of "
            f"{block.attrs['output']!r} (after line {at}):\n" + "\n".join(printed)
        )
        at = printed.index(wanted, at) + 1


def literal_comments(code: str) -> dict[int, Any]:
    """Line number -> the literal a trailing comment on that line starts with."""
    found: dict[int, Any] = {}
    for number, line in enumerate(code.splitlines(), start=1):
        hash_at = _comment_start(line)
        if hash_at < 0:
            continue
        literal = _LITERAL.match(line[hash_at + 1 :].strip())
        if literal:
            try:
                found[number] = ast.literal_eval(literal.group(1))
            except (ValueError, SyntaxError):
                continue
    return found


def _comment_start(line: str) -> int:
    """Index of a '#' that starts a comment (outside string literals), or -1."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            if char == quote and line[i - 1] != "\\":
                quote = ""
        elif char in "'\"":
            quote = char
        elif char == "#":
            return i
    return -1


@pytest.mark.parametrize("block", [b for b in RUNNABLE if b.lang == "python"], ids=lambda b: b.id)
def test_python_block_runs_and_gives_what_it_says(
    block: Block, workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(workdir)
    tree = ast.parse(block.code, filename=f"README.md:{block.line}")
    expected = literal_comments(block.code)
    namespace: dict[str, Any] = {"__name__": "readme_example"}
    for node in tree.body:
        where = f"README.md line {block.line + node.lineno}"
        if isinstance(node, ast.Expr) and node.end_lineno in expected:
            value = eval(compile(ast.Expression(node.value), where, "eval"), namespace)
            assert value == expected[node.end_lineno], f"{where}: got {value!r}"
        else:
            exec(compile(ast.Module([node], type_ignores=[]), where, "exec"), namespace)


def test_trace_example_keeps_its_dollar_figures(workdir: Path) -> None:
    # Issue 21, problem 2: `crossfoot trace "Revenue reached $4.82M." ...` pasted into bash
    # expanded $4, and a correct answer came back UNGROUNDED with the figure ".82M".
    (block,) = [b for b in RUNNABLE if b.lang in SHELLS and "crossfoot trace" in b.code]
    run = run_shell(block.code, workdir)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "$4.82M" in run.stdout and ".82M " not in run.stdout.replace("$4.82M", "")
