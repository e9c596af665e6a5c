"""A tiny seeded generator whose whole state is one integer.

It lives inside the game state, so cloning a state clones its randomness for
free, and the state text can carry it; the same seed gives the same numbers in
any process (no dependence on ``PYTHONHASHSEED`` or the platform).
"""

from __future__ import annotations

import operator

from .errors import SeedError

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def next_state(state: int) -> int:
    """The generator state after one draw from ``state`` (``Rng(state).next_u64()`` moves it
    there), without making a generator: a game state that only steps past a draw needs no more."""
    return (state + _GOLDEN) & _MASK


#: The largest seed: a game's generator state is 64 bits, and a seed is never wrapped into range.
SEED_MAX = _MASK


def check_seed(seed) -> int:
    """``seed`` if it is a whole number from 0 to 2**64 - 1 (an integer, not a bool), else a
    :class:`SeedError` naming it: -1 and 2**64 + 5 are refused, never wrapped to another game's seed,
    and so are floats, strings and None (text goes through :func:`parse_seed`)."""
    if isinstance(seed, (bool, float, str, bytes)) or seed is None:
        number = None
    else:
        try:
            number = operator.index(seed)   # an int, or an integer type such as numpy's
        except TypeError:
            number = None
    if number is None:
        raise SeedError(f"a seed is a whole number from 0 to 2**64-1, not {seed!r} ({type(seed).__name__})")
    if not 0 <= number <= SEED_MAX:
        raise SeedError(f"seed {number} is out of range 0..2**64-1 (a seed is never wrapped)")
    return number


def parse_seed(text: str) -> int:
    """A seed written as text: ASCII decimal digits (or ``0x`` hex), from 0 to 2**64 - 1."""
    raw = str(text).strip()
    hexa = raw[:2].lower() == "0x"
    body = raw[2:] if hexa else raw
    digits = "0123456789abcdefABCDEF" if hexa else "0123456789"
    if raw[:1] == "-" and raw[1:] and all(c in "0123456789" for c in raw[1:]):
        raise SeedError(f"seed {raw} is out of range 0..2**64-1 (a seed is never wrapped)")
    if not body or any(c not in digits for c in body):
        raise SeedError(f"a seed is a whole number from 0 to 2**64-1 in ASCII digits, not {text!r}")
    return check_seed(int(body, 16 if hexa else 10))


def _mix(z: int) -> int:
    """SplitMix64's output function of an advanced state."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def draw_u64(state: int) -> int:
    """The number ``Rng(state).next_u64()`` returns, without making a generator (a game state
    that holds its generator as an integer draws from it here; :func:`next_state` steps past it)."""
    return _mix((state + _GOLDEN) & _MASK)


class Weighted:
    """A list of ``(value, weight)`` outcomes made ready for many draws: the running sums of
    the weights are added once, not on every draw.  ``at(u)`` is the value a 64-bit draw ``u``
    picks, exactly as :meth:`Rng.weighted` would (which uses this class)."""

    __slots__ = ("outcomes", "total", "bounds")

    def __init__(self, outcomes):
        self.outcomes = outcomes
        self.total = sum(w for _, w in outcomes)
        acc = 0.0
        bounds = []
        for value, weight in outcomes:
            acc += weight
            bounds.append((acc, value))
        self.bounds = bounds

    def at(self, u64: int):
        """The outcome the 64-bit draw ``u64`` picks (each with probability weight / total)."""
        x = (u64 / 2**64) * self.total
        for bound, value in self.bounds:
            if x < bound:
                return value
        # Only a draw within 2**-53 of 2**64 gets here (the float product rounds up to ``total``):
        # the last outcome that has a weight, never a zero-weight one (every weight 0: the last).
        outcomes = self.outcomes
        return next((value for value, weight in reversed(outcomes) if weight > 0), outcomes[-1][0])

    def draw(self, state: int):
        """The outcome ``Rng(state).weighted(outcomes)`` picks (the generator state is not
        stepped: the caller moves it with :func:`next_state`)."""
        return self.at(draw_u64(state))


class Rng:
    """SplitMix64.  Immutable-friendly: ``state`` is a plain int."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & _MASK

    def copy(self) -> "Rng":
        return Rng(self.state)

    def next_u64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        return _mix(z)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (n >= 1)."""
        if n <= 0:
            raise ValueError("Rng.below needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next_u64()
            if r < limit:
                return r % n

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def weighted(self, outcomes):
        """Pick from ``[(value, weight), ...]`` with integer or float weights."""
        return Weighted(outcomes).at(self.next_u64())

    def __eq__(self, other):
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self):
        return f"Rng(0x{self.state:016x})"
