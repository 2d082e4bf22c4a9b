"""The conformance tests run on the tiny game of tests/tinygame too, imported from there."""

import sys
from pathlib import Path

TINYGAME = str(Path(__file__).parent.parent / "tinygame")
if TINYGAME not in sys.path:
    sys.path.insert(0, TINYGAME)
