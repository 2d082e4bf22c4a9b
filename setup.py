"""The optional compiled build. With ``MEEPLE_COMPILE=1`` the modules of `COMPILED` are
compiled by mypyc from the same typed source; without it, the default, the install is pure
Python. Measured against the engines before issue 13's speed work (docs/benchmarks.md, "Issue
13: session 22"): random games and ISMCTS iterations take 3.3 to 4.8 times fewer instructions
(Tikal's 4-player games 3.4×, its ISMCTS 3.7×; Altiplano's 4.8× and 4.5×), and the same-run wall
times agree; pure Python today: 1.5 to 2.2 times fewer. The test suite builds it too
(tests/compiled).

    MEEPLE_COMPILE=1 pip install --no-build-isolation .

needs mypy (in the test extra), setuptools and wheel in the environment, and a C compiler.
Use it for a normal install, not an editable one: compiled modules in the source tree would
shadow the source being edited.
"""

from __future__ import annotations

import os

from setuptools import setup

#: Modules compiled by the optional build: both games' engines (Altiplano's state and its rule
#: families), views and evaluations, the ISMCTS search's tree and iteration, the shuffle the
#: determinizations share, and for the research adapters Tikal's observation, the look-up of
#: the legal actions' indexes (with the offered actions' rule) and PettingZoo's environment (at
#: every step of a learner's game: docs/benchmarks.md, issue 26).
COMPILED = [
    "src/meeple/games/tikal/state.py",
    "src/meeple/games/tikal/paths.py",
    "src/meeple/games/tikal/scoring.py",
    "src/meeple/games/tikal/evaluation.py",
    "src/meeple/games/tikal/views.py",
    "src/meeple/games/tikal/layout.py",
    "src/meeple/games/tikal/interned.py",
    "src/meeple/games/tikal/action_points.py",
    "src/meeple/games/tikal/placement.py",
    "src/meeple/games/tikal/figures.py",
    "src/meeple/games/tikal/walking.py",
    "src/meeple/games/tikal/excavation.py",
    "src/meeple/games/tikal/treasures.py",
    "src/meeple/games/tikal/camps.py",
    "src/meeple/games/tikal/guards.py",
    "src/meeple/games/tikal/turns.py",
    "src/meeple/games/tikal/auction.py",
    "src/meeple/games/altiplano/state.py",
    "src/meeple/games/altiplano/state_data.py",
    "src/meeple/games/altiplano/board.py",
    "src/meeple/games/altiplano/tiles.py",
    "src/meeple/games/altiplano/listed.py",
    "src/meeple/games/altiplano/phases.py",
    "src/meeple/games/altiplano/action_fields.py",
    "src/meeple/games/altiplano/outfit.py",
    "src/meeple/games/altiplano/orders.py",
    "src/meeple/games/altiplano/roles.py",
    "src/meeple/games/altiplano/mission_draft.py",
    "src/meeple/games/altiplano/draw.py",
    "src/meeple/games/altiplano/planning.py",
    "src/meeple/games/altiplano/movement.py",
    "src/meeple/games/altiplano/turns.py",
    "src/meeple/games/altiplano/turn_actions.py",
    "src/meeple/games/altiplano/corn.py",
    "src/meeple/games/altiplano/gains.py",
    "src/meeple/games/altiplano/locations.py",
    "src/meeple/games/altiplano/village.py",
    "src/meeple/games/altiplano/market.py",
    "src/meeple/games/altiplano/extensions.py",
    "src/meeple/games/altiplano/road.py",
    "src/meeple/games/altiplano/end.py",
    "src/meeple/games/altiplano/hidden.py",
    "src/meeple/games/altiplano/scoring.py",
    "src/meeple/games/altiplano/warehouse.py",
    "src/meeple/games/altiplano/evaluation.py",
    "src/meeple/games/altiplano/components.py",
    "src/meeple/games/altiplano/missions.py",
    "src/meeple/games/altiplano/state_observation.py",
    "src/meeple/bots/tree.py",
    "src/meeple/engine/rng.py",
    "src/meeple/games/tikal/state_observation.py",
    "src/meeple/research/indexing.py",
    "src/meeple/research/pettingzoo.py",
]

ext_modules = []
if os.environ.get("MEEPLE_COMPILE") == "1":
    from mypyc.build import mypycify

    # Only these modules are compiled, so the config sections of the others go unused.
    # MEEPLE_COMPILE_OPT, the C compiler's optimisation level (default 3), lets the test suite
    # build in a third of the time (tests/compiled): the same C code, compiled with less care.
    opt_level = os.environ.get("MEEPLE_COMPILE_OPT", "3")
    ext_modules = mypycify(["--no-warn-unused-configs", *COMPILED], opt_level=opt_level)

setup(ext_modules=ext_modules)
