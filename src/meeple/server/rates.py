"""Request and message rate limits (the `limits` library's moving windows, in memory).

One `RateLimit` per channel: HTTP requests are counted per client address, WebSocket messages
per connection and WebSocket connects per client address. A request over the limit is
refused with a clear message and changes nothing.
"""

from __future__ import annotations

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter


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
        self._limiter = MovingWindowRateLimiter(MemoryStorage())

    def hit(self, key: str) -> bool:
        """Count one hit for `key`; False if that goes over a limit."""
        return all(self._limiter.hit(item, key) for item in self._items)

    def refusal(self) -> str:
        return f"too many requests: at most {' and '.join(str(item) for item in self._items)}"
