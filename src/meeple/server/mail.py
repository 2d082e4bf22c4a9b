"""Emails the server sends (password resets, turn notices), through the SMTP server of the
settings (`Settings.smtp_url`) with the standard library's `smtplib`. No URL, no emails: the
callers ask `Mailer.enabled` and say so to the person."""

from __future__ import annotations

import dataclasses
import smtplib
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

#: Seconds to wait for the SMTP server.
SMTP_TIMEOUT = 20.0


class MailError(Exception):
    """The SMTP server could not be reached or refused the message."""


@dataclasses.dataclass(frozen=True, slots=True)
class Mailer:
    """Sends plain-text emails through one SMTP server."""

    #: ``smtp://user:password@host:port`` or ``smtps://…``; None: sending is off.
    url: str | None
    sender: str

    @property
    def enabled(self) -> bool:
        return bool(self.url)

    def send(self, to: str, subject: str, body: str, headers: dict[str, str] | None = None) -> None:
        """Send one email (blocking: call it off the event loop). Raises `MailError`."""
        if not self.url:
            raise MailError("no SMTP server is set")
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, to, subject
        for name, value in (headers or {}).items():
            message[name] = value
        message.set_content(body)
        parts = urlsplit(self.url)
        secure = parts.scheme == "smtps"
        port = parts.port or (465 if secure else 25)
        try:
            with (smtplib.SMTP_SSL if secure else smtplib.SMTP)(
                parts.hostname or "localhost", port, timeout=SMTP_TIMEOUT
            ) as smtp:
                if not secure:
                    smtp.ehlo()
                    if smtp.has_extn("starttls"):
                        smtp.starttls()
                if parts.username:
                    smtp.login(unquote(parts.username), unquote(parts.password or ""))
                smtp.send_message(message)
        except (OSError, smtplib.SMTPException) as exc:
            raise MailError(str(exc)) from exc
