"""Faulty copies of the example engine, one per row F1..F12 of shared/cases/real-engine-faults.md.

Each ``Fault`` names the row, a snippet of conformance/examples/python/truco_example.py, what to put
in its place to give the example exactly that fault, and the clause ids whose scenarios must then
fail. ``faulty_copy`` writes the patched engine to a folder; it refuses a snippet that does not
occur exactly once, so that an edit of the example cannot leave a row patching nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "conformance" / "examples" / "python" / "truco_example.py"


@dataclass(frozen=True)
class Fault:
    """``id``: the row (F1 ...); ``fault``: the row's words; ``snippet``: text of the example that
    occurs exactly once; ``replacement``: what takes its place; ``clauses``: the clause ids of which
    at least one scenario each must fail; ``scenario``: the row's own scenario (its ``@id:`` tag)."""

    id: str
    fault: str
    snippet: str
    replacement: str
    clauses: tuple[str, ...]

    @property
    def scenario(self) -> str:
        return f"faults-{int(self.id[1:]):03d}"


FOLD_AWARD = '            self._award(pending.team, pending.before, "ATB-TRUCO-2.fold")\n'

FAULTS = (
    Fault("F1", "refusing a truco gives the hand to the side that refused",
          FOLD_AWARD,
          '            self._award(1 - pending.team, pending.before, "ATB-TRUCO-2.fold")\n',
          ("ATB-TRUCO-2",)),
    Fault("F2", "a tied vaza goes to whoever played first (ties never detected)",
          "        top = [play for play, value in zip(vaza.plays, power) if value == max(power)]\n",
          "        top = [play for play, value in zip(vaza.plays, power) if value == max(power)][:1]\n",
          ("ATB-EMPATE-1", "ATB-BARALHO-3")),
    Fault("F3", "all three vazas tied go to the leader",
          '            # ATB-EMPATE-TODAS: "Em caso de empate nas três vazas sem trucada, ninguém ganha tento"\n'
          "            self._end_hand()\n",
          "            self._win_hand(hand.vazas[0].leader % 2, \"ATB-EMPATE-TODAS\")\n",
          ("ATB-EMPATE-TODAS",)),
    Fault("F4", "answering truco with seis leaves the stake at 3 (an accepted raise is always worth 3)",
          "        hand.stake = pending.to\n",
          "        hand.stake = LADDER[1]\n",
          ("ATB-TRUCO-2", "ATB-TRUCO-3")),
    Fault("F5", "the winner of a vaza does not lead the next one (its leader does)",
          "            self._start_vaza(leader=vaza.leader if vaza.tied else vaza.winner_seat)\n",
          "            self._start_vaza(leader=vaza.leader)\n",
          ("ATB-EMPATE-2",)),
    Fault("F6", "the vira is drawn apart from the dealt cards and can also be in a hand",
          "        vira = cards[top] if self.rules.fixed_manilhas is None else None\n",
          "        vira = self.random.choice(cards) if self.rules.fixed_manilhas is None else None\n",
          ("ATB-TOMBO-1",)),
    Fault("F7", "the same side raises twice in a row",
          "        if hand.raised_by == team:\n"
          '            raise IllegalAction("raised_last", "the side that raised last cannot raise again (ATB-TRUCO-4)")\n',
          "",
          ("ATB-TRUCO-4",)),
    Fault("F8", "folding after the opponent answered truco with seis pays 1 instead of 3 (a fold always pays 1)",
          FOLD_AWARD,
          '            self._award(pending.team, LADDER[0], "ATB-TRUCO-2.fold")\n',
          ("ATB-TRUCO-2", "ATB-TRUCO-3")),
    Fault("F9", "after a fold the hand is still scored for the side with more vazas (double award)",
          FOLD_AWARD,
          FOLD_AWARD
          + "            won = [sum(1 for vaza in hand.vazas if vaza.winner == team) for team in (0, 1)]\n"
            "            if won[0] != won[1]:\n"
            '                self._award(won.index(max(won)), hand.stake, "ATB-ESTRUTURA-3")\n',
          ("ATB-TRUCO-2",)),
    Fault("F10", "a covered card is accepted in the first vaza",
          "        if covered and hand.vaza.number == 1:\n"
          '            raise IllegalAction("covered_in_first_vaza", "no card may be played covered in the first vaza (ATB-NORMAS-11)")\n',
          "",
          ("ATB-NORMAS-11",)),
    Fault("F11", "no mão de onze: at 11 the side may still call truco and the hand is worth 1",
          "        at_eleven = [team for team in (0, 1) if self.score[team] == 11]\n",
          "        at_eleven = []\n",
          ("ATB-MAO-DE-11-1", "ATB-MAO-DE-11-2", "ATB-MAO-DE-11-3")),
    Fault("F12", "giving up with nothing pending is accepted and scored",
          '        if kind in ("accept", "fold"):\n'
          '            raise IllegalAction("no_raise_pending", f"there is no raise to {kind}")\n',
          '        if kind == "fold":  # giving up at any moment, scored like giving up a mão de onze\n'
          '            return Move("decide", "fold")\n'
          '        if kind == "accept":\n'
          '            raise IllegalAction("no_raise_pending", f"there is no raise to {kind}")\n',
          ("ATB-DECISOES-1", "ATB-TRUCO-2")),
)


def faulty_copy(fault: Fault, folder: Path) -> Path:
    """Write the example engine with ``fault`` to ``folder`` and return the new file's path.
    Raises AssertionError when the snippet does not occur exactly once in the example."""
    source = EXAMPLE.read_text(encoding="utf-8")
    found = source.count(fault.snippet)
    assert found == 1, f"{fault.id}: the snippet occurs {found} times in {EXAMPLE.name}, not once:\n{fault.snippet}"
    path = folder / f"truco_example_{fault.id.lower()}.py"
    path.write_text(source.replace(fault.snippet, fault.replacement), encoding="utf-8")
    return path
