"""docs/api.md is the contract: its code blocks run here, in order, in one namespace."""

from __future__ import annotations

import re
from pathlib import Path

API = Path(__file__).parent.parent.parent / "docs" / "api.md"


def test_api_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", API.read_text(), flags=re.S)
    assert len(blocks) >= 8
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(API), "exec"), namespace)
