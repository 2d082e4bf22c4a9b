"""Web push (the Push API, with VAPID): the server's key pair, a browser's subscription as
the account page sends it, and one notice sent to one browser, with `pywebpush` (which
encrypts the payload for the browser's keys, RFC 8291, and signs the VAPID claims).

A browser subscribes with the server's public key (`GET /api/push/key`); a push service
answers for its subscriptions, so the key pair is made once and kept in the database
(`NoticeStore.vapid_pem`): a new key would silently end every subscription. Sending blocks
(an HTTP request): the notices send from threads of their own (`meeple.server.notices`).
"""

from __future__ import annotations

import binascii
import dataclasses
import json
from email.utils import parseaddr
from typing import Any
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid
from py_vapid.utils import b64urldecode, b64urlencode
from pywebpush import WebPushException, webpush

from meeple.server.notice_store import NoticeStore, Subscription
from meeple.server.schema import ENDPOINT_LENGTH

#: Seconds to wait for a push service.
PUSH_TIMEOUT = 20.0
#: How long a push service keeps a notice for a browser that is offline: a day, the shortest
#: clock that gets turn notices.
PUSH_TTL = 24 * 3600
#: A push service's answers for a subscription that is gone for good: it is dropped.
GONE = frozenset({404, 410})


class PushFailed(Exception):
    """The push service could not be reached or refused the notice (not for good)."""


class BadSubscription(ValueError):
    """What a page sent is not a browser's push subscription."""


def vapid_key(store: NoticeStore) -> Vapid:
    """The server's VAPID key pair: the one kept, or a new one, kept from now on."""

    def make() -> str:
        key = Vapid()
        key.generate_keys()
        pem: bytes = key.private_pem()
        return pem.decode()

    return Vapid.from_pem(store.vapid_pem(make).encode())


def public_key(key: Vapid) -> str:
    """The public key as a page's ``pushManager.subscribe`` takes it (``applicationServerKey``):
    the uncompressed P-256 point, base64url without padding."""
    raw = key.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    encoded: str = b64urlencode(raw)
    return encoded


def vapid_subject(subject: str | None, mail_from: str) -> str:
    """Who the push services may contact about this server (the VAPID ``sub`` claim): the
    setting, else the emails' sender as a ``mailto:`` address."""
    if subject:
        return subject
    return f"mailto:{parseaddr(mail_from)[1] or 'meeple@localhost'}"


def _decoded(value: str) -> bytes:
    try:
        decoded: bytes = b64urldecode(value.encode())
    except (binascii.Error, ValueError):
        raise BadSubscription("not base64url") from None
    return decoded


def checked_subscription(endpoint: str, p256dh: str, auth: str) -> Subscription:
    """A subscription as a browser makes one: an HTTPS endpoint, a P-256 public key (65
    bytes, uncompressed) and a 16-byte auth secret; else `BadSubscription`. Only HTTPS: the
    server posts to the endpoint, and a page's account must not make it post elsewhere."""
    parts = urlsplit(endpoint)
    if parts.scheme != "https" or not parts.hostname or len(endpoint) > ENDPOINT_LENGTH:
        raise BadSubscription("a push endpoint is an https URL")
    key, secret = _decoded(p256dh), _decoded(auth)
    if len(key) != 65 or key[0] != 4 or len(secret) != 16:
        raise BadSubscription("a subscription has a P-256 key and a 16-byte auth secret")
    return Subscription(endpoint, p256dh, auth)


@dataclasses.dataclass(frozen=True)
class Pusher:
    """Sends notices with the server's VAPID key."""

    key: Vapid
    #: The VAPID ``sub`` claim (`vapid_subject`).
    subject: str

    def send(self, subscription: Subscription, payload: dict[str, Any]) -> bool:
        """Send `payload` (JSON) to one browser, encrypted for it (blocking). False if the
        push service says the subscription is gone (`GONE`): the caller drops it. Raises
        `PushFailed` for any other failure."""
        try:
            webpush(
                subscription.to_json(),
                json.dumps(payload),
                vapid_private_key=self.key,
                vapid_claims={"sub": self.subject},  # pywebpush adds `aud` and `exp` to it
                ttl=PUSH_TTL,
                timeout=PUSH_TIMEOUT,
            )
        except WebPushException as exc:
            if exc.status_code in GONE:
                return False
            raise PushFailed(str(exc)) from exc
        except requests.RequestException as exc:
            raise PushFailed(str(exc)) from exc
        return True
