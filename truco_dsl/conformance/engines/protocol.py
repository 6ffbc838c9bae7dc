"""The engine protocol's messages (conformance/PROTOCOL.md): their shapes, their schema checks, and
the engine side that answers them with an ``EngineAdapter``.

This is the one place for the message shapes. The two codecs of ``EngineAdapter`` meet here:

- ``ProtocolServer`` reads a request line, calls an ``EngineAdapter`` (``truco serve`` wraps the
  reference engine's ``ReferenceAdapter``) and writes the reply line;
- the subprocess adapter (``process.py``) turns each adapter call into a request built here and
  each reply into the adapter's return value with the readers here.

Messages are JSON objects, one per line, UTF-8. Every request has ``seq`` (1, 2, …) and
``command``; every reply echoes ``seq`` and has ``ok``. Unknown fields are ignored; an unknown
command is answered with the error ``unknown_command``. The schemas are
``conformance/schema/protocol.schema.json`` (``$defs.<command>_request`` / ``_reply``) and
``state.schema.json`` (the canonical state), checked with jsonschema, Draft 2020-12.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from typing import IO, Any, Callable, Iterable

import fastjsonschema
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource

from truco_dsl.bundled import SCHEMA_DIR
from truco_dsl.conformance.engines.adapter import FEATURES, EngineAdapter, LineCount, Outcome
from truco_dsl.errors import CountTooLarge, MessageError, NoGame, NotSupported, SetupRefused

PROTOCOL_VERSION = 1
COMMANDS = ("hello", "new_game", "next_hand", "legal_actions", "act", "state", "count")
#: the capability a command needs (a command not listed needs none)
COMMAND_FEATURE = {"next_hand": "next_hand", "count": "count"}
PROTOCOL_SCHEMA = SCHEMA_DIR / "protocol.schema.json"
STATE_SCHEMA = SCHEMA_DIR / "state.schema.json"

#: the limits of a protocol line (conformance/PROTOCOL.md, "Limits"); both sides refuse a line past them
MAX_LINE_BYTES = 1 << 20  # a line's size in bytes, its newline excluded
MAX_NESTING = 32  # objects and arrays inside one another
MAX_DIGITS = 18  # digits of a number (a whole number is below 10**18 in magnitude)

# error codes of an error reply (``ok: false``)
UNKNOWN_COMMAND, BAD_REQUEST, SETUP_REFUSED, NO_GAME, ENGINE_ERROR = (
    "unknown_command", "bad_request", "setup_refused", "no_game", "engine_error")


# ------------------------------------------------------------------------------------ schemas
@cache
def _schemas() -> tuple[dict[str, Any], Registry]:
    protocol = json.loads(PROTOCOL_SCHEMA.read_text(encoding="utf-8"))
    state = json.loads(STATE_SCHEMA.read_text(encoding="utf-8"))
    registry = Registry().with_resources((schema["$id"], Resource.from_contents(schema)) for schema in (protocol, state))
    return protocol, registry


@cache
def _validator(definition: str) -> Draft202012Validator:
    protocol, registry = _schemas()
    return Draft202012Validator({"$ref": f"{protocol['$id']}#/$defs/{definition}"}, registry=registry)


@cache
def _compiled(definition: str) -> Callable[[Any], Any]:
    """``$defs.<definition>`` of the protocol schema compiled to Python by fastjsonschema: the same
    answer as ``_validator`` (tests/test_protocol_validators.py checks both agree on valid and invalid
    messages), about twenty times faster. Its one remote ``$ref``, the state schema, resolves to the
    bundled file (no network)."""
    protocol, _ = _schemas()
    state = json.loads(STATE_SCHEMA.read_text(encoding="utf-8"))
    bundled = {schema["$id"]: schema for schema in (protocol, state)}
    return fastjsonschema.compile({**protocol, "$ref": f"#/$defs/{definition}"},
                                  handlers={"https": bundled.__getitem__, "http": bundled.__getitem__})


def _check(definition: str, message: Any) -> None:
    try:
        _compiled(definition)(message)
        return
    except fastjsonschema.JsonSchemaValueException:
        pass  # refused: jsonschema says why, in the words users have always seen
    problems = list(_validator(definition).iter_errors(message))
    # a value of the wrong type is said before what that value made required (a reply with
    # ``"accepted": "yes"`` is read as a refusal, which lacks its ``reason``)
    problem = best_match([problem for problem in problems if problem.validator == "type"] or problems)
    if problem is None:  # the two validators disagree (never seen: the tests compare them)
        raise MessageError(f"(the message): does not match $defs/{definition} of the protocol schema")
    where = "/".join(str(part) for part in problem.absolute_path) or "(the message)"
    message = problem.message
    if problem.validator == "type":  # in JSON's words: `true is not an integer`, not Python's `True`
        message = f"{json.dumps(problem.instance)[:80]} is not of type {json.dumps(problem.validator_value)}"
    raise MessageError(f"{where}: {message}")


#: a run of characters long enough to be a number of more than MAX_DIGITS digits
_LONG_NUMBER = re.compile(r"[-+.eE0-9]{%d,}" % (MAX_DIGITS + 1))


def _number(text: str) -> int | float:
    if len(text) > MAX_DIGITS:  # a shorter text cannot hold too many digits: not counted (most numbers)
        digits = sum(character.isdigit() for character in text)
        if digits > MAX_DIGITS:
            raise MessageError(f"a number of {digits} digits (the protocol's numbers have at most {MAX_DIGITS})")
    return int(text) if text.lstrip("-").isdigit() else float(text)


def _readable_seq(text: str | bytes) -> int | None:
    """The ``seq`` of a request line ``parse_line`` refused, when it can still be read (a number
    too long elsewhere in it, say), so the error reply names its request; else None."""
    if len(text) > MAX_LINE_BYTES:
        return None
    try:
        message = json.loads(text, parse_int=lambda digits: 0 if len(digits) > MAX_DIGITS else int(digits),
                             parse_float=lambda _: 0.0, parse_constant=lambda _: None)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, nested past what Python reads
        return None
    seq = message.get("seq") if isinstance(message, dict) else None
    return seq if type(seq) is int and 1 <= seq < 10 ** MAX_DIGITS else None


def _constant(text: str) -> None:
    raise MessageError(f"{text}, which is not JSON (a number is finite)")


def _nesting(value: Any) -> int:
    """How deeply ``value`` nests objects and arrays (a scalar: 0), stopping past ``MAX_NESTING``."""
    deepest, level = 0, [(value, 1)]
    while level:
        item, depth = level.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        if deepest > MAX_NESTING:
            break
        level.extend((child, depth + 1) for child in children)
    return deepest


def parse_line(line: str | bytes) -> dict[str, Any]:
    """A protocol line (text, or bytes that must be UTF-8) as a JSON object. Raises ``MessageError``
    when it is not one: a line of more than ``MAX_LINE_BYTES``, not UTF-8, blank, not JSON, nested
    more than ``MAX_NESTING`` deep, a number of more than ``MAX_DIGITS`` digits, ``NaN`` or
    ``Infinity``, or not an object."""
    if isinstance(line, bytes):
        if len(line.rstrip(b"\r\n")) > MAX_LINE_BYTES:
            raise MessageError(f"a line of more than {MAX_LINE_BYTES:,} bytes (the longest a line may be)")
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as problem:
            raise MessageError(f"not UTF-8 (byte {problem.start + 1} cannot start or continue a character)") from None
    elif len(line) > MAX_LINE_BYTES:
        raise MessageError(f"a line of {len(line):,} characters (at most {MAX_LINE_BYTES:,} bytes)")
    if not line.strip():
        raise MessageError("a blank line (every line is one JSON object)")
    try:
        if _LONG_NUMBER.search(line):  # a number may have too many digits: each is counted
            message = json.loads(line, parse_int=_number, parse_float=_number, parse_constant=_constant)
        else:  # none can (most lines): read as json reads them, faster
            message = json.loads(line, parse_constant=_constant)
    except json.JSONDecodeError as problem:
        raise MessageError(f"not JSON ({problem.msg} at column {problem.colno})") from None
    except RecursionError:
        raise MessageError(f"JSON nested more than {MAX_NESTING} levels deep") from None
    except MessageError as problem:
        raise MessageError(f"JSON with {problem}") from None
    except ValueError as problem:  # pragma: no cover - the hooks above refuse what Python cannot read
        raise MessageError(f"JSON that cannot be read: {problem}") from None
    if not isinstance(message, dict):
        raise MessageError(f"not a JSON object but {_json_type(message)}")
    # a line with no more brackets than MAX_NESTING cannot nest deeper: not walked (most lines)
    if line.count("[") + line.count("{") > MAX_NESTING and _nesting(message) > MAX_NESTING:
        raise MessageError(f"JSON nested more than {MAX_NESTING} levels deep")
    return message


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {list: "an array", str: "a string", int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def read_line(stream: IO[bytes]) -> bytes | None:
    """The next line of ``stream`` (bytes, newline included), reading at most ``MAX_LINE_BYTES`` + 1
    bytes into memory: a longer line is skipped to its end and returned as its first
    ``MAX_LINE_BYTES`` + 2 bytes (too long for ``parse_line``). None at the end of input."""
    text = stream.readline(MAX_LINE_BYTES + 2)
    if not text:
        return None
    if len(text) > MAX_LINE_BYTES + 1 and not text.endswith(b"\n"):
        while True:  # drop the rest of the line, a bounded piece at a time
            rest = stream.readline(MAX_LINE_BYTES)
            if not rest or rest.endswith(b"\n"):
                break
    return text


def check_request(message: dict[str, Any]) -> None:
    """Check a request against ``$defs.<command>_request`` (which holds ``$defs.request``, what
    every request has), or against ``$defs.request`` alone for a command the protocol does not
    have. Raises ``MessageError``."""
    command = message.get("command")
    _check(f"{command}_request" if isinstance(command, str) and command in COMMANDS else "request", message)


def check_reply(command: str, message: dict[str, Any]) -> None:
    """Check the reply to ``command`` against ``$defs.<command>_reply``. Raises ``MessageError``."""
    _check(f"{command}_reply" if command in COMMANDS else "unknown_reply", message)


def line(message: dict[str, Any]) -> str:
    """A message as one protocol line (no newline inside, UTF-8 text, newline at the end)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"


# ------------------------------------------------------------------------------------ requests
def _deal(hands: list[list[str]] | None, vira: str | None) -> dict[str, Any] | None:
    return None if hands is None else {"hands": [list(cards) for cards in hands], "vira": vira}


def hello_request(seq: int) -> dict[str, Any]:
    """``hello``: the harness's protocol version; the engine says who it is and what it plays."""
    return {"seq": seq, "command": "hello", "protocol": PROTOCOL_VERSION}


def new_game_request(seq: int, ruleset: str, players: int, dealer: int, scores: list[int], hands: list[list[str]] | None,
                     vira: str | None, seed: int | None, games_won: list[int] | None) -> dict[str, Any]:
    """``new_game``: the arguments of ``EngineAdapter.new_game`` (``deal`` null: shuffle from ``seed``)."""
    return {"seq": seq, "command": "new_game", "ruleset": ruleset, "players": players, "dealer": dealer,
            "scores": list(scores), "games_won": list(games_won or [0, 0]), "deal": _deal(hands, vira), "seed": seed}


def next_hand_request(seq: int, hands: list[list[str]] | None, vira: str | None) -> dict[str, Any]:
    """``next_hand``: the next hand of the game, forced (``deal``) or shuffled (``deal`` null)."""
    return {"seq": seq, "command": "next_hand", "deal": _deal(hands, vira)}


def legal_actions_request(seq: int, seat: int) -> dict[str, Any]:
    """``legal_actions``: the canonical actions ``seat`` may take now."""
    return {"seq": seq, "command": "legal_actions", "seat": seat}


def act_request(seq: int, seat: int, action: str) -> dict[str, Any]:
    """``act``: take ``action`` for ``seat``."""
    return {"seq": seq, "command": "act", "seat": seat, "action": action}


def state_request(seq: int, seat: int | None) -> dict[str, Any]:
    """``state``: the referee's view (``seat`` null) or what ``seat`` may see."""
    return {"seq": seq, "command": "state", "seat": seat}


def count_request(seq: int, depth: int | None) -> dict[str, Any]:
    """``count``: the legal action sequences from here, ``depth`` long or (null) to the hand's end."""
    return {"seq": seq, "command": "count", "depth": depth}


# ------------------------------------------------------------------------------------ replies
def error_reply(seq: int | None, error: str, message: str) -> dict[str, Any]:
    """An error reply: ``error`` one of the codes above, ``message`` the engine's words."""
    return {"seq": seq, "ok": False, "error": error, "message": message}


def raised_reply(seq: int | None, problem: Exception) -> dict[str, Any]:
    """The error reply for an ``EngineAdapter`` call that raised ``problem``:
    ``setup_refused`` for a ``SetupRefused``, ``no_game`` for a ``NoGame``, ``unknown_command`` for
    ``NotSupported``, ``bad_request`` for a ``CountTooLarge`` (a count past its limit of positions or of time),
    ``engine_error`` for anything else."""
    if isinstance(problem, CountTooLarge):
        return error_reply(seq, BAD_REQUEST, str(problem))
    if isinstance(problem, SetupRefused):
        return error_reply(seq, SETUP_REFUSED, str(problem))
    if isinstance(problem, NoGame):
        return error_reply(seq, NO_GAME, str(problem))
    if isinstance(problem, NotSupported):
        return error_reply(seq, UNKNOWN_COMMAND, str(problem))
    return error_reply(seq, ENGINE_ERROR, f"{type(problem).__name__}: {problem}")


def events_of(reply: dict[str, Any]) -> list[dict[str, Any]]:
    """The events of a ``new_game`` / ``next_hand`` reply."""
    return reply["events"]


def outcome_of(reply: dict[str, Any]) -> Outcome:
    """The ``Outcome`` of an ``act`` reply."""
    if reply["accepted"]:
        return Outcome(accepted=True, events=reply["events"])
    return Outcome(accepted=False, events=[], reason=reply["reason"], detail=reply.get("detail"))


def count_of(reply: dict[str, Any]) -> LineCount:
    """The ``LineCount`` of a ``count`` reply."""
    return LineCount(reply["total"], [(entry["seat"], entry["action"], entry["count"]) for entry in reply["divide"]])


# ------------------------------------------------------------------------------------ engine side
def engine_version() -> str:
    """The installed truco-dsl's version ("unknown" when it is not installed)."""
    try:
        return version("truco-dsl")
    except PackageNotFoundError:
        return "unknown"


class ProtocolServer:
    """Answers protocol requests with an ``EngineAdapter``: the engine side of the protocol.

    ``adapter``: plays the games; ``rulesets``: ``(id, player counts)`` the engine offers in
    ``hello``; ``name`` / ``version``: the engine's, in ``hello``. The adapter's ``features`` and
    ``readings`` are declared in ``hello`` as they are.
    """

    def __init__(self, adapter: EngineAdapter, rulesets: Iterable[tuple[str, Iterable[int]]], name: str, version: str):
        self.adapter = adapter
        self.rulesets = [{"id": ruleset, "players": sorted(players)} for ruleset, players in rulesets]
        self.name, self.version = name, version
        #: the seats of the game being played (None before a new_game is accepted)
        self.players: int | None = None

    def run(self, requests: IO[bytes] | Iterable[bytes], replies: IO[str]) -> None:
        """Answer every line of ``requests`` on ``replies`` (flushed after each), a blank line too
        (with an error), until end of input. ``requests``: a stream of bytes (read by ``read_line``)
        or the lines themselves (``programs.LineReader.lines()``, what ``truco serve`` reads a
        pipe with)."""
        lines = iter(lambda: read_line(requests), None) if hasattr(requests, "readline") else requests
        for text in lines:
            replies.write(line(self.answer(text)))
            replies.flush()

    def answer(self, text: str | bytes) -> dict[str, Any]:
        """The reply to one request line. Never raises: every problem is an error reply."""
        try:
            request = parse_line(text)
        except MessageError as problem:
            return error_reply(_readable_seq(text), BAD_REQUEST, f"the request is {problem}")
        seq = request.get("seq")
        if "seq" in request and not (type(seq) is int and seq >= 1):
            return error_reply(None, BAD_REQUEST, f"bad request: seq must be a whole number from 1, not {json.dumps(seq)}")
        fraction = _fraction(request)
        if fraction is not None:
            return error_reply(seq, BAD_REQUEST, f"bad request: {fraction}: {request[fraction]!r} is not a whole number "
                               "(the protocol's numbers are written without a fraction or exponent)")
        command = request.get("command")
        if seq is not None and isinstance(command, str) and command not in COMMANDS:
            return error_reply(seq, UNKNOWN_COMMAND, f"unknown command {command!r}; the commands are {', '.join(COMMANDS)}")
        try:
            check_request(request)
        except MessageError as problem:
            return error_reply(seq, BAD_REQUEST, f"bad request: {problem}")
        seat = request.get("seat") if command in ("legal_actions", "act", "state") else None
        if seat is not None and self.players is not None and seat >= self.players:
            return error_reply(seq, BAD_REQUEST, f"bad request: seat {seat} does not exist: this game has "
                               f"{self.players} seats (0 to {self.players - 1})")
        try:
            return {"seq": seq, "ok": True, **self._carry_out(request)}
        except Exception as problem:  # the engine broke on a valid request: say so and keep serving
            return raised_reply(seq, problem)

    def _carry_out(self, request: dict[str, Any]) -> dict[str, Any]:
        command, adapter = request["command"], self.adapter
        if command == "hello":
            return {"name": self.name, "version": self.version, "protocol": PROTOCOL_VERSION, "rulesets": self.rulesets,
                    "features": [feature for feature in FEATURES if feature in adapter.features],
                    "readings": dict(adapter.readings)}
        if command == "new_game":
            offered = [ruleset["id"] for ruleset in self.rulesets]
            if request["ruleset"] not in offered:  # never a path: a request names one of hello's rule sets
                raise SetupRefused(f"rule set {request['ruleset']!r} is not one this engine offers ({', '.join(offered)})")
            deal = request["deal"] or {"hands": None, "vira": None}
            result: Any = adapter.new_game(request["ruleset"], request["players"], request["dealer"], request["scores"],
                                           deal["hands"], deal["vira"], request["seed"], games_won=request["games_won"])
            self.players = request["players"]
        elif command == "next_hand":
            deal = request["deal"] or {"hands": None, "vira": None}
            result = adapter.next_hand(deal["hands"], deal["vira"])
        elif command == "legal_actions":
            result = adapter.legal_actions(request["seat"])
        elif command == "act":
            result = adapter.act(request["seat"], request["action"])
        elif command == "state":
            result = adapter.state(request["seat"])
        else:  # "count"
            result = adapter.count(request["depth"])
        return reply_fields(command, result)


def _fraction(request: dict[str, Any]) -> str | None:
    """The first top-level field of ``request`` holding a float (``1.0``, ``1e0``, in a list too), or None."""
    for field, value in request.items():
        values = value if isinstance(value, list) else [value]
        if any(isinstance(item, float) or (isinstance(item, list) and any(isinstance(x, float) for x in item))
               for item in values):
            return field
    return None


def reply_fields(command: str, result: Any) -> dict[str, Any]:
    """The fields of the ``ok`` reply to ``command`` (not ``hello``) that carry ``result``, what the
    ``EngineAdapter`` method of that command returned: events (a list) for ``new_game`` /
    ``next_hand``, a list of actions for ``legal_actions`` (sorted here), an ``Outcome`` for ``act``,
    a state dict for ``state``, a ``LineCount`` for ``count``. Raises ``KeyError`` for another command."""
    if command in ("new_game", "next_hand"):
        return {"events": result}
    if command == "legal_actions":
        return {"actions": sorted(result)}
    if command == "act":
        if result.accepted:
            return {"accepted": True, "events": result.events}
        return {"accepted": False, "reason": result.reason or "refused", "detail": result.detail}
    if command == "state":
        return {"state": result}
    if command == "count":
        return {"total": result.total, "divide": [{"seat": seat, "action": action, "count": count}
                                                  for seat, action, count in result.divide]}
    raise KeyError(command)
