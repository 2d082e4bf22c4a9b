"""One or more tests per ruling TIK-1 … TIK-15; each fails if its ruling is broken."""

from __future__ import annotations

import pytest
from tikal_helpers import EDITION, Situation, a_tile, space, stones, tile, tiles_where

from meeple.engine.errors import IllegalAction
from meeple.engine.testing import assert_unchanged_on_error
from meeple.games.tikal import TikalState
from meeple.games.tikal.actions import (
    Bid,
    BuildCamp,
    CampMove,
    ChooseTile,
    Deploy,
    EndTurn,
    Excavate,
    Exchange,
    Pass,
    PlaceGuard,
    PlaceTile,
    Recover,
    Walk,
)
from meeple.games.tikal.state import OUT

BASE = EDITION.base_camp
VOLCANO = a_tile("volcano")
JUNGLES = tiles_where("jungle")


def rejects(state: TikalState, seat: int, action, rule: str) -> None:
    message = assert_unchanged_on_error(state, lambda s: s.apply(seat, action))
    assert f"[{rule}]" in message, message


# -- TIK-1 setup -------------------------------------------------------------------------------
def test_tik1_stack_by_letter_a_on_top_shuffled_within_letters():
    orders = set()
    for seed in range(5):
        state = TikalState.new({"players": 2}, seed)
        drawn = [state.hand, *state.stack[::-1]]  # the first tile is already in hand
        letters = [EDITION.tiles[t].letter for t in drawn]
        assert letters == sorted(letters) and letters[0] == "A"
        orders.add(tuple(drawn))
        assert state.current == 0  # seat 1 starts
        assert not any(state.workers) and state.leader == [-1, -1]  # nobody on the board
        assert state.levels == list(EDITION.temple_levels)
        assert len(state.token_supply) == 24
    assert len(orders) > 1  # seeded shuffles differ
    assert TikalState.new({"players": 2}, 3) == TikalState.new({"players": 2}, 3)


# -- TIK-2 placement -----------------------------------------------------------------------------
def test_tik2_tile_needs_a_neighbour_and_a_path():
    state = TikalState.new({"players": 2}, 0)
    assert state.step == "place"
    legal = set(state.legal_actions(0))
    # Far from every placed tile: never legal.
    rejects(state, 0, PlaceTile(space("h1"), 0), "TIK-2")
    assert PlaceTile(space("h1"), 0) not in legal
    # Each legal placement touches a placed tile through stones summing to at least 1.
    for action in legal:
        state2 = state.clone()
        state2.apply(0, action)
        s = action.space
        assert any(
            nb >= 0 and state2.tile_at[nb] >= 0 and state2.walk_cost(s, nb) >= 1
            for nb in EDITION.neighbours[s]
        )

    # For a jungle in hand with the fewest sides carrying stones, a rotation is listed exactly
    # when it makes a path; next to a temple with the fewest such sides, some are refused.
    def sides_with_stones(tile_id):
        return sum(n > 0 for n in stones(tile_id))

    temple = min(tiles_where("temple"), key=sides_with_stones)
    jungle = min(JUNGLES, key=sides_with_stones)
    situation = Situation().put("c3", temple, 0)
    situation.data["hand"] = tile(jungle)
    state = situation.build()
    refused = 0
    for s in range(len(state.tile_at)):
        around = [nb for nb in EDITION.neighbours[s] if nb >= 0 and state.tile_at[nb] >= 0]
        if state.tile_at[s] >= 0 or not around:
            continue
        listed = {a.rotation for a in state.legal_actions(0) if a.space == s}
        for rotation in range(6):
            layout = stones(jungle, rotation)
            has_path = any(
                layout[side] + EDITION.rotated_steps[state.tile_at[nb]][0][(side + 3) % 6] >= 1
                for side, nb in enumerate(EDITION.neighbours[s])
                if nb >= 0 and state.tile_at[nb] >= 0
            )
            assert (rotation in listed) == has_path
            if not has_path:
                refused += 1
                rejects(state, 0, PlaceTile(s, rotation), "TIK-2")
    assert refused > 0


def test_tik2_volcano_needs_no_path_and_each_layout_is_listed_once():
    situation = Situation()
    situation.data["hand"] = tile(VOLCANO)
    state = situation.build()
    placements = state.legal_actions(0)
    spaces = [a.space for a in placements]
    assert len(spaces) == len(set(spaces))  # six equal rotations listed once
    # every empty space next to a placed tile, paths or not
    expected = {
        s
        for s in range(len(state.tile_at))
        if state.tile_at[s] < 0
        and any(nb >= 0 and state.tile_at[nb] >= 0 for nb in EDITION.neighbours[s])
    }
    assert set(spaces) == expected
    state.apply(0, PlaceTile(spaces[0], 4))  # any rotation of an equal layout is accepted
    assert state.tile_at[spaces[0]] == tile(VOLCANO)


# -- TIK-3 treasure tokens -----------------------------------------------------------------------
def test_tik3_one_token_per_mask_fewer_when_they_run_out():
    def place_in_hand(treasure, supply_left=None):
        situation = Situation()
        situation.data["hand"] = tile(treasure)
        if supply_left is not None:
            situation.data["token_supply"] = situation.data["token_supply"][:supply_left]
        state = situation.build()
        move = state.legal_actions(0)[0]
        state.apply(0, move)
        return state, state.tokens[move.space]

    supply = len(Situation().data["token_supply"])
    masks = sorted({EDITION.tiles[tile(t)].masks for t in tiles_where("treasure")})
    assert len(masks) > 1 and masks[-1] > 2  # tiles differ, and a shortage of 2 is one
    for count in masks:  # one tile of each mask count: as many tokens as masks
        state, pile = place_in_hand(a_tile("treasure", masks=count))
        assert len(pile) == count and len(state.token_supply) == supply - count
    state, pile = place_in_hand(a_tile("treasure", masks=masks[-1]), supply_left=2)
    assert len(pile) == 2 and state.token_supply == []


# -- TIK-4 deploying and secret paths --------------------------------------------------------------
def test_tik4_deploy_on_base_or_own_camp_for_one_point():
    situation = Situation(players=2).put("b3", JUNGLES[0]).put("c4", JUNGLES[1])
    situation.data["camp"][space("b3")] = 0
    situation.data["camp"][space("c4")] = 1
    state = situation.acting(0).build()
    deploys = {a for a in state.legal_actions(0) if isinstance(a, Deploy)}
    assert deploys == {Deploy(f, s) for f in ("leader", "worker") for s in (BASE, space("b3"))}
    rejects(state, 0, Deploy("worker", space("c4")), "TIK-4")  # another player's camp
    state.apply(0, Deploy("leader", space("b3")))
    assert state.ap == 9 and state.leader[0] == space("b3")
    rejects(state, 0, Deploy("leader", BASE), "TIK-4")  # the leader is not in the supply


def test_tik4_secret_paths_only_between_own_camps_and_base():
    situation = Situation(players=2).put("b3", JUNGLES[0]).put("c4", JUNGLES[1])
    situation.data["camp"][space("b3")] = 0
    situation.data["camp"][space("c4")] = 1
    situation.figures(0, "a5", workers=1).figures(1, "a5", workers=1)
    state = situation.acting(0).build()
    state.apply(0, CampMove("worker", BASE, space("b3")))
    assert state.ap == 9 and state.figures_on(0, space("b3")) == 1
    rejects(state, 0, CampMove("worker", space("b3"), space("c4")), "TIK-4")
    state = situation.acting(1).build()
    assert not any(isinstance(a, CampMove) and a.dst == space("b3") for a in state.legal_actions(1))


# -- TIK-5 walking -------------------------------------------------------------------------------
def test_tik5_walk_costs_stones_on_both_sides_and_needs_a_passage():
    # the rulebook's movement layout: a3-b2 has no stones, a3-a4 one, a3-a2 three
    situation = Situation().movement_example().figures(0, "a3", workers=1)
    state = situation.acting(0).build()
    rejects(state, 0, Walk("worker", space("a3"), space("b2")), "TIK-5")  # 0 stones
    state.apply(0, Walk("worker", space("a3"), space("a4")))
    assert state.ap == 9
    state = situation.acting(0, ap=2).build()
    assert state.walk_cost(space("a3"), space("a2")) == 3
    assert Walk("worker", space("a3"), space("a2")) not in state.legal_actions(0)
    assert_unchanged_on_error(state, lambda s: s.apply(0, Walk("worker", space("a3"), space("a2"))))


def test_tik5_volcano_is_never_entered():
    situation = Situation().put("a3", VOLCANO).figures(0, "a4", workers=1)
    state = situation.acting(0).build()
    assert not any(isinstance(a, Walk) and a.dst == space("a3") for a in state.legal_actions(0))
    rejects(state, 0, Walk("worker", space("a4"), space("a3")), "TIK-5")


# -- TIK-6 excavating --
def test_tik6_two_levels_per_temple_each_needing_its_own_figure():
    state = Situation().figures(0, "a4", workers=1).acting(0).build()
    t = space("a4")
    state.apply(0, Excavate(t))
    assert state.temple_top[t] == 2 and state.ap == 8 and state.levels[2] == 2
    rejects(state, 0, Excavate(t), "TIK-6")  # one figure: one level
    state = Situation().figures(0, "a4", workers=3).acting(0).build()
    state.apply(0, Excavate(t))
    state.apply(0, Excavate(t))
    assert state.temple_top[t] == 3
    rejects(state, 0, Excavate(t), "TIK-6")  # at most two levels per temple per turn
    state.apply(0, EndTurn())


def test_tik6_no_next_level_tile_or_a_guard_stops_excavation():
    situation = Situation().figures(0, "a4", workers=2).acting(0)
    situation.data["levels"][2] = 0
    rejects(situation.build(), 0, Excavate(space("a4")), "TIK-6")
    situation = Situation().figures(0, "a4", workers=2).acting(0)
    situation.data["guard"][space("a4")] = 1
    state = situation.build()
    rejects(state, 0, Excavate(space("a4")), "TIK-6")
    assert Excavate(space("a4")) not in state.legal_actions(0)


# -- TIK-7 recovering --
def test_tik7_recover_top_token_two_per_tile_each_with_its_own_figure():
    situation = (
        Situation()
        .put("b3", a_tile("treasure"))
        .tokens("b3", [5, 6, 7])
        .figures(0, "b3", workers=1)
    )
    state = situation.acting(0).build()
    state.apply(0, Recover(space("b3")))
    assert state.treasures[7] == 1 and state.ap == 7 and state.tokens[space("b3")] == [5, 6]
    assert state.reveal_count == 1 + situation.data["reveals"]
    rejects(state, 0, Recover(space("b3")), "TIK-7")  # needs a second figure
    situation.figures(0, "b3", workers=1)
    state = situation.acting(0).build()
    state.apply(0, Recover(space("b3")))
    state.apply(0, Recover(space("b3")))
    rejects(state, 0, Recover(space("b3")), "TIK-7")  # at most two per tile per turn


# -- TIK-8 exchanging --
def test_tik8_only_singles_are_exchanged():
    situation = Situation().treasures(0, [0, 1, 1]).treasures(1, [2, 3, 3])
    state = situation.acting(0).build()
    exchanges = {a for a in state.legal_actions(0) if isinstance(a, Exchange)}
    assert exchanges == {Exchange(0, 1, 2)}
    rejects(state, 0, Exchange(1, 1, 2), "TIK-8")  # from own pair
    rejects(state, 0, Exchange(0, 1, 3), "TIK-8")  # from the other's pair
    state.apply(0, Exchange(0, 1, 2))
    k = EDITION.treasure_kinds
    assert state.treasures[:k][:4] == [0, 2, 1, 0] and state.treasures[k : k + 4] == [1, 0, 0, 2]
    assert state.ap == 7


# -- TIK-9 camps -----------------------------------------------------------------------------------
def test_tik9_camps_on_jungle_or_empty_treasure_one_per_tile_two_per_player():
    treasures = tiles_where("treasure")
    situation = Situation().put("b3", JUNGLES[0]).put("c4", treasures[0]).tokens("c4", [0])
    situation.put("a3", treasures[1]).put("c3", JUNGLES[1])  # a3: a treasure without tokens
    state = situation.acting(0).build()
    camps = {a.space for a in state.legal_actions(0) if isinstance(a, BuildCamp)}
    assert camps == {space("b3"), space("a3"), space("c3"), space("b4")}  # b4: printed jungle
    rejects(state, 0, BuildCamp(space("c4")), "TIK-9")  # tokens left
    rejects(state, 0, BuildCamp(space("a4")), "TIK-9")  # a temple
    state.apply(0, BuildCamp(space("b3")))
    assert state.ap == 5 and state.camp[space("b3")] == 0
    rejects(state, 0, BuildCamp(space("b3")), "TIK-9")  # one camp per tile
    state.apply(0, BuildCamp(space("a3")))
    state.apply(0, EndTurn())
    situation.data.update(camp=state.camp)
    state = situation.acting(0).build()
    rejects(state, 0, BuildCamp(space("c3")), "TIK-9")  # two per player


# -- TIK-10 guards ---------------------------------------------------------------------------------
def test_tik10_guard_needs_sole_majority_and_sends_the_rest_home():
    t = space("a4")
    situation = Situation().figures(0, "a4", workers=2).figures(1, "a4", workers=2)
    rejects(situation.acting(0).build(), 0, PlaceGuard(t), "TIK-10")  # a tie is no majority
    situation.figures(0, "a4", leader=True)  # leader counts 3: 5 against 2
    state = situation.acting(0).build()
    state.apply(0, PlaceGuard(t))
    assert state.guard[t] == 0 and state.figures_on(0, t) == 0
    assert state.out[0] == 2 and state.leader[0] == OUT  # 3 figures: 1 guard, 2 leave
    assert state.figures_on(1, t) == 2  # others stay and may walk on
    assert state.majority_holder(t) == 0  # scores for the owner whatever stands there
    state.apply(0, EndTurn())


def test_tik10_at_most_two_guards():
    situation = Situation().figures(0, "a4", workers=1).figures(0, "b5", workers=1)
    situation.data["guard"][space("a3")] = 0
    temples = tiles_where("temple")
    situation.put("a3", temples[0]).put("b3", temples[1])
    situation.data["guard"][space("b3")] = 0
    state = situation.acting(0).build()
    rejects(state, 0, PlaceGuard(space("a4")), "TIK-10")


def test_tik10_others_walk_through_a_guarded_temple():
    situation = Situation().figures(1, "a5", workers=1)
    situation.data["guard"][space("a4")] = 0
    state = situation.acting(1).build()
    assert Walk("worker", space("a5"), space("a4")) in state.legal_actions(1)


# -- TIK-11 scoring rounds --
def test_tik11_volcano_scoring_round_then_drawer_places_it():
    situation = Situation(players=3)
    situation.next_draw(VOLCANO)
    situation.figures(1, "a4", workers=1)
    state = situation.build()
    state.apply(0, state.legal_actions(0)[0])
    state.apply(0, EndTurn())
    # Seat 1 draws the volcano: it sets it aside and plays a scoring turn first.
    assert state.current == 1 and state.step == "act" and state.hand == tile(VOLCANO)
    assert state.scoring_queue == [1, 2, 0]
    state.apply(1, EndTurn())
    assert state.score[1] == 1  # temple 1 at a4 by majority
    assert state.current == 2 and state.step == "act"
    state.apply(2, EndTurn())
    state.apply(0, EndTurn())
    assert [e["seat"] for e in state.history[0]["entries"]] == [1, 2, 0]
    # Then the drawer places the volcano and plays a normal turn.
    assert state.current == 1 and state.step == "place" and state.hand == tile(VOLCANO)
    state.apply(1, state.legal_actions(1)[0])
    assert state.step == "act" and not state.scoring_queue
    state.apply(1, EndTurn())
    assert state.current == 2 and state.step == "place"


# -- TIK-12 scores ---------------------------------------------------------------------------------
def test_tik12_ties_score_nothing_leader_counts_three_treasure_sets():
    from meeple.games.tikal.scoring import score_seat

    situation = Situation(players=2)
    situation.figures(0, "a4", workers=2).figures(1, "a4", workers=2)  # tie: nobody
    situation.figures(0, "b5", workers=3).figures(1, "b5", leader=True, workers=1)  # 3 v 4
    situation.treasures(0, [0, 1, 1, 2, 2, 2])
    state = situation.build()
    assert score_seat(state, 0)["points"] == 1 + 3 + 6
    assert score_seat(state, 1)["points"] == 1  # temple b5


# -- TIK-13 end of the game --
def test_tik13_final_round_starts_with_next_player_and_ties_share_the_win():
    situation = Situation(players=3)
    situation.data["stack"] = []  # the tile in hand is the last one
    state = situation.build()
    state.apply(0, state.legal_actions(0)[0])
    state.apply(0, EndTurn())
    assert state.scoring_final and state.scoring_queue == [1, 2, 0]
    for seat in (1, 2, 0):
        assert not state.is_over()
        state.apply(seat, EndTurn())
    assert state.is_over() and state.winners() == [0, 1, 2]  # all on 0: a shared win
    assert state.history[-1]["final"]


def test_tik13_scores_past_100_keep_counting():
    situation = Situation(players=2)
    situation.data["score"] = [99, 0]
    situation.data["stack"] = []
    situation.treasures(0, [0, 0, 0])
    state = situation.build()
    state.apply(0, state.legal_actions(0)[0])
    state.apply(0, EndTurn())
    state.apply(1, EndTurn())
    state.apply(0, EndTurn())
    assert state.score[0] == 105 and state.winners() == [0]


# -- TIK-14 auction --------------------------------------------------------------------------------
def test_tik14_bids_rise_never_exceed_score_and_a_pass_is_final():
    state = Situation(players=3, auction=True).build()
    assert state.score == [20, 20, 20] and len(state.revealed) == 3
    assert state.legal_actions(0) == [Pass(), *(Bid(a) for a in range(1, 21))]
    rejects(state, 0, Bid(21), "TIK-14")
    rejects(state, 0, Bid(0), "TIK-14")
    state.apply(0, Bid(3))
    rejects(state, 1, Bid(3), "TIK-14")
    state.apply(1, Pass())
    state.apply(2, Bid(4))
    state.apply(0, Bid(6))
    # seat 1 passed: it is skipped for the rest of this auction
    assert state.current == 2
    state.apply(2, Pass())
    assert state.current == 0 and state.step == "choose" and state.score[0] == 14
    bottom = EDITION.tiles[state.stack[0]].id
    rejects(state, 0, ChooseTile(bottom), "TIK-14")  # not revealed


def test_tik14_nobody_bids_first_to_pass_moves_free():
    state = Situation(players=3, auction=True).build()
    state.apply(0, Pass())
    state.apply(1, Pass())
    state.apply(2, Pass())
    assert state.current == 0 and state.step == "choose" and state.score == [20, 20, 20]


# -- TIK-15 auction scoring --
def test_tik15_chosen_volcano_scores_at_once_turn_markers_kept():
    situation = Situation(players=3, auction=True)
    revealed = situation.data["revealed"]
    situation.data["stack"].remove(tile(VOLCANO))
    situation.data["stack"].append(revealed[0])
    revealed[0] = tile(VOLCANO)
    state = situation.build()
    state.apply(0, Bid(1))
    state.apply(1, Pass())
    state.apply(2, Pass())
    state.apply(0, ChooseTile(VOLCANO))
    assert state.scoring_queue == [0, 1, 2] and state.step == "act"
    for seat in (0, 1, 2):
        state.apply(seat, EndTurn())
    assert state.current == 0 and state.step == "place" and state.moved == [False] * 3
    state.apply(0, state.legal_actions(0)[0])
    state.apply(0, EndTurn())
    assert state.moved == [True, False, False]
    assert state.current == 1 and state.step == "bid"


def test_tik15_final_round_lowest_score_first_ties_nearer_to_last_placer():
    situation = Situation(players=4, auction=True)
    situation.data["stack"] = []
    revealed = situation.data["revealed"]
    situation.data["revealed"] = revealed[:1]
    situation.data["moved"] = [True, False, True, True]
    situation.data["score"] = [12, 20, 12, 5]
    situation.data.update(step="choose", current=1)  # seat 1 won the last tile
    state = situation.build()
    state.apply(1, ChooseTile(EDITION.tiles[revealed[0]].id))
    state.apply(1, state.legal_actions(1)[0])
    state.apply(1, EndTurn())
    # lowest first: seat 3 (5); seats 0 and 2 tie on 12: seat 2 is clockwise nearer to the
    # placer (seat 1); seat 1 (20) last
    assert state.scoring_final and state.scoring_queue == [3, 2, 0, 1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rules_are_the_same_for_every_player_count(players):
    state = TikalState.new({"players": players, "auction": True}, 1)
    assert len(state.revealed) == players and state.score == [20] * players
    with pytest.raises(IllegalAction):
        state.apply(1, Pass())
