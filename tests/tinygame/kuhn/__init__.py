"""Kuhn poker (Harold W. Kuhn, 1950) for two or three players: the tiny game of the tests.

It proves that a game is one package: this module and its terminal renderer are all there is to
it, and it registers itself at the bottom (as OpenSpiel's Python games call ``register_game``),
so the terminal, the arena, the bots and the conformance harness play it without naming it.
docs/adding-a-game.md walks through it.

The rules. The deck has one card more than there are players, ranked Jack, Queen, King (and Ace
with three players). Everyone antes one chip and is dealt one card face down; the last card
stays face down. In turn from the start player, each checks or bets one chip; once someone has
bet, everyone else in turn calls (one chip) or folds, and the hand ends when the turn is back
with the bettor (or when everyone has checked). The cards of those still in are then shown and
the highest takes the pot (the lowest when playing ``lowball``); a bettor whom everyone folded
to takes it unseen.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from meeple.engine.actions import Action, ActionCodec
from meeple.engine.errors import IllegalAction, MalformedAction, MalformedState, OptionsError
from meeple.engine.evaluation import Evaluation
from meeple.engine.game import GameState
from meeple.engine.gameinfo import GameInfo, OptionSpec
from meeple.engine.log import LogEntry
from meeple.engine.plugins import TerminalPlugin
from meeple.engine.registry import register
from meeple.engine.rng import derive_rng
from meeple.engine.seats import DEFAULT_SEATS

#: Kuhn poker declares no seats of its own: it takes the engine's palette (Blue, Orange...).
seat_name = DEFAULT_SEATS.name

#: An index into `RANKS`; a state keeps cards as these, views show them by name.
Card = int
RANKS = ("Jack", "Queen", "King", "Ace")
#: `KuhnState.bettor` before anyone bets, `KuhnState.current` once the hand is over.
NOBODY = -1
ANTE = 1
DEFAULT_OPTIONS: dict[str, Any] = {"players": 2, "lowball": False, "start_player": 0}


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    """A betting move; each kind is a subclass without fields."""

    def label(self) -> str:
        return self.kind.capitalize()


@dataclasses.dataclass(frozen=True, slots=True)
class Check(Move):
    kind: ClassVar[str] = "check"


@dataclasses.dataclass(frozen=True, slots=True)
class Bet(Move):
    kind: ClassVar[str] = "bet"


@dataclasses.dataclass(frozen=True, slots=True)
class Call(Move):
    kind: ClassVar[str] = "call"


@dataclasses.dataclass(frozen=True, slots=True)
class Fold(Move):
    kind: ClassVar[str] = "fold"


#: What every reader of the log reads about a move: nothing in it is secret.
SAYS = {"check": "checks", "bet": "bets 1 chip", "call": "calls", "fold": "folds"}


class KuhnState(GameState):
    """One hand of Kuhn poker."""

    game_name = "kuhn"
    codec = ActionCodec([Check, Bet, Call, Fold])

    #: The normalized options (`DEFAULT_OPTIONS` filled in).
    options: dict[str, Any]
    #: [seat] -> the card dealt to it; the last entry is the card nobody holds.
    cards: list[Card]
    #: [seat] -> chips it has put in the pot, the ante included.
    stakes: list[int]
    #: [seat] -> whether it has folded.
    folded: list[bool]
    #: The seat that bet, or `NOBODY`.
    bettor: int
    #: The seat to act, or `NOBODY` once the hand is over.
    current: int

    def __init__(
        self,
        options: dict[str, Any],
        cards: list[Card],
        stakes: list[int],
        folded: list[bool],
        bettor: int,
        current: int,
    ) -> None:
        self.options, self.cards, self.stakes = options, cards, stakes
        self.folded, self.bettor, self.current = folded, bettor, current

    # -- creation ---------------------------------------------------------------------------
    @classmethod
    def normalize_options(cls, options: Mapping[str, Any] | None) -> dict[str, Any]:
        if options is not None and not isinstance(options, Mapping):
            raise OptionsError(f"options must be an object, not {options!r}")
        result = DEFAULT_OPTIONS | dict(options or {})
        unknown = set(result) - set(DEFAULT_OPTIONS)
        if unknown:
            raise OptionsError(f"unknown Kuhn poker option(s): {sorted(unknown)}")
        players = result["players"]
        if type(players) is not int or not 2 <= players <= 3:
            raise OptionsError(f"players must be 2 or 3, not {players!r}")
        if type(result["lowball"]) is not bool:
            raise OptionsError(f"lowball must be true or false, not {result['lowball']!r}")
        start = result["start_player"]
        if type(start) is not int or not 0 <= start < players:
            raise OptionsError(f"start_player must be a seat 0..{players - 1}, not {start!r}")
        return result

    @classmethod
    def new(cls, options: Mapping[str, Any] | None = None, seed: int = 0) -> Self:
        if type(seed) is not int:
            raise OptionsError(f"seed must be an integer, not {seed!r}")
        opts = cls.normalize_options(options)
        n = opts["players"]
        deck = list(range(n + 1))
        derive_rng(seed, "deal").shuffle(deck)
        return cls(opts, deck, [ANTE] * n, [False] * n, NOBODY, opts["start_player"])

    # -- whose turn, what is legal --------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.stakes)

    def to_move(self) -> tuple[int, ...]:
        return () if self.current == NOBODY else (self.current,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.current:
            return []
        return [Check(), Bet()] if self.bettor == NOBODY else [Call(), Fold()]

    def tried_actions(self, seat: int) -> list[Action]:
        return [Check(), Bet(), Call(), Fold()] if seat == self.current else []

    def apply(self, seat: int, action: Action) -> None:
        self.check_seat(seat)
        if not isinstance(action, Move):
            raise MalformedAction(f"not a Kuhn poker move: {action!r}")
        facing_bet = self.bettor != NOBODY
        if facing_bet and action.kind in ("check", "bet"):
            raise IllegalAction("facing a bet", f"{seat_name(self.bettor)} has bet: call or fold")
        if not facing_bet and action.kind in ("call", "fold"):
            raise IllegalAction("no bet", "nobody has bet: check or bet")
        if action.kind in ("bet", "call"):
            self.stakes[seat] += 1
        if action.kind == "bet":
            self.bettor = seat
        if action.kind == "fold":
            self.folded[seat] = True
        following = (seat + 1) % self.num_players
        last = self.options["start_player"] if self.bettor == NOBODY else self.bettor
        self.current = NOBODY if following == last else following

    @property
    def reveal_count(self) -> int:
        return sum(self._shown(seat) for seat in range(self.num_players))

    # -- results ----------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.current == NOBODY

    def _contenders(self) -> list[int]:
        return [seat for seat in range(self.num_players) if not self.folded[seat]]

    def _shown(self, seat: int) -> bool:
        """At a showdown, the cards of everyone still in are face up."""
        return self.is_over() and not self.folded[seat] and len(self._contenders()) > 1

    def _best(self) -> int:
        """The contender holding the best card, as if the cards were shown now."""
        ranked = sorted(self._contenders(), key=self.cards.__getitem__)
        return ranked[0] if self.options["lowball"] else ranked[-1]

    def chips_at_showdown(self) -> list[int]:
        """Chips won or lost per seat if the hand were shown down now."""
        winner, pot = self._best(), sum(self.stakes)
        return [pot - stake if s == winner else -stake for s, stake in enumerate(self.stakes)]

    def scores(self) -> list[int]:
        return self.chips_at_showdown() if self.is_over() else [-s for s in self.stakes]

    def winners(self) -> list[int]:
        return [self._best()] if self.is_over() else []

    def score_sheet(self) -> dict[str, Any]:
        view = self.view(None)
        return {"pot": sum(self.stakes), "shown": view["shown"], "chips": self.scores()}

    # -- what a seat sees ---------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        self.check_view_seat(seat)
        n = self.num_players
        return {
            "game": self.game_name,
            "options": dict(self.options),
            "seat": seat,
            "hand": None if seat is None else RANKS[self.cards[seat]],
            "shown": [RANKS[self.cards[s]] if self._shown(s) else None for s in range(n)],
            "stakes": list(self.stakes),
            "folded": list(self.folded),
            "bettor": self.bettor,
            "to_move": self.current,
            "winner": self.winners()[0] if self.is_over() else None,
        }

    def _hidden_from(self, seat: int | None) -> list[int]:
        """Positions in `cards` whose card `seat` cannot see."""
        return [
            i
            for i in range(self.num_players + 1)
            if i != seat and not (i < self.num_players and self._shown(i))
        ]

    @classmethod
    def determinize(cls, view: Mapping[str, Any], rng: random.Random) -> Self:
        opts = cls.normalize_options(view["options"])
        seat = view["seat"]
        cards = [RANKS.index(name) if name else NOBODY for name in [*view["shown"], None]]
        if seat is not None:
            cards[seat] = RANKS.index(view["hand"])
        unseen = [card for card in range(len(cards)) if card not in cards]
        rng.shuffle(unseen)
        cards = [unseen.pop() if card == NOBODY else card for card in cards]
        stakes, folded = list(view["stakes"]), list(view["folded"])
        return cls(opts, cards, stakes, folded, view["bettor"], view["to_move"])

    def shuffle_hidden(self, seat: int | None, rng: random.Random) -> None:
        hidden = self._hidden_from(seat)
        cards = [self.cards[i] for i in hidden]
        rng.shuffle(cards)
        for i, card in zip(hidden, cards, strict=True):
            self.cards[i] = card

    def redeal_unknown(self, rng: random.Random) -> None:
        """Nothing: the one card nobody holds is all that nobody knows, and one card has no
        other order (Kuhn's chance is all in the deal)."""
        del rng

    def narrate(
        self, before: Self, seat: int, action: Action, viewer: int | None
    ) -> list[LogEntry]:
        """Made from the viewer's view alone, which shows cards only at the showdown."""
        lines = [LogEntry(seat, SAYS[action.kind])]
        view = self.view(viewer)
        if view["winner"] is not None:
            shown = [f"{seat_name(s)} {card}" for s, card in enumerate(view["shown"]) if card]
            if shown:
                lines.append(LogEntry(None, f"Showdown: {', '.join(shown)}"))
            lines.append(LogEntry(view["winner"], f"takes the pot of {sum(view['stakes'])}"))
        return lines

    # -- persistence ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_name,
            "options": dict(self.options),
            "cards": list(self.cards),
            "stakes": list(self.stakes),
            "folded": list(self.folded),
            "bettor": self.bettor,
            "current": self.current,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping) or data.get("game") != cls.game_name:
            raise MalformedState(f"field 'game' must be {cls.game_name!r}")
        try:
            opts = cls.normalize_options(data.get("options"))
        except OptionsError as exc:
            raise MalformedState(f"field 'options': {exc}") from exc
        n = opts["players"]
        cards, stakes, folded = data.get("cards"), data.get("stakes"), data.get("folded")
        if not isinstance(cards, list) or sorted(cards) != list(range(n + 1)):
            raise MalformedState(f"field 'cards' must hold each of the {n + 1} cards once")
        if (
            not isinstance(stakes, list)
            or len(stakes) != n
            or not all(type(s) is int and ANTE <= s <= ANTE + 1 for s in stakes)
        ):
            raise MalformedState(f"field 'stakes' must be {n} stakes of 1 or 2 chips")
        if (
            not isinstance(folded, list)
            or len(folded) != n
            or not all(type(f) is bool for f in folded)
        ):
            raise MalformedState(f"field 'folded' must be {n} true or false")
        for name in ("bettor", "current"):
            if type(data.get(name)) is not int or not NOBODY <= data[name] < n:
                raise MalformedState(f"field {name!r} must be a seat or {NOBODY}")
        return cls(opts, list(cards), list(stakes), list(folded), data["bettor"], data["current"])

    def clone(self) -> Self:
        return type(self)(
            dict(self.options),
            list(self.cards),
            list(self.stakes),
            list(self.folded),
            self.bettor,
            self.current,
        )


class ShowdownEvaluation(Evaluation):
    """Chips if the hand were shown down now (on a state a bot sampled from its view): a
    one-step lookahead then bets and calls with a card that beats the ones it guesses."""

    def evaluate(self, state: GameState, seat: int) -> float:
        assert isinstance(state, KuhnState)
        chips = state.chips_at_showdown()
        return chips[seat] - max(c for s, c in enumerate(chips) if s != seat)


def _terminal() -> TerminalPlugin:
    from kuhn.terminal import TERMINAL  # Rich: only when the terminal asks

    return TERMINAL


GAME = register(
    GameInfo(
        name="kuhn",
        title="Kuhn poker (Harold W. Kuhn, 1950)",
        state_class=KuhnState,
        min_players=2,
        max_players=3,
        default_players=2,
        options=(
            OptionSpec("lowball", "flag", "The lowest card wins the showdown.", False),
            OptionSpec("start_player", "seat", "The seat that acts first.", 0),
        ),
        evaluation=ShowdownEvaluation,
        # Every move ends the seat's turn: the terminal's undo never takes one back.
        undo_stops=frozenset(KuhnState.codec.kinds),
        terminal=_terminal,
    )
)
