"""Guided first games ("Learn to play"): a scripted table per game that walks a newcomer
through a whole round (issue 29).

A tutorial is data, one file per game (``meeple/games/<game>/data/tutorial.json``): the
options, the seed, the learner's seat and the steps (`script`). `check` replays a script
against the engine, so that a rules change that breaks a step fails the tests; `texts` hands
the steps' texts to the pages' catalogue. The server (`meeple.server.tutorial`) plays the
other seats' scripted moves and holds the learner to the script's.

Nothing here is imported by an engine: a game knows nothing of its tutorial.
"""
