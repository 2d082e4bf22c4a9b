"""What odd requests cost the server (issue 23): a player count of any size, and requests for
table ids that name no table.

Run:  .venv/bin/python benchmarks/bench_server_inputs.py [--repeat 5] [--unknown 3000]
      [--players 9 5000 5000000 3000000000]

(An older tree: ``PYTHONPATH=OLD/src`` before the command; leave out 3000000000 there, whose
seats the code before issue 23 built first.)

The app runs in this process (Starlette's TestClient, a fresh SQLite file), so that the
memory it keeps can be traced. Printed: the median time of the form's ``POST /tables`` for
several player counts (every one refused with 400: the game takes 2 to 4 or 2 to 5), and
after ``--unknown`` GETs of 16-character and as many of 2 KB unknown ids (after a warm-up),
the bytes traced as kept and the tables and locks the service holds.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.settings import Settings

PLAYER_COUNTS = ("9", "5000", "5000000", "3000000000")
WARM_UP = 100


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--unknown", type=int, default=3000)
    parser.add_argument("--players", nargs="+", default=PLAYER_COUNTS, help="counts to send")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            db_url=f"sqlite:///{Path(folder) / 'bench.db'}",
            bot_workers=1,
            http_rate="1000000/second",
        )
        own = {"origin": "http://testserver"}
        with TestClient(create_app(settings), base_url="http://testserver", headers=own) as client:
            client.post("/tables", data={"game": "tikal", "players": "9"})  # warm up
            for players in arguments.players:
                times = []
                for _ in range(arguments.repeat):
                    start = time.perf_counter()
                    answer = client.post("/tables", data={"game": "tikal", "players": players})
                    times.append(time.perf_counter() - start)
                print(
                    f"POST /tables players={players}: {answer.status_code}, "
                    f"median {statistics.median(times) * 1000:.1f} ms"
                )
            service = client.app.state.service
            count = arguments.unknown
            ids = [f"x{n:015d}" for n in range(count)] + ["y" * 2048 + str(n) for n in range(count)]
            for table_id in ids[:WARM_UP]:
                client.get(f"/api/tables/{table_id}")
            tracemalloc.start()
            before = tracemalloc.take_snapshot()
            for table_id in ids[WARM_UP:]:
                client.get(f"/api/tables/{table_id}")
            after = tracemalloc.take_snapshot()
            tracemalloc.stop()
            kept = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
            print(
                f"{len(ids) - WARM_UP} GETs of unknown ids: {kept / 1000:.0f} KB traced as kept, "
                f"{len(service._tables)} tables and {len(service._locks)} locks held"
            )


if __name__ == "__main__":
    main()
