"""What the engine was asked and what it replied in one scenario: the whole exchange, kept to find
where the engine first departs from the reference (``report/causes.py``), and its last exchanges,
shown in the reports (``engine_replies`` of a ``--json`` record, the HTML page).

An exchange is one request and its reply as protocol lines (conformance/PROTOCOL.md). For an engine
behind the protocol (``process.py``) they are the lines sent and read, a reply that never came being
None; for an in-process adapter, ``RecordingAdapter`` writes each call as the request and the reply
that ``truco serve`` would have exchanged for it (an exception as the error reply the protocol gives
it; a call that timed out as no reply). The reports show only the last ``TRANSCRIPT_LENGTH``
exchanges, each line cut at ``SHOWN_LINE`` characters, so a record stays small whatever the scenario
does, and leave out a ``state`` request that repeats the previous one word for word (same request,
same reply) with nothing between them that could change the game (only ``state``,
``legal_actions``, ``count`` requests, or refused actions): a scenario that reads the state after
each step would otherwise fill the window with copies.
"""

from __future__ import annotations

import re
from typing import Any

from truco_dsl.conformance.engines import protocol
from truco_dsl.conformance.engines.adapter import EngineAdapter, LineCount, Outcome
from truco_dsl.errors import EngineTimeout

#: exchanges kept per scenario (the last ones)
TRANSCRIPT_LENGTH = 8
#: the longest line kept (characters; a longer one ends with "…")
SHOWN_LINE = 1000


#: characters a report cannot hold as they are (control characters other than tab, newline and
#: carriage return, surrogates, U+FFFE/U+FFFF; XML 1.0 refuses them): an engine's stderr and replies
#: often have some (ANSI colours, \x1b[31m)
_UNSHOWABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


def showable(text: str) -> str:
    """``text`` with each character a report cannot hold written out as its escape (``\x1b``):
    an XML or HTML report stays well-formed, and nothing the engine said is lost."""
    return _UNSHOWABLE.sub(lambda match: match.group().encode("unicode_escape").decode("ascii"), text)


def _cut(text: str | None) -> str | None:
    if text is None:
        return None
    text = text.rstrip("\n")
    return text if len(text) <= SHOWN_LINE else text[:SHOWN_LINE - 1] + "…"


#: the most exchanges kept whole per scenario (a scenario runs far fewer; a runaway loop stops here)
WHOLE_LENGTH = 10_000


class Transcript:
    """The exchanges with an engine in one scenario: ``record(request, reply)`` with two protocol
    lines (the reply None when none came); ``whole()`` returns every one, oldest first, as
    ``(request, reply)`` lines as they were (up to ``WHOLE_LENGTH``); ``exchanges()`` the window the
    reports show (module docstring) as ``[{"request": str, "reply": str | None}, ...]``;
    ``clear()`` forgets them (a new scenario)."""

    def __init__(self) -> None:
        self._whole: list[tuple[str, str | None]] = []
        self.seq = 0

    def record(self, request: str, reply: str | None) -> None:
        if len(self._whole) < WHOLE_LENGTH:
            self._whole.append((request, reply))

    def whole(self) -> list[tuple[str, str | None]]:
        return list(self._whole)

    def exchanges(self) -> list[dict[str, str | None]]:
        shown: list[tuple[str, str | None]] = []
        last_state: tuple[Any, Any] | None = None  # the previous state request and reply, without seq
        for request, reply in self._whole:
            command, read = _read(request), _read(reply)
            if command.get("command") == "state":
                this = ({**command, "seq": None}, {**read, "seq": None})
                if this == last_state:
                    continue
                last_state = this
            elif not _leaves_the_game(command, read):
                last_state = None
            shown.append((request, reply))
        return [{"request": _cut(request), "reply": _cut(reply)} for request, reply in shown[-TRANSCRIPT_LENGTH:]]

    def clear(self) -> None:
        self._whole.clear()
        self.seq = 0


def _read(text: str | None) -> dict[str, Any]:
    """A protocol line as a JSON object; ``{}`` when it is none (no reply, not a protocol line:
    not JSON, nested past the protocol's limit, not an object)."""
    try:
        return protocol.parse_line(text) if text else {}
    except protocol.MessageError:
        return {}


def _leaves_the_game(request: dict[str, Any], reply: dict[str, Any]) -> bool:
    """Whether an exchange other than ``state`` cannot have changed the game: a ``legal_actions`` or
    ``count`` request, or an action the engine refused."""
    return request.get("command") in ("legal_actions", "count") or (
        request.get("command") == "act" and reply.get("ok") is True and reply.get("accepted") is False)


class RecordingAdapter:
    """An ``EngineAdapter`` that passes every call to ``engine`` unchanged (same return values, same
    exceptions) and writes it in ``transcript`` as the protocol exchange it stands for. Any other
    attribute (``name``, ``features``, ``readings``, ``supports``) is the engine's."""

    def __init__(self, engine: EngineAdapter, transcript: Transcript):
        self.engine = engine
        self.transcript = transcript

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def _call(self, request: dict[str, Any], method: Any, *arguments: Any, **keywords: Any) -> Any:
        try:
            result = method(*arguments, **keywords)
        except EngineTimeout:  # no reply came, as from a program that hangs
            self.transcript.record(protocol.line(request), None)
            raise
        except Exception as problem:
            self.transcript.record(protocol.line(request), protocol.line(protocol.raised_reply(request["seq"], problem)))
            raise
        try:
            reply = {"seq": request["seq"], "ok": True, **protocol.reply_fields(request["command"], result)}
            self.transcript.record(protocol.line(request), protocol.line(reply))
        except (TypeError, ValueError, AttributeError, KeyError):  # a result no protocol reply can carry: the steps will say so
            self.transcript.record(protocol.line(request), f"(not expressible as a protocol reply: {result!r})")
        return result

    def _seq(self) -> int:
        self.transcript.seq += 1
        return self.transcript.seq

    def new_game(self, ruleset: str, players: int, dealer: int, scores: list[int], hands: list[list[str]] | None,
                 vira: str | None, seed: int | None, games_won: list[int] | None = None) -> list[dict[str, Any]]:
        request = protocol.new_game_request(self._seq(), ruleset, players, dealer, scores, hands, vira, seed, games_won)
        if games_won is None:  # call the engine as the steps did (an adapter may not take games_won)
            return self._call(request, self.engine.new_game, ruleset, players, dealer, scores, hands, vira, seed)
        return self._call(request, self.engine.new_game, ruleset, players, dealer, scores, hands, vira, seed, games_won=games_won)

    def next_hand(self, hands: list[list[str]] | None, vira: str | None) -> list[dict[str, Any]]:
        return self._call(protocol.next_hand_request(self._seq(), hands, vira), self.engine.next_hand, hands, vira)

    def legal_actions(self, seat: int) -> list[str]:
        return self._call(protocol.legal_actions_request(self._seq(), seat), self.engine.legal_actions, seat)

    def act(self, seat: int, action: str) -> Outcome:
        return self._call(protocol.act_request(self._seq(), seat, action), self.engine.act, seat, action)

    def state(self, seat: int | None = None) -> dict[str, Any]:
        return self._call(protocol.state_request(self._seq(), seat), self.engine.state, seat)

    def count(self, depth: int | None) -> LineCount:
        return self._call(protocol.count_request(self._seq(), depth), self.engine.count, depth)

    def close(self) -> None:
        self.engine.close()

