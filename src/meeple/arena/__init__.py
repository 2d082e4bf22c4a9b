"""Tournaments between bots: a seat-balanced schedule, reproducible seeding, parallel workers,
resumable result files and statistics (win rates with intervals, Bradley–Terry ratings).

`schedule` decides the lineups, `runner` plays and records the games (`ray_runner` plays them
on a Ray cluster instead), `stats` computes the figures (pure functions), `report` writes them;
``meeple arena`` (`meeple.cli.arena`) is the command.
"""
