"""Terminal front end: ``meeple play``, ``meeple resume``, ``meeple replay``.

A seat's colour word and colour are the game's (`meeple.engine.seats`, read through the state's
``seats``), so that a seat looks the same here as on the board in the browser.
"""

from __future__ import annotations
