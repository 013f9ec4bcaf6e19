"""A magie agent as a program: buys a deed when it keeps 200 in cash, otherwise answers the first
option listed. It speaks the JSON-lines protocol of docs/agents.md ("Programs in any language")
and needs nothing but Python's standard library:

    magie play classic --bots 4 --bot-kind "cmd:python3 docs/examples/agents/thrifty.py"
"""

import json
import sys

RESERVE = 200


def answer(message):
    """The answer to one `decision` message."""
    kind, options = message["kind"], message["options"]
    if kind == "buy":
        me = message["state"]["players"][message["seat"]]
        price = message["details"]["price"]
        return "buy" if "buy" in options and me["cash"] - price >= RESERVE else "decline"
    if kind == "manage":
        return ["done"]             # never builds, mortgages or trades
    if kind == "bid":
        return None                 # never bids in auctions
    if kind in ("trade", "deal"):
        return "reject"
    return options[0] if options else None


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "decision":
            print(json.dumps({"answer": answer(message)}), flush=True)
        elif message["type"] == "end":
            print(f"thrifty: the game ended ({message['reason']}), winners {message['winners']}",
                  file=sys.stderr)


if __name__ == "__main__":
    main()
