"""``python -m game`` / ``trench-war``: open the table on a new game."""

from __future__ import annotations

import sys


def main(argv=None) -> int:
    from game.app import main as app_main
    return app_main(argv)


if __name__ == "__main__":
    sys.exit(main())
