#!/usr/bin/env python3
"""Bare anchor: python-chess random legal games, plies per CPU second (one JSON line).

  chess_games.py [CPU_SECONDS]

Whole games from the starting position to their end (checkmate, stalemate, insufficient
material, the 75-move or fivefold-repetition rule: ``Board.outcome()``), each ply a uniformly
random legal move.  Installed by the ``[bench]`` extra (``pip install -e .[bench]``).
"""

import json
import random
import sys
import time

import chess


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    rng = random.Random(1)
    plies = games = 0
    started = time.process_time()
    while time.process_time() - started < budget:
        board = chess.Board()
        while board.outcome() is None:
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        games += 1
    cpu = time.process_time() - started
    print(json.dumps({"per_cpu_s": plies / cpu, "plies": plies, "games": games, "cpu_s": cpu}))


if __name__ == "__main__":
    main()
