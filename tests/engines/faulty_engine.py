"""A fixture engine for the fault tests: the reference engine on the protocol, breaking on purpose.

    python faulty_engine.py PLAN COUNTER [--rulesets ID,...] [--features NAME,...]

``PLAN``: what to do in each game of the run, comma-separated, the nth entry for the nth
``new_game`` (counted across restarts in the file ``COUNTER``): ``ok`` plays well; ``sleep`` never
answers the game's first ``act``; ``exit`` exits (code 3) instead; ``garbage`` answers it with a line
that is not JSON; ``schema`` answers it with JSON that breaks the reply's schema; ``latin1`` answers
it with bytes that are not UTF-8; ``deep`` with a JSON object nested 100 deep; ``orphan`` starts a child that
holds its stdout open and sleeps, then exits (code 3) without answering; ``closed`` closes its
stdout and sleeps, still running; ``partial`` writes the
start of a reply, ``{"seq": N, "ok": tr``, without ending the line, and then sleeps; ``reason`` plays
well but gives every refusal an undeclared code (``not_your_turn`` as ``not_yr_turn``, any other with ``_x``). Games past the end
of the plan are ``ok``. Each fault writes a line to stderr first. ``--rulesets`` / ``--features``
restrict what ``hello`` offers (default: all that the reference engine has).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from truco_dsl.conformance.engines.adapter import FEATURES, ReferenceAdapter
from truco_dsl.conformance.engines.protocol import ProtocolServer, line
from truco_dsl.rules import load_ruleset


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("plan")
    parser.add_argument("counter", type=Path)
    parser.add_argument("--rulesets", default="atb-2004,fpt-1983,enecomp")
    parser.add_argument("--features", default=",".join(FEATURES))
    options = parser.parse_args()
    plan = options.plan.split(",")
    adapter = ReferenceAdapter()
    adapter.features = frozenset(name for name in options.features.split(",") if name)
    offered = [(ruleset, load_ruleset(ruleset).players) for ruleset in options.rulesets.split(",")]
    server = ProtocolServer(adapter, offered, name="faulty", version=options.plan)
    mode, acted = "ok", False
    for text in sys.stdin:
        request = json.loads(text)
        if request.get("command") == "new_game":
            game = int(options.counter.read_text()) + 1 if options.counter.exists() else 1
            options.counter.write_text(str(game))
            mode, acted = (plan[game - 1] if game <= len(plan) else "ok"), False
        if request.get("command") == "act" and mode == "reason":
            reply = server.answer(text)
            if reply.get("accepted") is False:  # a refusal with a code no one declared
                print(f"faulty engine: reason at seq {request['seq']}", file=sys.stderr, flush=True)
                reply["reason"] = reply["reason"].replace("your", "yr") if "your" in reply["reason"] else reply["reason"] + "_x"
            sys.stdout.write(line(reply))
            sys.stdout.flush()
            continue
        if request.get("command") == "act" and not acted and mode != "ok":
            print(f"faulty engine: {mode} at seq {request['seq']}", file=sys.stderr, flush=True)
            if mode == "partial":
                sys.stdout.write('{"seq": %d, "ok": tr' % request["seq"])
                sys.stdout.flush()
            if mode in ("sleep", "partial"):
                time.sleep(600)
            if mode == "exit":
                return 3
            if mode == "orphan":
                subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], stdout=sys.stdout)
                return 3
            if mode == "closed":
                sys.stdout.flush()
                os.close(1)  # the descriptor itself: sys.stdout.close() leaves it open
                time.sleep(600)
            if mode in ("latin1", "deep"):
                bad = b'{"seq": %d, "ok": true, "name": "caf\xe9"}\n' % request["seq"] if mode == "latin1" \
                    else ('{"a": ' * 100 + "1" + "}" * 100 + "\n").encode()
                sys.stdout.buffer.write(bad)
                sys.stdout.flush()
                acted = True
                continue
            reply = "this is not json\n" if mode == "garbage" else line({"seq": request["seq"], "ok": True, "accepted": "yes"})
            sys.stdout.write(reply)
            sys.stdout.flush()
            acted = True
            continue
        acted = acted or request.get("command") == "act"
        sys.stdout.write(line(server.answer(text)))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
