"""A program spoken to in lines: an engine behind conformance/PROTOCOL.md
(``conformance/engines/process.py``), a bot behind conformance/BOTS.md (``simulation/program.py``),
and ``truco serve`` reading its requests (``cli/serve.py``).

``LineReader(fd)`` reads the lines of a pipe on the thread that awaits them, not by a thread
handing lines over (a switch between threads cost, on a 2-core machine, more than the reference
engine's answer), and awaits each awake for ``AWAKE`` seconds before sleeping until it comes: a
process asleep on an idle core of a virtual machine took some 50 µs to wake, more than the
reference engine's answer (a round trip through ``truco serve``: 117 µs asleep, 45 µs awake;
``benchmarks/conform.py``).

``LineProgram(command)`` starts a program (an argument list, run without a shell) in a process
group of its own, writes request lines to its stdin (``send``), reads its stdout with a
``LineReader`` (``next_line``, within a timeout) and keeps the last lines of its stderr
(``stderr_tail``). ``end`` closes its stdin, gives it a grace period to exit, then ends its group
(the program and whatever it started). What the lines mean is the caller's protocol.
"""

from __future__ import annotations

import atexit
import collections
import os
import selectors
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Iterator

#: the longest line kept whole (bytes, its newline excluded): a longer one is cut just past it
LONGEST_LINE = 1 << 20
#: lines of stderr kept, and the longest kept (characters; a longer one is cut and ends with …)
STDERR_TAIL = 15
SHOWN_LINE = 500
#: the most bytes of stdout read at once
READ_PIECE = 1 << 16
#: how long a reply is awaited awake (reading without waiting) before sleeping until it comes (seconds)
AWAKE = 200e-6


class LineReader:
    """The lines of a pipe's file descriptor ``fd``, read on the thread that awaits them: awake
    (reading without waiting) for ``AWAKE`` seconds, then asleep until bytes come. A line longer
    than ``longest_line`` bytes is cut to its first ``longest_line`` + 1 bytes and its newline (too
    long for a reader that refuses longer ones), the rest dropped as it comes. ``begun`` is what
    has come of a line not yet ended (its first ``SHOWN_LINE`` * 4 bytes) and its size in bytes.
    The descriptor is made non-blocking; ``close`` forgets it (it does not close it)."""

    def __init__(self, fd: int, longest_line: int = LONGEST_LINE):
        self._fd, self._longest = fd, longest_line
        self._ready = selectors.DefaultSelector()
        self._ready.register(fd, selectors.EVENT_READ)
        os.set_blocking(fd, False)  # read what has come, never wait in read
        #: lines read and not yet taken (bytes, newline included), and whether the input has ended
        self._lines: collections.deque[bytes] = collections.deque()
        self._ended = False
        self._line = bytearray()
        self.begun: tuple[bytes, int] = (b"", 0)

    def next_line(self, timeout: float | None = None) -> bytes | None:
        """The next line (bytes, its newline included; the last one may have none), or None once
        the input has ended. Raises ``TimeoutError`` when no line ends within ``timeout`` seconds
        (None: waits as long as it takes)."""
        started = time.monotonic()
        deadline = None if timeout is None else started + timeout
        while not self._lines and not self._ended:
            now = time.monotonic()
            if deadline is not None and now >= deadline:  # checked as bytes keep coming too: a flood with no newline
                raise TimeoutError
            try:
                chunk = os.read(self._fd, READ_PIECE)
            except BlockingIOError:  # nothing has come yet: awake a while, then asleep until something does
                if now - started >= AWAKE and not self._ready.select(None if deadline is None else deadline - now):
                    raise TimeoutError from None  # only a deadline ends a select with nothing
                continue
            self._take(chunk)
        return self._lines.popleft() if self._lines else None

    def lines(self) -> Iterator[bytes]:
        """Every line to the end of the input (``next_line`` without a timeout)."""
        while (line := self.next_line()) is not None:
            yield line

    def _take(self, chunk: bytes) -> None:
        """Split what was read into lines as the bytes come (b"": the end of the input)."""
        kept = self._longest + 1
        if not chunk:
            if self._line:  # the last line, not ended: read as it is
                self._lines.append(bytes(self._line))
            self._ended = True
            return
        *ended, rest = chunk.split(b"\n")
        size = self.begun[1]
        for piece in ended:
            self._line += piece[:kept - len(self._line)]
            self._lines.append(bytes(self._line) + b"\n")
            self._line, size = bytearray(), 0
        self._line += rest[:kept - len(self._line)]
        self.begun = (bytes(self._line[:SHOWN_LINE * 4]), size + len(rest))

    def close(self) -> None:
        self._ready.close()


#: the programs started and not yet ended, ended when truco-dsl exits (``_end_left``)
_RUNNING: weakref.WeakSet[LineProgram] = weakref.WeakSet()


@atexit.register
def _end_left() -> None:
    """End, as this process exits, every program it started and did not end: one still starting
    when Ctrl-C or SIGTERM stopped the run (an engine that never answered hello) would run on."""
    for program in list(_RUNNING):
        try:
            os.killpg(program.popen.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


class LineProgram:
    """One running program spoken to in lines.

    ``command``: the program and its arguments. Raises ``OSError`` when it cannot be started (not
    found, not executable). Its stdout is read by a ``LineReader`` (``next_line``, ``begun``: what
    has come of a line not yet ended, for a fault to show); ``popen`` is the process.
    """

    def __init__(self, command: list[str], longest_line: int = LONGEST_LINE):
        # bytes, not text: a line that is not UTF-8 is the caller's to report, not mended here
        self.popen = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      start_new_session=True)  # its own process group: ended with its children
        self._longest = longest_line
        self._stdout = LineReader(self.popen.stdout.fileno(), longest_line)
        _RUNNING.add(self)
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL)
        self._stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._stderr_reader.start()

    def send(self, line: bytes) -> None:
        """Write ``line`` (bytes, its newline included) to the program's stdin and flush it. Raises
        ``OSError`` (``BrokenPipeError`` among them) or ``ValueError`` when its stdin is closed."""
        self.popen.stdin.write(line)
        self.popen.stdin.flush()

    @property
    def begun(self) -> tuple[bytes, int]:
        """What has come of a stdout line not yet ended (its first bytes) and its size in bytes."""
        return self._stdout.begun

    def next_line(self, timeout: float) -> bytes | None:
        """The next line of stdout (``LineReader.next_line``), or None once stdout has ended.
        Raises ``TimeoutError`` when no line ends within ``timeout`` seconds."""
        return self._stdout.next_line(timeout)

    def _read_stderr(self) -> None:
        while line := self.popen.stderr.readline(self._longest + 1):
            if len(line) > self._longest and not line.endswith(b"\n"):  # the rest of a long line, dropped
                while (rest := self.popen.stderr.readline(self._longest)) and not rest.endswith(b"\n"):
                    pass
            text = line.decode("utf-8", errors="backslashreplace").rstrip("\n")
            self._stderr.append(text if len(text) <= SHOWN_LINE else text[:SHOWN_LINE] + "…")

    def stderr_tail(self) -> str:
        """The last ``STDERR_TAIL`` lines the program wrote to stderr, one per line ("" for none)."""
        return "\n".join(self._stderr)

    def exit_code(self, wait: float = 1.0) -> int | None:
        """The program's exit code, waiting at most ``wait`` seconds for it to exit; None if it has not."""
        try:
            return self.popen.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return None

    def end(self, grace: float = 0.0) -> None:
        """End the program: close its stdin, give it ``grace`` seconds to exit, then end its process
        group (SIGTERM, then SIGKILL), the program and whatever it started, even once the program
        itself has exited. Its stderr is read to its end first (``stderr_tail``)."""
        _RUNNING.discard(self)
        try:
            self.popen.stdin.close()
        except OSError:
            pass
        self.exit_code(grace)
        for ending in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.popen.pid, ending)
            except (ProcessLookupError, PermissionError):
                if self.popen.poll() is None:
                    self.popen.kill()
                break
            if ending == signal.SIGTERM:
                self.exit_code(0.2)
        self.exit_code(5)  # a process the kernel will not reap is left (never seen)
        self._stderr_reader.join(timeout=1)  # what the program wrote before it ended
        self._stdout.close()
        for stream in (self.popen.stdout, self.popen.stderr):
            try:
                stream.close()
            except OSError:
                pass
