"""The game-agnostic engine parts: action codec, seeded randomness, records, registry."""

from __future__ import annotations

import dataclasses
import json
from typing import ClassVar

import pytest

from meeple.engine import (
    Action,
    ActionCodec,
    GameRecord,
    MalformedAction,
    MalformedState,
    OptionsError,
    derive_rng,
    game_class,
)
from meeple.engine.testing import play_random_game
from meeple.games.tikal import TikalState


@dataclasses.dataclass(frozen=True, slots=True)
class Hop(Action):
    kind: ClassVar[str] = "hop"
    height: int
    loud: bool


CODEC = ActionCodec([Hop])


def test_codec_round_trips_and_rejects_bad_fields():
    hop = Hop(3, True)
    assert CODEC.from_json(json.loads(json.dumps(hop.to_json()))) == hop
    assert hop.label() == "hop(height=3, loud=True)"
    with pytest.raises(MalformedAction, match="field 'height' must be int, not bool"):
        CODEC.from_json({"kind": "hop", "height": True, "loud": True})
    with pytest.raises(MalformedAction, match="must be a JSON object"):
        CODEC.from_json(["hop"])
    with pytest.raises(ValueError):
        ActionCodec([Hop, Hop])


def test_derived_randomness_depends_only_on_seed_and_labels():
    assert derive_rng(7, "draw", 2).random() == derive_rng(7, "draw", 2).random()
    assert derive_rng(7, "draw", 2).random() != derive_rng(7, "draw", 3).random()
    assert derive_rng(7, "x").random() != derive_rng(8, "x").random()


def test_record_replays_to_the_identical_state(tmp_path):
    state, record = play_random_game(TikalState, {"players": 3, "auction": True}, 4)
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded.to_json() == record.to_json()
    assert loaded.replay().to_json() == state.to_json()
    assert not list(tmp_path.glob("*.tmp"))  # written atomically


def test_bad_records_are_named(tmp_path):
    with pytest.raises(MalformedState, match="not a Meeple record"):
        GameRecord.from_json({"game": "tikal"})
    _, record = play_random_game(TikalState, {"players": 2}, 1)
    data = record.to_json()
    data["actions"][3]["action"] = {"kind": "teleport"}
    with pytest.raises(MalformedState, match=r"actions\[3\]"):
        GameRecord.from_json(data)
    data = record.to_json()
    data["actions"][0], data["actions"][1] = data["actions"][1], data["actions"][0]
    with pytest.raises(MalformedState, match="does not apply"):
        GameRecord.from_json(data).replay()
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(MalformedState, match="cannot read record"):
        GameRecord.load(path)


def test_registry_names_games():
    assert game_class("tikal") is TikalState
    with pytest.raises(OptionsError, match="unknown game 'chess'"):
        game_class("chess")
