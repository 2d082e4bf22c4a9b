"""Stamps: numbers that stand for a state's content, for readers that keep what they last read
and would otherwise compare all of it again to find what changed (the research adapters'
observations, docs/benchmarks.md, issue 26).

A game that stamps its states takes a new stamp from `STAMPS` whenever a state's content
changes through its methods (an action applied, hidden parts re-dealt, a state set up or read),
and a copy keeps the original's stamp, since it holds the same values until one of them
changes. Two states with the same stamp then hold the same values, as long as nothing edits a
state's fields but its own methods. A game whose readers read only what the seats see may let
its stamp stand for that part, and keep it when what no seat sees is re-dealt (`redeal_unknown`:
the draws to come, a stack's order): both games do, since their stamps' readers (the research
adapters' observations, the server's views) read the seats' views only. Stamps are unique
within a process (`itertools.count`, whose `next` is atomic) and never leave it: they are no
part of a state's JSON form or pickle.
"""

from __future__ import annotations

import itertools

#: The process's stamps, from 1 (0 stands for none: a reader that has read nothing yet).
STAMPS = itertools.count(1)
