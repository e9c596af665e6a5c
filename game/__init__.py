"""Trench War: a desktop 3D adaptation of Poison Gas Trench War, 3rd edition.

``game.core`` holds the game-agnostic pieces (state/action protocol, seeded
randomness, card piles, notation helpers); ``game.trench`` the rules of Trench War;
``game.render`` the OpenGL table.
"""
