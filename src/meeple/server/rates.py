"""Request and message rate limits: moving windows kept in memory.

One `RateLimit` per channel: HTTP requests are counted per client address, WebSocket messages
per connection and WebSocket connects per client address. A request over the limit is
refused with a clear message and changes nothing.

The limits are written as the `limits` library reads them (``"20/second;600/minute"``) and
parsed by it, but counted here: its in-memory storage wakes a thread every 10 ms that scans
every key, which under load cost a few per cent of the server's CPU (docs/benchmarks.md,
"Server load"). A window here is pruned only when its key is hit, and a key's count is
dropped once its longest window has passed without a hit.
"""

from __future__ import annotations

import collections
import time

from limits import RateLimitItem, parse_many

#: How often stale keys are swept out (seconds): one pass over the keys, not one per hit.
SWEEP_EVERY = 60.0


def valid_rate(spec: str) -> bool:
    """Whether `spec` reads as rate limits (``"20/second;600/minute"``)."""
    try:
        return bool(parse_many(spec))
    except ValueError:
        return False


class RateLimit:
    """At most so many hits per window for each key, e.g. ``"20/second;600/minute"``."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self._items: list[RateLimitItem] = parse_many(spec)
        #: Each limit as (hits allowed, window in seconds).
        self._windows = [(item.amount, float(item.get_expiry())) for item in self._items]
        self._longest = max(window for _, window in self._windows)
        self._hits: dict[str, collections.deque[float]] = {}
        self._next_sweep = 0.0

    def hit(self, key: str, now: float | None = None) -> bool:
        """Count one hit for `key`; False (and not counted) if that goes over a limit."""
        now = time.monotonic() if now is None else now
        hits = self._hits.setdefault(key, collections.deque())
        while hits and hits[0] <= now - self._longest:
            hits.popleft()
        for allowed, window in self._windows:
            if len(hits) >= allowed and hits[-allowed] > now - window:
                return False
        hits.append(now)
        if now >= self._next_sweep:
            self._sweep(now)
        return True

    def _sweep(self, now: float) -> None:
        self._next_sweep = now + SWEEP_EVERY
        for key in [k for k, hits in self._hits.items() if hits[-1] <= now - self._longest]:
            del self._hits[key]

    def refusal(self) -> str:
        return f"too many requests: at most {' and '.join(str(item) for item in self._items)}"
