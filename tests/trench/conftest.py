"""Scenario tests of the Trench War rules core; helpers live in trench_helpers.py."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
