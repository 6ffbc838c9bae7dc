"""The subprocess adapter: an engine in another program, speaking conformance/PROTOCOL.md.

``ProcessAdapter(command)`` starts the program (an argument list, run without a shell), says
``hello``, and then turns every ``EngineAdapter`` call into one request line on the program's stdin
and reads one reply line from its stdout (message shapes: ``protocol.py``). One request is in flight
at a time; every reply must echo its request's ``seq`` and match its schema.

Faults never hang or stop the run. A reply that does not come within ``timeout`` seconds raises
``EngineTimeout``; an engine that exits (or closes stdout) raises ``EngineCrash``; a line that is not
JSON, breaks the reply's schema or echoes another ``seq`` raises ``ProtocolViolation``, and so does a
line begun and not ended within ``timeout`` (the message quotes what was written of it), and a refusal
whose reason code is neither the protocol's nor one the rule set played declares
(``reason_codes.unknown_reason_in``). Each carries
the request, the offending line and the tail of the engine's stderr. After a fault the process is
killed, and the next scenario starts a fresh one (with a new ``hello``; a program gets at least
``STARTUP_TIMEOUT`` seconds to start and answer it). Between scenarios a healthy
process is kept: ``new_game`` starts each scenario afresh.
"""

from __future__ import annotations

import json
from typing import Any

from truco_dsl.conformance.engines import protocol
from truco_dsl.conformance.engines.adapter import LineCount, Outcome
from truco_dsl.conformance.engines.transcript import Transcript
from truco_dsl.conformance.reason_codes import unknown_reason_in
from truco_dsl.diagnostics import printable
from truco_dsl.errors import EngineCrash, EngineError, EngineFault, EngineStartError, EngineTimeout, NotSupported, ProtocolViolation, SetupRefused
from truco_dsl.programs import SHOWN_LINE, LineProgram

DEFAULT_TIMEOUT = 5.0
#: the least time a program gets to start and answer ``hello`` (loading an engine may take longer than a reply)
STARTUP_TIMEOUT = 30.0  # a loaded 2-core machine took 8 s to start `truco serve`


class ProcessAdapter:
    """An ``EngineAdapter`` for a program that speaks the protocol.

    ``command``: the program and its arguments (``shlex.split`` of ``--engine``); ``timeout``: the
    seconds a reply may take. ``start()`` launches it and reads its ``hello`` (raises
    ``EngineStartError``); every other call starts it first when it is not running. ``shutdown()``
    ends it (a later call would start it again). Calls raise ``EngineFault`` subclasses for faults, ``SetupRefused`` for a
    refused ``new_game`` / ``next_hand``, ``NotSupported`` for a capability the engine did not
    declare, ``EngineError`` for any other error reply. ``transcript`` keeps the last lines sent and
    read (``transcript.py``); the conformance plugin clears it at the start of each scenario.
    """

    def __init__(self, command: list[str], timeout: float = DEFAULT_TIMEOUT):
        self.command = list(command)
        self.timeout = timeout
        self.name = " ".join(self.command)
        self.hello: dict[str, Any] | None = None
        self._process: LineProgram | None = None
        self._seq = 0
        #: the rule set of the game being played, whose codes a refusal may give (None: not checked)
        self._ruleset: str | None = None
        self.transcript = Transcript()
        #: the last ``state`` asked, ``(seat, the state as JSON text)``, while no other request followed
        #: it: asked again, it is answered from here, a new copy each time (reading the state does not
        #: change it: PROTOCOL.md, "state")
        self._last_state: tuple[int | None, str] | None = None

    # ------------------------------------------------------------------ the process
    def start(self) -> dict[str, Any]:
        """Launch the program (if it is not running) and return its ``hello`` reply.

        Raises ``EngineStartError`` when it cannot be run, and ``EngineFault`` when ``hello`` times
        out, the program dies, or the reply breaks the protocol (another protocol version included).
        """
        if self._process is not None and self.hello is not None:
            return self.hello
        try:
            self._process = LineProgram(self.command, protocol.MAX_LINE_BYTES)
        except OSError as problem:
            raise EngineStartError(f"cannot start the engine {self.name!r}: {problem.strerror or problem}") from None
        self._seq = 0
        reply = self._exchange(protocol.hello_request(self._next_seq()), max(self.timeout, STARTUP_TIMEOUT))
        if not reply["ok"]:
            self._fault(ProtocolViolation, f"the engine refused hello: {reply['error']}: {reply['message']}", json.dumps(reply))
        if reply["protocol"] != protocol.PROTOCOL_VERSION:
            self._fault(ProtocolViolation, f"the engine speaks protocol version {reply['protocol']}, this harness "
                        f"{protocol.PROTOCOL_VERSION}", json.dumps(reply))
        self.hello = reply
        self.name = f"{reply['name']} {reply['version']}".strip()
        return reply

    def shutdown(self) -> None:
        """End the program (close its stdin, then kill it)."""
        if self._process is not None:
            self._process.end(grace=1.0)
        self._process, self.hello = None, None

    # ------------------------------------------------------------------ EngineAdapter
    @property
    def features(self) -> frozenset[str]:
        return frozenset(self.start()["features"])

    @property
    def readings(self) -> dict[str, str]:
        return dict(self.start()["readings"])

    def supports(self, ruleset: str, players: int) -> bool:
        return any(offer["id"] == ruleset and players in offer["players"] for offer in self.start()["rulesets"])

    def new_game(self, ruleset: str, players: int, dealer: int, scores: list[int], hands: list[list[str]] | None,
                 vira: str | None, seed: int | None, games_won: list[int] | None = None) -> list[dict[str, Any]]:
        self.start()
        events = protocol.events_of(self._call(protocol.new_game_request(
            self._next_seq(), ruleset, players, dealer, scores, hands, vira, seed, games_won)))
        self._ruleset = ruleset
        return events

    def next_hand(self, hands: list[list[str]] | None, vira: str | None) -> list[dict[str, Any]]:
        self._require("next_hand", "a next hand of the same game")
        return protocol.events_of(self._call(protocol.next_hand_request(self._next_seq(), hands, vira)))

    def legal_actions(self, seat: int) -> list[str]:
        return self._call(protocol.legal_actions_request(self._next_seq(), seat))["actions"]

    def act(self, seat: int, action: str) -> Outcome:
        if action.startswith("infraction:"):
            self._require("infractions", f"a referee's report ({action})")
        request = protocol.act_request(self._next_seq(), seat, action)
        reply = self._call(request)
        outcome = protocol.outcome_of(reply)
        unknown = None if outcome.accepted else unknown_reason_in(outcome.reason, self._ruleset)
        if unknown is not None:  # the exchange is in the transcript already: the request goes in the words
            self._fault(ProtocolViolation, f"the reply to act refuses with an {unknown}\nrequest: "
                        f"{protocol.line(request).rstrip()}", json.dumps(reply))
        return outcome

    def state(self, seat: int | None = None) -> dict[str, Any]:
        if seat is not None:
            self._require("views", f"the view of seat {seat}")
        if self._last_state is not None and self._last_state[0] == seat:
            return json.loads(self._last_state[1])
        state = self._call(protocol.state_request(self._next_seq(), seat))["state"]
        self._last_state = (seat, json.dumps(state))  # a copy a caller's changes to ``state`` cannot reach
        return state

    def count(self, depth: int | None) -> LineCount:
        self._require("count", "counting lines of play")
        return protocol.count_of(self._call(protocol.count_request(self._next_seq(), depth)))

    def close(self) -> None:
        """After a scenario: keep a healthy process for the next one (a fault has already ended it)."""
        self._last_state = None

    # ------------------------------------------------------------------ requests and replies
    def _require(self, feature: str, what: str) -> None:
        if feature not in self.features:
            raise NotSupported(f"not supported: {self.name} does not declare the {feature!r} capability ({what})")

    def _next_seq(self) -> int:
        self._seq += 1
        return self._seq

    def _call(self, request: dict[str, Any]) -> dict[str, Any]:
        self.start()
        reply = self._exchange(request)
        if reply["ok"]:
            return reply
        if reply["error"] == protocol.SETUP_REFUSED and request["command"] in ("new_game", "next_hand"):
            raise SetupRefused(reply["message"])
        raise EngineError(f"{self.name} answered {request['command']} with the error {reply['error']}: {reply['message']}")

    def _exchange(self, request: dict[str, Any], timeout: float | None = None) -> dict[str, Any]:
        """Send one request, return its reply (checked) within ``timeout`` seconds (default: the
        adapter's). Raises an ``EngineFault``."""
        timeout = self.timeout if timeout is None else timeout
        self._last_state = None
        process = self._process
        sent = protocol.line(request)
        try:
            process.send(sent.encode("utf-8"))
        except (BrokenPipeError, OSError, ValueError):
            self._fault(EngineCrash, f"the engine exited before {request['command']} could be sent{self._exit_code()}",
                        None, request)
        try:
            raw = process.next_line(timeout)
        except TimeoutError:
            begun, size = process.begun
            if size:  # it began a reply and stopped: its fault, and what it wrote is the evidence
                self._fault(ProtocolViolation, f"the engine wrote {_quoted(begun)} ({size:,} byte{'s' if size != 1 else ''}) "
                            f"in reply to {request['command']} without ending the line, then nothing more within "
                            f"{timeout:g} s", None, request)
            code = process.popen.poll()
            if code is not None:  # the program is gone; what keeps its output open is a child it left
                self._fault(EngineCrash, f"the engine exited (exit code {code}) without replying to {request['command']}, "
                            f"leaving a process that holds its output open", None, request)
            self._fault(EngineTimeout, f"no reply to {request['command']} within {timeout:g} s", None, request)
        if raw is None:
            if process.popen.poll() is None and self._exit_code() == "":  # alive, its output closed
                self._fault(EngineCrash, f"the engine closed its output without replying to {request['command']} "
                            f"(it is still running)", None, request)
            self._fault(EngineCrash, f"the engine exited without replying to {request['command']}{self._exit_code()}",
                        None, request)
        text = raw.decode("utf-8", errors="backslashreplace")
        try:
            reply = protocol.parse_line(raw)
        except protocol.MessageError as problem:
            self._fault(ProtocolViolation, f"the reply to {request['command']} is {problem}", text, request)
        try:
            protocol.check_reply(request["command"], reply)
        except protocol.MessageError as problem:
            whole = str(problem).removeprefix("(the message): ")  # about the whole reply (a property missing)
            self._fault(ProtocolViolation, f"the reply to {request['command']} breaks the protocol's schema"
                        f"{': ' if whole != str(problem) else ' at '}{whole}", text, request)
        if reply["seq"] != request["seq"]:
            self._fault(ProtocolViolation, f"the reply to {request['command']} (seq {request['seq']}) echoes seq "
                        f"{reply['seq']}", text, request)
        self.transcript.record(sent, text)
        return reply

    def _exit_code(self) -> str:
        code = self._process.exit_code()
        return "" if code is None else f" (exit code {code})"

    def _fault(self, kind: type[EngineFault], what: str, offending: str | None, request: dict[str, Any] | None = None) -> None:
        """End the process and raise ``kind`` with what happened, the request, the offending line
        and the tail of stderr."""
        process = self._process
        if process is not None:
            process.end()
        stderr = process.stderr_tail() if process is not None else ""
        self._process, self.hello = None, None
        parts = [what]
        if request is not None:
            self.transcript.record(protocol.line(request), offending)
            parts.append(f"request: {protocol.line(request).rstrip()}")
        if offending is not None:
            shown = offending.rstrip("\n")
            parts.append(f"offending line: {shown[:SHOWN_LINE]}{'…' if len(shown) > SHOWN_LINE else ''}")
        parts.append(f"engine stderr (last lines):\n{stderr}" if stderr else "engine stderr: (empty)")
        raise kind("\n".join(parts))


def _quoted(written: bytes) -> str:
    """What an engine wrote, quoted for a message: decoded (a byte that is not UTF-8 as ``\\xe9``),
    control and bidirectional characters escaped (``diagnostics.printable``), cut at ``SHOWN_LINE``
    characters."""
    text = printable(written.decode("utf-8", errors="backslashreplace"), lines=False)
    return f"'{text[:SHOWN_LINE]}{'…' if len(text) > SHOWN_LINE else ''}'"
