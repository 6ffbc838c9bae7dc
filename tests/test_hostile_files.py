"""Hostile files and hostile text: what is not a regular file, or is too large, is refused unread and
promptly (a subprocess timeout is the failure: a pipe opened for reading would block for ever), and
text shown in a terminal has its control and bidirectional characters written out."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from truco_dsl.diagnostics import MAX_FILE_BYTES, printable, shown

TRUCO = [sys.executable, "-m", "truco_dsl.cli"]
RULE_FILE = "ruleset: {id: x, title: x}\n"


def hostile(folder: Path, kind: str) -> Path:
    """A file of ``kind`` in ``folder``: a FIFO, /dev/zero behind a symlink, a sparse file past the
    limit, a symlink loop."""
    path = folder / f"{kind}.yaml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "huge":
        with open(path, "wb") as stream:
            stream.truncate(MAX_FILE_BYTES * 5000)
    elif kind == "loop":
        path.symlink_to(path.name)
    return path


EXPECTED = {
    "fifo": "fifo.yaml:1:1: a pipe (FIFO), not a regular file",
    "zero": "zero.yaml:1:1: a device, not a regular file",
    "huge": f"huge.yaml:1:1: the file is larger than {MAX_FILE_BYTES:,} bytes",
    "loop": "loop.yaml:1:1: cannot read the rule file: a symlink loop",
}


def truco(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*TRUCO, *arguments], cwd=folder, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_validate_refuses_what_is_not_a_regular_file_unread(tmp_path, kind):
    hostile(tmp_path, kind)
    result = truco(tmp_path, "validate", f"{kind}.yaml")
    assert result.returncode == 2, result.stderr
    assert EXPECTED[kind] in result.stderr and "Traceback" not in result.stderr
    assert "/dev/zero" not in result.stderr  # a symlink's target is never echoed


def test_a_folder_scan_goes_past_every_hostile_file(tmp_path):
    for kind in EXPECTED:
        hostile(tmp_path, kind)
    result = truco(tmp_path, "validate", ".")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    for line in EXPECTED.values():
        assert line in result.stderr


@pytest.mark.parametrize("kind", ["fifo", "zero", "loop"])
def test_conform_ruleset_refuses_a_hostile_file(tmp_path, kind):
    hostile(tmp_path, kind)
    result = truco(tmp_path, "conform", "--ruleset", f"{kind}.yaml")
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert f"{kind}.yaml" in result.stderr and "/dev/zero" not in result.stderr


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_conform_expectations_refuses_a_hostile_file(tmp_path, kind):
    hostile(tmp_path, kind)
    result = truco(tmp_path, "conform", "--expectations", f"{kind}.yaml")
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert f"{kind}.yaml:1:1:" in result.stderr and "/dev/zero" not in result.stderr


@pytest.mark.parametrize("kind", ["fifo", "zero", "huge"])
def test_an_extends_parent_that_is_not_a_regular_file_is_refused(tmp_path, kind):
    hostile(tmp_path, kind)
    (tmp_path / "child.yaml").write_text(f"extends: {kind}\n" + RULE_FILE, encoding="utf-8")
    result = truco(tmp_path, "validate", "child.yaml")
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert f"{kind}.yaml:1:1:" in result.stderr and "/dev/zero" not in result.stderr


def test_shown_keeps_a_symlinks_own_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "link.yaml").symlink_to("/dev/zero")
    (tmp_path / "loop.yaml").symlink_to("loop.yaml")
    assert shown(tmp_path / "link.yaml") == "link.yaml" and shown("loop.yaml") == "loop.yaml"


@pytest.mark.parametrize(("text", "seen"), [
    ("red \x1b[31mtitle", "red \\x1b[31mtitle"),
    ("ab\u202edc", "ab\\u202edc"),
    ("\u2066x\u2069 \u200e\u200f", "\\u2066x\\u2069 \\u200e\\u200f"),
    ("bell\x07 del\x7f c1\x9b", "bell\\x07 del\\x7f c1\\x9b"),
    ("two\nlines\tand a tab", "two\nlines\tand a tab"),
    ("plain é ♠ 7", "plain é ♠ 7"),
])
def test_printable_writes_out_control_and_bidirectional_characters(text, seen):
    assert printable(text) == seen


def test_printable_on_one_line_escapes_newlines():
    assert printable("a\nb\r", lines=False) == "a\\nb\\x0d"


def test_a_title_with_escape_sequences_and_markup_is_shown_written_out(tmp_path):
    (tmp_path / "esc.yaml").write_text('ruleset: esc\ntitle: "Red \\e[31m, \\u202e rtl, [bold]x[/bold]"\nextends: atb-2004\n',
                                       encoding="utf-8")
    result = subprocess.run([*TRUCO, "play", "--ruleset", "esc.yaml", "--seed", "1"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=60, input="q\n")
    title = result.stdout.splitlines()[0]
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout, result.stdout
    assert title.endswith(r"Red \x1b[31m, \u202e rtl, [bold]x[/bold]"), title  # the markup as written, not applied
