"""The game server: live tables over HTTP and WebSocket, invite links, bots in any seat.

Layers, each knowing only the one below: `store` (the database: tables, seats, the append-only
move log, snapshots), `service` (the tables in play: moves, undo, versions, nonces, per-seat
payloads, all asked of the engine through `GameState`), `bots` (a process pool that computes
bot moves) and `app` (FastAPI routes, the WebSocket hub and the HTML pages). No rule of any
game lives here: legality, views, labels and the log all come from the engine.
"""
