"""Optional accounts: what may be a name, a password and an email, and what signing up,
signing in and out, changing or resetting a password and deleting an account do.

Nobody needs an account: an invite link seats anyone. An account gives a name that lasts and
"my games" on every browser it signs in on. A browser is signed in by a session cookie whose
token is stored only as its sha256 (`meeple.server.credentials`); signing in always makes a new
one (no session fixation), signing out or changing the password ends it. Sign-in is limited per
name and per address, and its refusal is the same whether or not the name exists. Every method
here blocks (argon2id, the database): the routes call them off the event loop.
"""

from __future__ import annotations

import dataclasses
import re
import secrets
import time

from meeple.i18n import N_
from meeple.saying import page_said, page_text
from meeple.server.account_store import Account, AccountStore
from meeple.server.credentials import digest, new_secret
from meeple.server.mail import Mailer, MailError
from meeple.server.rates import RateLimit

#: An account name: 3 to 32 letters, digits, spaces, dots, hyphens and underscores.
NAME_PATTERN = re.compile(r"[^\W_][\w .-]{1,30}[^\W_]")
MIN_PASSWORD = 8
MAX_PASSWORD = 256
#: How long a password reset link works, in seconds.
RESET_SECONDS = 3600.0
#: An email address as far as the server checks it: something@domain, no spaces.
EMAIL_PATTERN = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")

BAD_NAME = N_(
    "a name is 3 to 32 letters, digits, spaces, dots, hyphens or underscores, starting and "
    "ending with a letter or digit"
)
BAD_PASSWORD = N_("a password is 8 to 256 characters")
BAD_EMAIL = N_("this is not an email address")
NAME_TAKEN = N_("this name cannot be used: choose another")
WRONG_SIGN_IN = N_("the name or the password is wrong")
TOO_MANY = N_("too many attempts: wait a few minutes and try again")
WRONG_PASSWORD = N_("the password is wrong")
RESET_GONE = N_("this reset link is used up or too old: ask for a new one")
NO_MAIL = N_("this server sends no emails, so a password cannot be reset here")
MAIL_FAILED = N_("the email could not be sent: try again later")
RESET_SUBJECT = N_("Your Meeple password")
RESET_BODY = N_(
    "Someone asked to reset the password of the Meeple account %(name)s.\n\n"
    "To choose a new password, open this link within an hour:\n%(link)s\n\n"
    "If it was not you, ignore this email: your password stays as it is."
)


class AccountRefused(Exception):
    """What the person asked is refused: `message` (a pages' text) says why."""

    def __init__(self, message: str, **values: object) -> None:
        super().__init__(message % values if values else message)
        self.message, self.values = message, values

    def said(self, language: str) -> str:
        return page_said(language, self.message, self.values)


@dataclasses.dataclass(frozen=True, slots=True)
class SignedIn:
    """A browser signed in: the account, and the session token for its cookie."""

    account: Account
    token: str


def name_key(name: str) -> str:
    """The name as two accounts may not share it: spaces made single, case folded."""
    return " ".join(name.split()).casefold()


def checked_name(name: str) -> str:
    name = " ".join(name.split())
    if not NAME_PATTERN.fullmatch(name):
        raise AccountRefused(BAD_NAME)
    return name


def checked_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountRefused(BAD_PASSWORD)
    return password


def checked_email(email: str) -> str | None:
    email = email.strip()
    if not email:
        return None
    if len(email) > 254 or not EMAIL_PATTERN.fullmatch(email):
        raise AccountRefused(BAD_EMAIL)
    return email


class Accounts:
    """The accounts of one server: its store, its sign-in limits and its mailer."""

    def __init__(
        self, store: AccountStore, mailer: Mailer, per_name: str, per_address: str
    ) -> None:
        self.store, self.mailer = store, mailer
        self._per_name, self._per_address = RateLimit(per_name), RateLimit(per_address)

    def sign_up(self, name: str, password: str, email: str = "") -> SignedIn:
        name, password = checked_name(name), checked_password(password)
        account = self.store.create(
            name, name_key(name), password, checked_email(email), time.time()
        )
        if account is None:
            raise AccountRefused(NAME_TAKEN)
        return self._session(account)

    def sign_in(self, name: str, password: str, address: str) -> SignedIn:
        """A new session for the account if the password is its own. The limits count every
        attempt, right or wrong, per name (taken or not) and per address."""
        key = name_key(name)
        if not self._per_address.hit(address) or not self._per_name.hit(key):
            raise AccountRefused(TOO_MANY)
        account = self.store.check_password(key, password[:MAX_PASSWORD])
        if account is None:
            raise AccountRefused(WRONG_SIGN_IN)
        return self._session(account)

    def _session(self, account: Account) -> SignedIn:
        token = new_secret()
        self.store.add_session(account.id, digest(token), time.time())
        return SignedIn(account, token)

    def signed_in(self, token: str | None) -> Account | None:
        """The account a session cookie is signed in to (None: none, or signed out)."""
        return None if not token else self.store.of_session(digest(token))

    def sign_out(self, token: str) -> None:
        self.store.drop_session(digest(token))

    def change_password(self, account: Account, old: str, new: str) -> SignedIn:
        """A new password, if `old` is the account's: every other browser is signed out, and
        this one gets a new session."""
        checked_password(new)
        if self.store.check_password(name_key(account.name), old[:MAX_PASSWORD]) is None:
            raise AccountRefused(WRONG_PASSWORD)
        self.store.set_password(account.id, new)
        return self._session(account)

    def set_email(self, account: Account, email: str) -> None:
        self.store.set_email(account.id, checked_email(email))

    def request_reset(self, who: str, reset_url: str, language: str) -> None:
        """Email a reset link to the account named `who`, or to those with `who` as email, if
        they gave an email. The answer is the same either way (the caller says "if an account
        has this name or email, a link is on its way"); only a server without email, or one
        whose SMTP server fails, answers otherwise. `reset_url` is the link with ``{token}``."""
        if not self.mailer.enabled:
            raise AccountRefused(NO_MAIL)
        named = self.store.by_name(name_key(who))
        found = [named] if named is not None else self.store.by_email(who.strip())
        for account in found:
            if account is None or not account.email:
                continue
            token = secrets.token_urlsafe(32)
            self.store.add_reset(account.id, digest(token), time.time() + RESET_SECONDS)
            body = page_said(
                language,
                RESET_BODY,
                {"name": account.name, "link": reset_url.format(token=token)},
            )
            try:
                self.mailer.send(account.email, page_text(language, RESET_SUBJECT), body)
            except MailError:
                raise AccountRefused(MAIL_FAILED) from None

    def reset(self, token: str, new: str) -> SignedIn:
        """The new password of a reset link's account, signed in here and out everywhere
        else. A link works once, within `RESET_SECONDS`."""
        checked_password(new)
        account_id = self.store.use_reset(digest(token), time.time())
        account = None if account_id is None else self.store.by_id(account_id)
        if account is None:
            raise AccountRefused(RESET_GONE)
        self.store.set_password(account.id, new)
        return self._session(account)

    def delete(self, account: Account, password: str) -> None:
        """The account goes, if `password` is its own; finished games keep their records with
        its name replaced."""
        if self.store.check_password(name_key(account.name), password[:MAX_PASSWORD]) is None:
            raise AccountRefused(WRONG_PASSWORD)
        self.store.delete(account.id)
