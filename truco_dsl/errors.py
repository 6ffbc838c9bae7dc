"""Every exception truco-dsl raises on purpose, side by side, in the order of the layers that raise
them (cards → lang → rules → engine → simulation → conformance).

Catch them by name. What ``truco`` does with each — its exit code and how its message is shown —
is written once, in ``truco_dsl.cli.exits``. An exception not listed here that escapes a command is
a fault of truco-dsl itself, never a user's mistake.
"""

from __future__ import annotations

from truco_dsl.diagnostics import Place, Problem


class ProblemsFound(ValueError):
    """A file a user wrote that cannot be used. ``problems``: every ``Problem`` found (each with its
    ``file:line:col``, YAML path and caret), in file order; the message renders them all."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(problem.render() for problem in problems))


# ------------------------------------------------------------------------------------------ cards
class CardError(ValueError):
    """A token that is not a card (``truco_dsl.cards``). ``token`` is the offending text,
    ``reason`` says why."""

    def __init__(self, token: str, reason: str):
        self.token = token
        self.reason = reason
        super().__init__(f"bad card {token!r}: {reason}")


# ------------------------------------------------------------------------------------------- lang
class ExpressionError(ValueError):
    """A clause expression that the compiler refuses (``truco_dsl.lang``).

    ``message``: what is wrong; ``line`` / ``column``: where in the expression text (1-based).
    """

    def __init__(self, message: str, line: int = 1, column: int = 1):
        self.message = message
        self.line = line
        self.column = column
        super().__init__(f"{message} (expression line {line}, column {column})")


# ------------------------------------------------------------------------------------------ rules
class RulesetError(ProblemsFound):
    """A rule set that cannot be loaded (``truco_dsl.rules.load_ruleset``): every problem of the
    file and of the files it extends."""


class RulesetNotPlayable(RulesetError):
    """A rule set that loads but cannot be played (``truco_dsl.engine.proof.prove``): one of its
    seeded games crashed in a clause, stalled or reached an impossible state. ``problems``: one
    ``Problem`` at the clause to blame (its ``when:`` / ``then:``); ``replay``: the game that shows
    it (seed, players, starting score, actions), shown after the problem."""

    def __init__(self, problems: list[Problem], replay: str):
        self.replay = replay
        super().__init__(problems)
        self.args = (f"{self.args[0]}\n{replay}",)

    def __str__(self) -> str:
        return self.args[0]


class DraftError(ValueError):
    """A new variant ``truco new`` cannot draft: a ``--set`` that names no parameter or gives no
    YAML value, a name that is no rule set id, a file that is already there. The message is one
    line for the user."""


class SourceFormatError(ValueError):
    """A spec/sources file that does not follow its format (``truco_dsl.rules.sources``); the
    message carries ``file:line``."""


# ----------------------------------------------------------------------------------------- engine
class IllegalAction(ValueError):
    """An action the engine refuses; the state is unchanged (``Engine.act``, ``Engine.deal``).

    ``reason``: a stable code (``not_your_turn``, ``card_not_in_hand``, ``raised_last`` …);
    ``clause``: the id of the rule-file clause that forbids it, None for the game's structure.
    """

    def __init__(self, reason: str, message: str, clause: str | None = None):
        self.reason = reason
        self.clause = clause
        super().__init__(message)


class BadDeal(ValueError):
    """A forced deal that the rule set cannot have dealt (wrong count, unknown or repeated card).
    ``at``: where in the deal, as a path into new_game's ``deal``: ``("hands", seat, index)`` for a
    card, ``("hands", seat)`` for a seat's hand, ``("vira",)``, ``("hands",)`` for the hands as a
    whole (how many), ``()`` when unknown."""

    def __init__(self, message: str, at: tuple[str | int, ...] = ()):
        self.at = at
        super().__init__(message)


class RuleSetIncomplete(RuntimeError):
    """The rule set left a decision to nobody (no clause chose who leads, or ended a finished hand),
    or a clause failed while running. The message names the clause, its place and its line.

    ``clause``: the id of the clause that failed (None when no clause did: a decision left to
    nobody); ``place``: where its failing ``when:`` / ``then:`` is written (a ``Place`` in the file
    that wrote the clause, None with no clause); ``what``: the message without the place and line."""

    def __init__(self, message: str, clause: str | None = None, place: Place | None = None, what: str | None = None):
        self.clause = clause
        self.place = place
        self.what = what if what is not None else message
        super().__init__(message)


# ------------------------------------------------------------------------------------- simulation
class BotError(RuntimeError):
    """A bot that broke its contract (``truco_dsl.simulation``): it chose an action that is not
    legal, or, as a program (``cmd:``), could not be started, did not reply in time, exited, wrote a
    line that is not the bot protocol's (conformance/BOTS.md). The message says which, with what was
    sent, what came back and the tail of the program's stderr; the program has been ended."""


# ------------------------------------------------------------------- conformance: the engine under test
class NotSupported(Exception):
    """The engine does not offer what the scenario needs (a capability it did not declare). The
    message says what; the scenario is reported as unsupported."""


class SetupRefused(Exception):
    """The engine could not start the game or deal the hand as asked (an impossible forced deal, a
    deal when none is due, a player count or score it rejects). The message says what it replied."""


class NotTranslatable(SetupRefused):
    """A scenario dealt without its vira, under a rule set that turns none played in place of the one
    it names, reached a card that ranks otherwise without the vira (``translation.ViraTranslation``):
    the scenario no longer means what it says. The message names the two cards."""


class VariantCannotDeal(SetupRefused):
    """A forced deal of a scenario that the rule set played in place of the one it names (a variant)
    cannot deal as written, found on the reference engine before the engine under test is asked
    (``engines/stand_in.py``): the scenario is not applicable to that variant. The message says why."""


class CountTooLarge(ValueError):
    """A ``count`` that stopped at one of its limits (``engine.search.count_lines``): the positions
    it may visit, or the time it may run. ``positions``: the positions it visited (with ``seconds``
    None: its limit of positions); ``seconds``: None, or the time it was allowed, which it ran out of."""

    def __init__(self, positions: int, seconds: float | None = None):
        self.positions, self.seconds = positions, seconds
        if seconds is None:
            super().__init__(f"the count stopped after {positions:,} positions, its limit; ask for a smaller depth")
        else:
            super().__init__(f"the count stopped after {seconds:g} s, its limit of time, having visited {positions:,} "
                             f"positions; ask for a smaller depth")


class NoGame(Exception):
    """A call about a game (a deal, an action, the state, a count) before ``new_game`` started one;
    the protocol's ``no_game``."""


class EngineFault(Exception):
    """The engine broke the run's contract: no reply in time, an exit, a reply that is not the
    protocol's. ``outcome`` is the scenario's outcome; the message carries the request, the
    offending line (if any) and the tail of the engine's stderr."""

    outcome = "engine_fault"


class EngineTimeout(EngineFault):
    """No reply within the per-request timeout."""

    outcome = "timeout"


class EngineCrash(EngineFault):
    """The engine's process exited, or closed its stdout, before replying."""

    outcome = "crash"


class ProtocolViolation(EngineFault):
    """A reply line that is not JSON, or breaks its schema, or answers another request."""

    outcome = "protocol_error"


class EngineError(RuntimeError):
    """The engine answered a valid request with an error other than a refused setup (``no_game``,
    ``engine_error``, …): the scenario is an error, as an exception of an in-process engine is."""


class EngineStartError(RuntimeError):
    """The program cannot be started, or does not answer ``hello`` as the protocol asks. The message
    says which, with its reply and stderr; ``truco conform`` reports it as bad input."""


class MessageError(ValueError):
    """A protocol message that is not JSON, not an object, or breaks its schema. The message says where."""


# ----------------------------------------------------------------------- conformance: the run
class SelectionError(ValueError):
    """A selection the suite cannot run: an unknown rule set, one without scenarios, a bad tag
    expression, an adapter factory that cannot be imported, a variant played in place of its rule
    set together with another engine, a report path that cannot be written. The message is one line
    for the user."""


class ExpectationsError(ProblemsFound):
    """An expectations file that cannot be used (``truco_dsl.conformance.report.expectations``)."""


class PerftFileError(ProblemsFound):
    """A perft file that cannot be used (``truco_dsl.conformance.perft.load_perft``): not YAML, off its
    schema, or a position the reference engine cannot set up as written (a card unknown or dealt
    twice, a dealer who is no seat, a move refused), a count that contradicts itself (a total that
    is not its divide's sum, depths out of order), an id given twice."""


class CasesError(ValueError):
    """A scenario the export cannot describe: a feature file that does not parse, a step that is
    not in the vocabulary. The message names the file and line."""


class ExplainError(ValueError):
    """A game record or scenario ``truco explain`` cannot replay: an empty file, a line that is no
    JSON or no record, a step the rule set refuses (a record edited by hand, of another rule set).
    The message names the file and line (and step) and what failed."""


class UnknownName(LookupError):
    """A name ``truco where`` does not know: no clause id of spec/sources, builtin, hook or
    scenario id. The message offers the closest known name."""


class SuiteError(RuntimeError):
    """pytest could not run the suite at all (an internal error, a usage error), or a job of
    ``--jobs`` died. The message carries the end of its output."""
