"""The rulebook's worked examples, each built as a situation and played through the engine."""

from __future__ import annotations

from tikal_helpers import EDITION, Situation, space, tiles_where

from meeple.games.tikal.actions import Bid, ChooseTile, EndTurn, Pass, PlaceTile, Walk
from meeple.games.tikal.scoring import score_seat


def movement_example():
    """The picture is lost; the layout is searched to satisfy every number the text gives."""
    return Situation().movement_example().figures(0, "a3", workers=1).acting(0).build()


def test_movement_costs_example():
    state = movement_example()
    temple2, jungle, treasure, temple1 = space("a3"), space("a2"), space("b2"), space("a4")
    assert state.walk_cost(temple2, jungle) == 3  # "kostet dies 3 AP"
    assert state.walk_cost(temple2, temple1) == 1  # "kostet 1 AP"
    walks = {a for a in state.legal_actions(0) if isinstance(a, Walk)}
    assert Walk("worker", temple2, treasure) not in walks  # "nicht möglich ... direkt"
    assert Walk("worker", temple2, jungle) in walks
    # "für 6 AP vom 2er Tempel über den Urwald zum Schatz"
    state.apply(0, Walk("worker", temple2, jungle))
    state.apply(0, Walk("worker", jungle, treasure))
    assert state.ap == 10 - 6
    assert state.figures_on(0, treasure) == 1


def test_scoring_example_29_points():
    """Majority at temples 3, 5, 5 and 8 (21 points), two pairs and two singles (8): 29."""
    situation = Situation(players=2).treasures(0, [0, 0, 1, 1, 2, 3])
    tops = {"a3": 3, "b3": 5, "c4": 5, "c5": 8}
    used: list[str] = []
    for name, top in tops.items():
        # a temple tile that can stand at that height: printed value at most `top`
        temple = next(
            t
            for t in tiles_where("temple")
            if t not in used and EDITION.tiles[EDITION.tile_index(t)].temple_value <= top
        )
        used.append(temple)
        situation.put(name, temple, top=top)
    for name in tops:
        situation.figures(0, name, workers=2)
    situation.figures(1, "c5", workers=1)
    state = situation.build()
    entry = score_seat(state, 0)
    assert entry["temple_points"] == 21
    assert entry["treasure_points"] == 8
    assert entry["treasure_sets"] == {"1": 2, "2": 2, "3": 0}
    assert entry["points"] == 29
    # The same sum through the game: a scoring turn that ends adds 29 points.
    situation.data.update(scoring_queue=[0, 1], volcano_drawer=0, hand=situation.data["stack"][-1])
    state = situation.acting(0).build()
    state.apply(0, EndTurn())
    assert state.score[0] == 29
    assert state.history[-1]["entries"][0]["points"] == 29


def _place_anywhere_and_end(state, seat):
    state.apply(seat, state.legal_actions(seat)[0])
    assert state.step == "place"
    state.apply(seat, next(a for a in state.legal_actions(seat) if isinstance(a, PlaceTile)))
    state.apply(seat, EndTurn())


def test_auction_round_example():
    """B pays 5, A pays 4, C moves free as first to pass, D takes the last tile free,
    and the next round starts with A (seats A..D are 0..3)."""
    state = Situation(players=4, auction=True).build()
    a, b, c, d = range(4)
    assert state.step == "bid" and state.current == a  # the oldest player opens
    state.apply(a, Bid(1))
    state.apply(b, Bid(5))
    state.apply(c, Pass())
    state.apply(d, Pass())
    state.apply(a, Pass())
    assert state.current == b and state.step == "choose"
    assert state.score[b] == 20 - 5
    _place_anywhere_and_end(state, b)
    # C opens the second auction; only A, C and D may bid.
    assert state.current == c and state.step == "bid"
    state.apply(c, Bid(2))
    state.apply(d, Pass())
    state.apply(a, Bid(4))
    state.apply(c, Pass())
    assert state.current == a and state.score[a] == 20 - 4
    _place_anywhere_and_end(state, a)
    # The third auction starts with C (B has moved); C and D pass: C moves for free.
    assert state.current == c
    state.apply(c, Pass())
    state.apply(d, Pass())
    assert state.current == c and state.score[c] == 20
    _place_anywhere_and_end(state, c)
    # D is the last without a turn: the last tile, free.
    assert state.current == d and state.step == "choose"
    assert len(state.legal_actions(d)) == 1 and isinstance(state.legal_actions(d)[0], ChooseTile)
    _place_anywhere_and_end(state, d)
    assert state.score == [16, 15, 20, 20]
    # New round: four new tiles, and A, left of D who moved last, bids first.
    assert state.step == "bid" and state.current == a
    assert len(state.revealed) == 4 and state.moved == [False] * 4
