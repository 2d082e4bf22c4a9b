"""The part of a seat's view that Altiplano's observation reads, made for reading at once.

`AltiplanoState.view` (`hidden.make_view`) copies every list and dict of the state, since a view
is handed out and may be kept or changed; the observation (`observation.Observer`) only reads
the view and is done with it before the state moves on. So this one shares the state's lists
and leaves out, for the other seats, the same secret fields as the view, with the same counts
in their place. The observation made from it is tested equal to the one made from the view
(tests/altiplano/test_altiplano_observed_view.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from meeple.games.altiplano.hidden import SECRET_PLAYER_FIELDS

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

_SECRET = frozenset(SECRET_PLAYER_FIELDS)


def observed_view(state: AltiplanoState, seat: int | None) -> dict[str, Any]:
    """What `state.view(seat)` shows, sharing the state's data: read it, never keep it."""
    s = table_view(state)
    over = s["phase"] == "over"
    s["players"] = [p if i == seat else as_others_see(p, over) for i, p in enumerate(s["players"])]
    return {"seat": seat, "state": s}


def table_view(state: AltiplanoState) -> dict[str, Any]:
    """The view's state without its players' data redacted (``players`` is the state's):
    what the observation's table segments read, the same for every viewer."""
    src = cast(dict[str, Any], state.s)
    s = dict(src)
    extensions = state.comps.extensions
    s["stack"] = [extensions[e].letter for e in src["stack"]]
    for key in ("mission_deck", "missions_box", "orders_box"):
        s[key] = len(src[key])
    if not state.options["role_draft"]:
        s["roles_free"] = len(src["roles_free"])
    return s


def as_others_see(p: Any, over: bool) -> dict[str, Any]:
    """Another seat's player data without its secrets, their sizes in their place (as
    `hidden._redact_player` gives them)."""
    q = {key: value for key, value in p.items() if key not in _SECRET}
    q["bag_size"] = sum(p["bag"].values())
    q["container_size"] = sum(p["container"].values())
    q["missions"] = p["missions"] if over else p["revealed"]
    q["missions_count"] = len(p["missions"])
    q["hand_size"] = len(p["hand"])
    q["gift_size"] = len(p["gift"])
    return q
