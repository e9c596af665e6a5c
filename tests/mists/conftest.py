"""Scenario tests of the Two Mists rules core; helpers live in mists_helpers.py."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
