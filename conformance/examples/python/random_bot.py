#!/usr/bin/env python3
"""A truco bot that speaks the bot protocol (conformance/BOTS.md): it answers every ``choose`` with
one of the legal actions, at random. Standard library only; it imports nothing from truco_dsl.

Play it, from the repository's root:

    truco simulate --bots 'cmd:python conformance/examples/python/random_bot.py',heuristic

It seeds its choices with the ``seed`` that ``hello`` sends (the same seed, the same choices). A
real bot reads ``view`` (the state its seat sees), ``history`` (the hand's actions so far) and
``strengths`` (card -> strength in this hand: higher beats lower) to choose.
"""

import json
import random
import sys

NAME, VERSION, PROTOCOL = "random-bot-python", "1.0", 1


def reply(request, rng):
    """The reply to one request (a dict), as a dict."""
    command = request.get("command")
    if command == "hello":
        rng.seed(request.get("seed"))
        return {"seq": request["seq"], "name": NAME, "version": VERSION, "protocol": PROTOCOL}
    if command == "choose":
        return {"seq": request["seq"], "action": rng.choice(request["legal"])}
    return {"seq": request.get("seq"), "error": "unknown_command", "message": f"unknown command {command!r}"}


def main():
    rng = random.Random()
    for line in sys.stdin:  # one request a line, until the harness closes stdin
        if line.strip():
            print(json.dumps(reply(json.loads(line), rng)), flush=True)


if __name__ == "__main__":
    main()
