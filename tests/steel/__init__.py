"""Smoke Blood Steel tests (a package, so its helpers import relatively)."""
