"""The bot tests check resampled states with each game's own invariants, kept with its tests."""

import sys
from pathlib import Path

TESTS = Path(__file__).parent.parent
for folder in ("tikal", "altiplano"):
    if str(TESTS / folder) not in sys.path:
        sys.path.insert(0, str(TESTS / folder))
