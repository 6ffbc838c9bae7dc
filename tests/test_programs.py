"""truco_dsl/programs.py: the lines of a pipe as an engine, a bot and truco serve read them (the
programs themselves are tried in tests/test_protocol.py and tests/test_bot_program.py)."""

from __future__ import annotations

import os

import pytest

from truco_dsl.programs import AWAKE, LineReader


def test_a_line_reader_gives_whole_lines_keeps_what_began_and_waits_no_longer_than_asked():
    read, write = os.pipe()
    try:
        reader = LineReader(read, longest_line=10)
        os.write(write, b'{"seq": 1}\n{"se')
        assert reader.next_line(1.0) == b'{"seq": 1}\n'
        with pytest.raises(TimeoutError):
            reader.next_line(AWAKE / 2)  # awake, then no longer than asked
        assert reader.begun == (b'{"se', 3 + 1)
        os.write(write, b'q": 2}\n' + b"x" * 25 + b"\nlast")
        assert reader.next_line(1.0) == b'{"seq": 2}\n'
        assert reader.next_line(1.0) == b"x" * 11 + b"\n"  # cut past longest_line, the rest dropped
        os.close(write)
        write = None
        assert list(reader.lines()) == [b"last"]  # the last line, not ended, then the end
        assert reader.next_line(1.0) is None
        reader.close()
    finally:
        os.close(read)
        if write is not None:
            os.close(write)


def test_a_flood_with_no_newline_still_times_out():
    import sys
    import time

    from truco_dsl.programs import LineProgram

    flood = "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n    sys.stdout.flush()\n"
    program = LineProgram([sys.executable, "-c", flood], longest_line=1000)
    try:
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            program.next_line(0.5)
        assert time.monotonic() - started < 5
        assert program.begun[1] > 1000 and len(program.begun[0]) <= 1001  # the size counted, what is kept cut
    finally:
        program.end()


def test_an_engine_that_never_answers_hello_is_ended_when_sigterm_stops_the_run(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    marker = tmp_path / "started"
    engine = tmp_path / "silent_engine.py"  # reads hello, never answers, never reads on
    engine.write_text(f"import sys, time\nsys.stdin.readline()\nopen({str(marker)!r}, 'w').close()\ntime.sleep(3600)\n",
                      encoding="utf-8")
    run = subprocess.Popen([sys.executable, "-m", "truco_dsl.cli", "conform", "--tags", "@id:truco-001",
                            "--engine", f"{sys.executable} {engine}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert marker.exists()
    run.send_signal(signal.SIGTERM)
    assert run.wait(timeout=30) == 143
    time.sleep(0.5)
    left = subprocess.run(["pgrep", "-f", str(engine)], capture_output=True, text=True).stdout.split()
    assert left == []
