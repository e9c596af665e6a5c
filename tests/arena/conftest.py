"""Scenario tests of the Immortal Arena rules core; helpers live in arena_helpers.py."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
