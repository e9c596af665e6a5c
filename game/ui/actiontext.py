"""Actions in words for a small choice menu, and a refused action's reason (the rule id first).

Public API::

    action_words(action, view=None) -> str
        # "Turn east carrying the cube", "Fire and destroy the wall at d4",
        # "Switch to the gas gun", "Give S2 a food", "Deflect the gas left" ...
        # ``view`` (the viewer's TrenchView) names what a click concerns (a cube or an ally,
        # a wall or a ground cube); without it the words stay generic.  Never reveals
        # more than the view: an unseen tile is "a weapon".
    reason_words(message) -> str
        # the core's IllegalActionError message as shown: "TW-6.1: S1 cannot ..."
    split_reason(message) -> tuple[str | None, str]
        # ("TW-6.1", "S1 cannot ...") or (None, message) when no rule id leads it
"""
