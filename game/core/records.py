"""Immutable records: a fast copy-with-changes for frozen, slotted dataclasses."""

from __future__ import annotations

#: record class -> its generated copy-with-changes function
_EVOLVERS: dict = {}
_KEEP = object()  # "this field is not changed"


def _unknown(cls, unknown: dict):
    raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")


def evolver(cls):
    """The copy-with-changes function of a frozen, slotted record class:
    ``evolver(Soldier)(s, cell=3)`` is ``dataclasses.replace(s, cell=3)``.

    Generated once per class: one keyword parameter per field (a default that means "keep"),
    the fields written straight through the slot descriptors, no dict of changes walked."""
    fn = _EVOLVERS.get(cls)
    if fn is None:
        names = cls.__slots__
        if isinstance(names, str):
            names = (names,)
        env = {f"_set{i}": cls.__dict__[n].__set__ for i, n in enumerate(names)}
        env.update(_KEEP=_KEEP, _new=object.__new__, _cls=cls, _unknown=_unknown)
        params = "".join(f", {n}=_KEEP" for n in names)
        body = "".join(f"    _set{i}(_copy, _record.{n} if {n} is _KEEP else {n})\n" for i, n in enumerate(names))
        src = (f"def evolve_{cls.__name__}(_record, /{params}, **_other):\n"
               f"    if _other:\n        _unknown(_cls, _other)\n"
               f"    _copy = _new(_cls)\n{body}    return _copy\n")
        exec(src, env)  # noqa: S102 - the source is built from the class's own field names
        fn = _EVOLVERS[cls] = env[f"evolve_{cls.__name__}"]
    return fn


def evolve(record, **changes):
    """A copy of a frozen, slotted record with some fields changed.

    Same result as ``dataclasses.replace`` for these records, several times
    faster (the rules core replaces records on every action); an unknown field
    raises ``TypeError`` naming it.
    """
    fn = _EVOLVERS.get(record.__class__) or evolver(record.__class__)
    return fn(record, **changes)
