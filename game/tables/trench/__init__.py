"""Trench War's table: its scene from a view, overlays, gas forecast, HUD, sheet, words and previews."""
