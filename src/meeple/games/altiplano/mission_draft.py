"""The Missions expansion's draft (ALT-23): 3 cards dealt, keep 1, pass 1, keep 1 of those
received.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.rng import derive_rng
from meeple.engine.words import say
from meeple.games.altiplano import actions as A
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.listed import keep_mission, pass_mission
from meeple.games.altiplano.phases import Problem

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def deal_missions(st: AltiplanoState) -> None:
    """ALT-23: 3 cards each, dealt at setup; the draft follows the roles."""
    s = st.s
    deck = sorted(st.comps.missions)
    derive_rng(s["seed"], "missions").shuffle(deck)
    for p in s["players"]:
        p["hand"] = sorted(deck[-3:])
        p["seen"] = list(p["hand"])
        del deck[-3:]
    s["mission_deck"] = deck


def legal_missions(st: AltiplanoState, seat: int, p: Player) -> list[Action]:
    hand = p["hand"]
    if p["draft"] == 0:
        return [keep_mission(m) for m in hand]
    if p["draft"] == 1:
        return [pass_mission(m) for m in hand]
    if p["draft"] == 3 and hand:
        return [keep_mission(m) for m in hand]
    return []


def mission_problem(
    st: AltiplanoState, p: Player, action: A.KeepMission | A.PassMission
) -> Problem:
    """ALT-23: keep 1 of the 3 dealt, pass 1 of the other 2, keep 1 of those received."""
    step = p["draft"]
    if isinstance(action, A.KeepMission) and step == 1:
        return "ALT-23", say("one card of the 3 dealt is kept; now one of the other two is passed")
    if isinstance(action, A.PassMission) and step != 1:
        return "ALT-23", say("a card is passed once, right after keeping one of the 3 dealt")
    if action.mission not in p["hand"]:
        return "ALT-23", say("that mission card is not in hand")
    return None


def check_mission(st: AltiplanoState, seat: int, p: Player, action: A.KeepMission) -> Problem:
    return mission_problem(st, p, action)


def do_keep_mission(st: AltiplanoState, seat: int, p: Player, action: A.KeepMission) -> None:
    p["hand"].remove(action.mission)
    p["missions"].append(action.mission)
    if p["draft"] == 0:
        p["draft"] = 1
        return
    st.s["missions_box"].extend(p["hand"])  # ALT-23: the other card leaves the game
    p["gave"].extend([-1, card] for card in p["hand"])
    p["hand"] = []
    _draft_maybe_finished(st)


def do_pass_mission(st: AltiplanoState, seat: int, p: Player, action: A.PassMission) -> None:
    s = st.s
    n = st.num_players
    p["hand"].remove(action.mission)
    p["gift"] = [action.mission, p["hand"][0]]
    p["hand"] = []
    p["draft"] = 2
    if any(q["draft"] < 2 for q in s["players"]):
        return
    received: list[list[str]] = [[] for _ in range(n)]
    for i, q in enumerate(s["players"]):
        left_card, other = q["gift"]
        q["gift"] = []
        received[(i + 1) % n].append(left_card)
        q["gave"].append([(i + 1) % n, left_card])
        if n == 2:
            s["missions_box"].append(other)
            q["gave"].append([-1, other])
        else:
            received[(i - 1) % n].append(other)
            q["gave"].append([(i - 1) % n, other])
    for i, q in enumerate(s["players"]):
        q["draft"] = 3
        q["seen"].extend(c for c in received[i] if c not in q["seen"])
        if len(received[i]) == 1:
            q["missions"].append(received[i][0])
        else:
            q["hand"] = sorted(received[i])
    _draft_maybe_finished(st)


def _draft_maybe_finished(st: AltiplanoState) -> None:
    s = st.s
    if all(q["draft"] == 3 and not q["hand"] for q in s["players"]):
        for q in s["players"]:
            q["missions"].sort()
            q["seen"].sort()
        s["phase"] = "draw"
