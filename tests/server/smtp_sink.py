"""A real SMTP server for the tests (`aiosmtpd`), keeping every message it receives."""

from __future__ import annotations

import dataclasses
import email
import email.policy
import socket
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller


@dataclasses.dataclass
class SmtpSink:
    """The messages received, parsed, and the URL `Settings.smtp_url` takes."""

    url: str
    messages: list[EmailMessage] = dataclasses.field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)
        return "250 OK"


def smtp_sink():
    """Runs an SMTP server on a free local port while the generator is open."""
    sink = SmtpSink(url="")
    with socket.socket() as probe:  # a free port (the controller needs one it can name)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    sink.url = f"smtp://127.0.0.1:{port}"
    try:
        yield sink
    finally:
        controller.stop()
