"""The ``cmd:`` bot: a program in any language speaking the bot protocol (conformance/BOTS.md).

``ProgramBot(command)`` starts the program (an argument list, run without a shell, in a process
group of its own), says ``hello``, and then turns every ``choose`` into one request line on the
program's stdin and reads one reply line from its stdout. A program that does not reply within
``timeout`` seconds (``STARTUP_TIMEOUT`` for ``hello``), exits, writes a line that is not a JSON
object of the reply's shape, echoes another ``seq`` or answers an action that is not legal raises
``BotError`` with the request, the offending line and the tail of its stderr; the program is ended
first. ``close()`` closes its stdin, gives it ``GRACE`` seconds to exit, then ends its group
(``programs.LineProgram``, which the engine side of the conformance protocol uses too).
"""

from __future__ import annotations

import json
from typing import Any

from truco_dsl.cards import Card
from truco_dsl.errors import BotError
from truco_dsl.programs import SHOWN_LINE, LineProgram
from truco_dsl.simulation.view import SeatView

#: the version of the bot protocol (conformance/BOTS.md) this side speaks
BOT_PROTOCOL_VERSION = 1
#: the seconds a reply to ``choose`` may take
DEFAULT_TIMEOUT = 5.0
#: the seconds a program gets to start and answer ``hello``
STARTUP_TIMEOUT = 30.0
#: the seconds a program gets to exit once its stdin is closed, before it is killed
GRACE = 1.0


class ProgramBot:
    """A bot that is a program speaking the bot protocol. ``command``: the program and its
    arguments; ``seed``: sent with ``hello``, for the program to seed its choices with;
    ``timeout``: the seconds a reply may take. Starts the program and reads its
    ``hello`` at once; ``name`` is the name it gives there. Raises ``BotError`` when the program
    cannot be started or does not answer ``hello`` as the protocol says."""

    def __init__(self, command: list[str], seed: int = 0, timeout: float = DEFAULT_TIMEOUT):
        self.command = list(command)
        self.timeout = timeout
        self.name = " ".join(self.command)
        self._seq = 0
        try:
            self._program = LineProgram(self.command)
        except OSError as problem:
            raise BotError(f"cannot start the bot program {self.name!r}: {problem.strerror or problem}") from None
        reply = self._exchange({"command": "hello", "protocol": BOT_PROTOCOL_VERSION, "seed": seed}, STARTUP_TIMEOUT)
        if reply.get("protocol") != BOT_PROTOCOL_VERSION or not isinstance(reply.get("name"), str) or not reply["name"]:
            self._fault(f"its hello reply must give a name and protocol {BOT_PROTOCOL_VERSION}", json.dumps(reply))
        self.name = reply["name"]

    def choose(self, view: SeatView, legal: list[str]) -> str:
        """The action the program answers, one of ``legal``. Raises ``BotError`` (the program ended)
        when it breaks the protocol or answers an action not in ``legal``."""
        vira = view.state["hand"]["vira"]
        strengths = view.ruleset.strengths(Card.parse(vira) if vira else None)
        reply = self._exchange({"command": "choose", "seat": view.seat, "view": view.state,
                                "history": [list(step) for step in view.history], "legal": legal,
                                "strengths": {str(card): strength for card, strength in strengths.items()}})
        action = reply.get("action")
        if action not in legal:
            self._fault(f"it answered the action {action!r}, which is not among the legal actions {legal}", json.dumps(reply))
        return action

    def close(self) -> None:
        """End the program: close its stdin, wait ``GRACE`` seconds, then end its process group."""
        self._program.end(GRACE)

    def _exchange(self, request: dict[str, Any], timeout: float | None = None) -> dict[str, Any]:
        """Send ``request`` (its ``seq`` added) and return the reply: a JSON object echoing ``seq``.
        Raises ``BotError`` otherwise."""
        self._seq += 1
        request = {"seq": self._seq, **request}
        self._request = json.dumps(request, separators=(",", ":"))
        try:
            self._program.send(self._request.encode("utf-8") + b"\n")
        except (BrokenPipeError, OSError, ValueError):
            self._fault(f"it exited before {request['command']} could be sent{self._exit_code()}", None)
        wait = self.timeout if timeout is None else timeout
        try:
            raw = self._program.next_line(wait)
        except TimeoutError:
            self._fault(f"no reply to {request['command']} within {wait:g} s", None)
        if raw is None:
            self._fault(f"it exited without replying to {request['command']}{self._exit_code()}", None)
        text = raw.decode("utf-8", errors="backslashreplace").rstrip("\n")
        try:
            reply = json.loads(text)
        except ValueError:
            self._fault(f"its reply to {request['command']} is not JSON", text)
        if not isinstance(reply, dict):
            self._fault(f"its reply to {request['command']} is not a JSON object", text)
        if reply.get("seq") != request["seq"]:
            self._fault(f"its reply to {request['command']} (seq {request['seq']}) echoes seq {reply.get('seq')!r}", text)
        return reply

    def _exit_code(self) -> str:
        code = self._program.exit_code()
        return "" if code is None else f" (exit code {code})"

    def _fault(self, what: str, offending: str | None) -> None:
        """End the program and raise ``BotError``: ``what`` happened, the request, the offending
        line (if any) and the tail of its stderr."""
        self.close()
        parts = [f"bot program {self.name!r} broke the bot protocol: {what}", f"request: {self._request[:SHOWN_LINE]}"]
        if offending is not None:
            parts.append(f"offending line: {offending[:SHOWN_LINE]}{'…' if len(offending) > SHOWN_LINE else ''}")
        stderr = self._program.stderr_tail()
        parts.append(f"bot stderr (last lines):\n{stderr}" if stderr else "bot stderr: (empty)")
        raise BotError("\n".join(parts))
