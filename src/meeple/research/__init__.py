"""Meeple's games for learning agents: PettingZoo AEC environments (`meeple.research.pettingzoo`)
and OpenSpiel games (`meeple.research.openspiel`), for every registered game that declares an
encoding (`GameInfo.research`). Needs the ``research`` extra: ``pip install 'meeple[research]'``.
"""
