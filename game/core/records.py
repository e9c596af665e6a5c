"""Immutable records: a fast copy-with-changes for frozen, slotted dataclasses."""

from __future__ import annotations

from operator import attrgetter

_FIELDS: dict = {}


def _fields(cls) -> tuple:
    """``(getter of all slot values, {name: index}, slot setters)`` for a record class."""
    fields = _FIELDS.get(cls)
    if fields is None:
        names = cls.__slots__
        fields = _FIELDS[cls] = (attrgetter(*names) if len(names) > 1 else (lambda r: (getattr(r, names[0]),)),
                                 {name: i for i, name in enumerate(names)},
                                 tuple(cls.__dict__[name].__set__ for name in names))
    return fields


def evolve(record, **changes):
    """A copy of a frozen, slotted record with some fields changed.

    Same result as ``dataclasses.replace`` for these records, several times
    faster (the rules core replaces records on every action): it reads all
    fields at once and writes them through the slot descriptors.
    """
    cls = record.__class__
    get, index, setters = _fields(cls)
    values = list(get(record))
    for name, value in changes.items():
        i = index.get(name)
        if i is None:
            unknown = sorted(k for k in changes if k not in index)[0]
            raise TypeError(f"{cls.__name__} has no field {unknown!r}")
        values[i] = value
    new = object.__new__(cls)
    for set_slot, value in zip(setters, values):
        set_slot(new, value)
    return new
