"""A table in play, in memory: its state, its moves, each reader's log, and what each seat
may still send. Engine-facing only: no database, no HTTP, no ordering (`service` and
its `owners` do those).

Everything here is asked of the engine: legality (`apply` raises), what a seat sees (`view`),
the words of the log (`narrate`), the labels of actions, and the undo policy's inputs
(`reveal_count`, `GameInfo.undo_stops`).

The engine's words are `meeple.engine.words.Text`: the log keeps them as made, once per
reader, and what leaves the server says them in the connection's language (`words`), from the
game's catalogue. English, the source, is sent as it is, at no cost.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from typing import Any

from meeple.engine.actions import Action
from meeple.engine.errors import MeepleError
from meeple.engine.game import GameState
from meeple.engine.gameinfo import GameInfo
from meeple.engine.log import LogEntry
from meeple.engine.record import GameRecord
from meeple.engine.registry import game_info
from meeple.engine.words import Catalogue
from meeple.i18n import SOURCE_LANGUAGE
from meeple.saying import game_words, said, said_within
from meeple.server.clocks import Clock, SeatTimes
from meeple.server.inputs import SERVER_NONCE_MARK
from meeple.server.rating_store import RatingChange
from meeple.server.ratings import UNDO_OFF
from meeple.server.schema import BOT, MOVE
from meeple.server.store import StoredMove, StoredSeat, StoredTable
from meeple.server.tutorial import stage_json
from meeple.tutorials.script import Script, script_of

#: A reader of the log: a seat, or None for a spectator.
Reader = int | None

#: What a game's web module says of an action: the board elements it involves.
ElementsOf = Callable[[GameState, Action], tuple[str, ...]]
#: What a game's web module says an action's label and elements read of the state.
ReadsOf = Callable[[GameState, Action], Hashable]
#: Legal actions as a table's payloads listed them, each by the action's identity: the action
#: (which keeps that identity its own), what its label and elements read of the state then
#: (`WebPlugin.action_reads`), and its entry as sent.
Entries = dict[int, tuple[Action, Hashable, dict[str, Any]]]

#: A payload's entries are kept for later payloads only from a list of at most this many (the
#: longest lists, a tile's placements, come once: kept, they would only hold memory).
ENTRIES_KEPT = 100
#: A table keeps at most this many entries a language (`LiveTable.entries`), and starts
#: afresh where a payload's would pass it.
TABLE_ENTRIES_KEPT = 200


#: `elements_of`'s answers by the `GameInfo`'s identity, each kept with its info (so that the
#: identity stays its own): a `functools.cache` hashed every field of the info for each
#: position sent.
_ELEMENTS: dict[int, tuple[GameInfo, ElementsOf]] = {}


def elements_of(info: GameInfo) -> ElementsOf:
    """The game's `action_elements` (see `GameInfo.web`); none for a game without one, whose
    actions are then chosen from the text list only."""
    known = _ELEMENTS.get(id(info))
    if known is not None and known[0] is info:
        return known[1]
    found: ElementsOf = (
        (lambda _state, _action: ()) if info.web is None else info.web().action_elements
    )
    _ELEMENTS[id(info)] = (info, found)
    return found


#: `reads_of`'s answers, kept as `_ELEMENTS` keeps `elements_of`'s.
_READS: dict[int, tuple[GameInfo, ReadsOf | None]] = {}


def reads_of(info: GameInfo) -> ReadsOf | None:
    """The game's `action_reads`; None for a game without a web module, whose labels are
    then made for every payload."""
    known = _READS.get(id(info))
    if known is not None and known[0] is info:
        return known[1]
    found = None if info.web is None else info.web().action_reads
    _READS[id(info)] = (info, found)
    return found


def facts_of(
    info: GameInfo, view: dict[str, Any], language: str = SOURCE_LANGUAGE
) -> dict[str, Any]:
    """The public figures of the game's components that a page draws from besides the view
    (names, costs, points of the cards the view names by id): the web module's
    ``table_facts(options)``, given the view's options, its names said in `language`; none
    for a game without one."""
    facts = {} if info.web is None else info.web().table_facts(view.get("options", {}))
    catalogue = game_words(info.name, language)
    return facts if catalogue is None else said_within(facts, catalogue)


NOTHING_TO_UNDO = (
    "nothing to undo: your turn has just started, something was revealed, or another seat "
    "has acted since"
)


@dataclasses.dataclass(slots=True)
class Answer:
    """The server's answer to a move or an undo: accepted at `version`, or refused naming the
    rule (an engine rule such as ``TIK-6``, or one of the protocol's: ``stale``,
    ``malformed``, ``undo``, ``not a seat``)."""

    ok: bool
    version: int
    rule: str | None = None
    reason: str | None = None
    #: True when the nonce had been seen: this is the earlier answer, nothing was applied.
    repeated: bool = False
    #: The game whose catalogue says `reason` in other languages (a refusal by its rules).
    game: str | None = None

    def to_json(self, language: str = SOURCE_LANGUAGE) -> dict[str, Any]:
        """The answer as JSON, a game's reason said in `language` (the rule stays an id)."""
        data: dict[str, Any] = {"ok": self.ok, "version": self.version}
        if not self.ok:
            reason = self.reason
            if reason is not None and self.game is not None:
                reason = said(reason, game_words(self.game, language))
            data |= {"rule": self.rule, "reason": reason}
        if self.repeated:
            data["repeated"] = True
        return data


@dataclasses.dataclass(slots=True)
class Played:
    """One move that stands (not undone), with what undoing it needs."""

    seat: int
    action: Action
    #: Whether the policy lets its seat take it back: it revealed nothing and is no stop.
    undoable: bool
    #: Each reader's log length before it.
    log_sizes: dict[Reader, int]


#: A log start past the end of any log: for a payload whose log is not needed.
NO_LOG = 1 << 30


@dataclasses.dataclass
class LiveTable:
    """One table's game as it stands, rebuilt from the move log by `from_stored`."""

    id: str
    info: GameInfo
    options: dict[str, Any]
    seed: int
    seats: list[StoredSeat]
    state: GameState
    #: The table's version: how many entries its log holds (moves and undos).
    version: int = 0
    #: The moves that stand, in order (the game's record).
    moves: list[Played] = dataclasses.field(default_factory=list)
    #: Each reader's log, in the engine's words for that reader.
    log: dict[Reader, list[LogEntry]] = dataclasses.field(default_factory=dict)
    #: Each undo's version and every reader's log length after it: a reader whose log was
    #: sent before an undo takes it again from there (the undo rewrote what follows).
    cuts: list[tuple[int, dict[Reader, int]]] = dataclasses.field(default_factory=list)
    #: Where each seat's "since your last turn" recap starts: its log length after its last move.
    recap: dict[int, int] = dataclasses.field(default_factory=dict)
    #: Per seat, the oldest version a move of that seat may still have been chosen at.
    fresh_from: list[int] = dataclasses.field(default_factory=list)
    #: Answers given so far, by seat and nonce.
    answers: dict[tuple[int, str], Answer] = dataclasses.field(default_factory=dict)
    #: sha256 of the creator's secret.
    admin_hash: str = ""
    #: Hashes of invite secrets the creator replaced since the table was loaded (in memory
    #: only): a page can then say that a link was replaced rather than that it is wrong.
    replaced: set[str] = dataclasses.field(default_factory=set)
    #: The tokens found to hold a seat, each with the seat and the stored hash it matched
    #: (`service._holder`, which checks that the seat still holds that hash; at most
    #: `service.HOLDERS_KEPT`, in memory only).
    holders: dict[str, tuple[StoredSeat, str]] = dataclasses.field(default_factory=dict, repr=False)
    #: When the log last changed, or the table was made (epoch seconds).
    last_change: float = 0.0
    #: The table's clock, or None for untimed play.
    clock: Clock | None = None
    #: Whether spectators read the table's chat (its players always do).
    spectators_read_chat: bool = True
    #: Whether anyone may take a free seat from the lobby (an open table).
    open: bool = False
    #: Whether its players may ask for hints (`meeple.server.advice`).
    hints: bool = True
    #: Whether the game is rated: undo is off, and its end changes the ratings.
    rated: bool = False
    #: The seats the server moved for at least once while a person held them: their time ran
    #: out and the clock's bot moved (an abandoned seat, for the ratings).
    timed_out: set[int] = dataclasses.field(default_factory=set)
    #: A rated game's rating changes, by seat, once it is over and rated (`RatingStore`).
    ratings: list[RatingChange] = dataclasses.field(default_factory=list)
    #: The game's tutorial script, for a tutorial table (`meeple.server.tutorial`); else None.
    tutorial: Script | None = None
    #: When each seat's turn started and how much of its time it has used.
    times: SeatTimes = dataclasses.field(default_factory=SeatTimes)
    #: The views of the position as it stands, by reader, made when first asked (`view`)
    #: and forgotten at every change: every connection of a reader, and with `views_alike`
    #: every reader, is sent the same one. The server forgets them sooner, once a change's
    #: pushes are made (`TableService.forget_views`).
    views: dict[Reader, dict[str, Any]] = dataclasses.field(default_factory=dict, repr=False)
    #: The seats as the payloads list them, by language, with what they were made from
    #: (`seats_json`).
    seats_shown: dict[str, tuple[list[Any], list[dict[str, Any]]]] = dataclasses.field(
        default_factory=dict, repr=False
    )
    #: What the game keeps of the views it made, so that the next ones share their parts that
    #: did not change (`GameState.shared_view`).
    view_parts: dict[Any, Any] = dataclasses.field(default_factory=dict, repr=False)
    #: The legal actions as the table's recent payloads in a language listed them, every
    #: seat's together, by language (`legal_entries`): an entry whose action and reads are
    #: the same is sent again, the same object (shared: not to be changed).
    entries: dict[str, Entries] = dataclasses.field(default_factory=dict, repr=False)

    @classmethod
    def from_stored(cls, stored: StoredTable) -> LiveTable:
        info = game_info(stored.game)
        table = cls(
            id=stored.id,
            info=info,
            options=stored.options,
            seed=stored.seed,
            seats=stored.seats,
            state=info.state_class.new(stored.options, stored.seed),
            clock=Clock.from_json(stored.clock),
            spectators_read_chat=stored.spectators_read_chat,
            open=stored.open,
            hints=stored.hints,
            rated=stored.rated,
            tutorial=script_of(stored.game) if stored.tutorial else None,
            admin_hash=stored.admin_hash,
            last_change=stored.created_at,
        )
        table.log = {reader: [] for reader in table.readers}
        # Replaying the log sets each seat's freshness as the moves set it when first played:
        # a table loaded again (a restart, another process's change) refuses as `stale` what
        # the table that was never dropped would refuse, and no more.
        table.fresh_from = [0] * table.num_players
        table.times.advance(table.state.to_move(), stored.created_at)
        for entry in stored.log:
            table.apply_stored(entry)
        return table

    def apply_stored(self, entry: StoredMove) -> None:
        """Apply a stored log entry, the one after this table's version."""
        if entry.kind == MOVE:
            assert entry.action is not None
            self.play(entry.seat, self.state.parse_action(entry.action), entry.at)
        else:
            self.take_back(self.rebuilt(len(self.moves) - 1), entry.at)
        self.version = entry.version
        self.answers[entry.seat, entry.nonce] = Answer(True, entry.version)
        self.note_mover(entry.seat, entry.nonce)

    def note_mover(self, seat: int, nonce: str) -> None:
        """A log entry of `seat` sent with `nonce` stands: a move the server made (a nonce of
        its own) for a seat a person holds means that seat's time ran out."""
        if nonce.startswith(SERVER_NONCE_MARK) and not self.is_bot(seat):
            self.timed_out.add(seat)

    @property
    def num_players(self) -> int:
        return self.state.num_players

    @property
    def readers(self) -> list[Reader]:
        return [None, *range(self.num_players)]

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat].kind == BOT

    def out_of_time(self, seat: int, now: float) -> bool:
        """Whether the clock has run out on `seat`, to move now: its clock bot plays for it."""
        if self.clock is None:
            return False
        deadline = self.times.deadline(self.clock, seat)
        return deadline is not None and deadline <= now

    def next_deadline(self) -> float | None:
        """The soonest deadline of a human seat to move, or None (no clock, or none waits)."""
        if self.clock is None or self.state.is_over():
            return None
        deadlines = [
            deadline
            for seat, deadline in self.times.deadlines(self.clock).items()
            if not self.is_bot(seat)
        ]
        return min(deadlines, default=None)

    # -- moves --------------------------------------------------------------------------------
    def stale(self, seat: int, version: int) -> bool:
        """Whether a move chosen at `version` comes too late (or from the future). A move
        stays fresh while only other seats acted in a step where this seat was, and still is,
        to move: simultaneous steps (Altiplano's planning) accept each seat's own moves."""
        return not self.fresh_from[seat] <= version <= self.version

    def play(self, seat: int, action: Action, at: float) -> None:
        """Apply a move made at time `at`; the engine raises, changing nothing, if it is not
        legal. The caller raises the version once the move is stored."""
        movers_before = set(self.state.to_move())
        reveals_before = self.state.reveal_count
        told = self.state.apply_narrated(seat, action, self.readers)
        self.views.clear()
        sizes = {reader: len(entries) for reader, entries in self.log.items()}
        for reader, lines in told.items():
            self.log[reader].extend(lines)
        self.recap[seat] = len(self.log[seat])
        undoable = (
            self.state.reveal_count == reveals_before and action.kind not in self.info.undo_stops
        )
        self.moves.append(Played(seat, action, undoable, sizes))
        movers_after = set(self.state.to_move())
        for other in range(self.num_players):
            if other == seat or other not in movers_before or other not in movers_after:
                self.fresh_from[other] = self.version + 1
        self.times.advance(movers_after, at, self.version + 1)
        self.last_change = at

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not undo now, or None: the terminal's policy (only the seat's own
        last move, during its turn, never past a reveal or a turn's end, never after another
        seat has acted). A rated game has no undo."""
        if self.rated:
            return UNDO_OFF
        if not self.moves:
            return NOTHING_TO_UNDO
        last = self.moves[-1]
        if last.seat != seat or not last.undoable or seat not in self.state.to_move():
            return NOTHING_TO_UNDO
        return None

    def rebuilt(self, moves: int, start: tuple[GameState, int] | None = None) -> GameState:
        """The state after the first `moves` moves that stand, replayed from `start` (a
        snapshot's state and how many moves led to it) or from the beginning."""
        state, done = start or (self.info.state_class.new(self.options, self.seed), 0)
        for played in self.moves[done:moves]:
            state.apply(played.seat, played.action)
        return state

    def take_back(self, state: GameState, at: float) -> None:
        """Undo the last move at time `at`: `state` is the position before it (see
        `rebuilt`). The clocks do not go back: the time spent on the move stays spent."""
        undone = self.moves.pop()
        self.state = state
        self.views.clear()
        for reader, entries in self.log.items():
            del entries[undone.log_sizes.get(reader, 0) :]
        self.cuts.append((self.version + 1, {reader: len(e) for reader, e in self.log.items()}))
        self.recap = {s: min(n, len(self.log[s])) for s, n in self.recap.items()}
        self.fresh_from = [self.version + 1] * self.num_players
        self.times.advance(state.to_move(), at, self.version + 1)
        self.last_change = at

    # -- what leaves the server ---------------------------------------------------------------
    def view(self, seat: Reader) -> dict[str, Any]:
        """`seat`'s view of the position as it stands (shared: not to be changed)."""
        view = self.views.get(seat)
        if view is None:
            if self.state.views_alike and seat is not None:
                view = {**self.view(None), "seat": seat}
            else:
                view = self.state.shared_view(seat, self.view_parts)
            self.views[seat] = view
        return view

    def record(self) -> GameRecord:
        return GameRecord(
            self.info.name, self.options, self.seed, [(p.seat, p.action) for p in self.moves]
        )

    def payload(
        self,
        seat: Reader,
        log_start: int = 0,
        language: str = SOURCE_LANGUAGE,
        held: int | None = None,
    ) -> dict[str, Any]:
        """Everything `seat` (None: a spectator) may know of the table now, as JSON: its view,
        its legal actions with labels, its log from `log_start` (or from where an undo since
        version `held`, when the reader's log of `log_start` lines stood, cut it), and at the
        end the scores, the score sheet (with its words) and the seed, every text in
        `language`. Nothing of it is hidden from that reader."""
        state = self.state
        catalogue = game_words(self.info.name, language)
        log = self.log[seat]
        if held is not None:
            for version, sizes in reversed(self.cuts):
                if version <= held:
                    break
                log_start = min(log_start, sizes[seat])
        log_start = max(0, min(log_start, len(log)))
        movers = state.to_move()
        legal = (
            self.legal_entries(seat, language, catalogue)
            if seat is not None and seat in movers
            else []
        )
        over = state.is_over()
        data: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            "game": self.info.name,
            "title": self.info.title,
            "version": self.version,
            "seat": seat,
            "seats": self.seats_json(language, catalogue),
            "to_move": list(movers),
            "view": self.view(seat),
            "legal": legal,
            "can_undo": seat is not None and self.undo_refusal(seat) is None,
            "log_start": log_start,
            "log": [entry.to_json(catalogue) for entry in log[log_start:]],
            "log_size": len(log),
            "recap_start": self.recap.get(seat, 0) if seat is not None else None,
            "over": over,
            "hints": self.hints,
            "clock": self._clock_json(over),
            "rated": self.rated,
        }
        stage = stage_json(self, seat, language)
        if stage is not None:
            data["tutorial"] = stage
        if over:
            data |= {
                "scores": state.scores(),
                "winners": state.winners(),
                "score_sheet": state.score_sheet(),
                "score_words": {
                    key: said(text, catalogue) for key, text in state.score_words().items()
                },
                "seed": self.seed,
                "ratings": [rating_json(change) for change in self.ratings],
            }
        return data

    def seats_json(self, language: str, catalogue: Catalogue | None) -> list[dict[str, Any]]:
        """The seats as a payload in `language` lists them, each with its look from the
        game's declaration (colour word in that language, colour, shape): the pages draw and
        name seats by it, holding no copy. Kept per language while the seats' kinds, names and
        bots stay (shared: not to be changed)."""
        made_from = [(s.seat, s.kind, s.name, s.bot) for s in self.seats]
        known = self.seats_shown.get(language)
        if known is None or known[0] != made_from:
            looks = self.info.seats
            known = self.seats_shown[language] = (
                made_from,
                [
                    {"seat": seat, "kind": kind, "name": name, "bot": bot}
                    | looks.look(seat).to_json(catalogue)
                    for seat, kind, name, bot in made_from
                ],
            )
        return known[1]

    def legal_entries(
        self, seat: int, language: str, catalogue: Catalogue | None
    ) -> list[dict[str, Any]]:
        """`seat`'s legal actions as its payload lists them: each action's JSON, its label
        said in `language` (`catalogue`) and its board elements. An action listed in one of
        the table's recent payloads in that language, any seat's, whose reads
        (`WebPlugin.action_reads`) are the same is listed as it was there (the same entry: the
        reads hold at any two positions of a table, whoever moves); the others are made. Kept
        across seats and positions, an entry is made again after a walk's figure returns or
        at the other seat's turn far less often than when each seat kept its last list only."""
        state = self.state
        actions = state.legal_actions(seat)
        reads, elements, label = reads_of(self.info), elements_of(self.info), state.action_label

        def entry(action: Action) -> dict[str, Any]:
            return {
                "action": action.to_json(),
                "label": said(label(action), catalogue),
                "elements": elements(state, action),
            }

        if reads is None:
            return [entry(action) for action in actions]
        kept = self._entries_kept(language, len(actions))
        listed = []
        for action in actions:
            read = reads(state, action)
            known = kept.get(id(action))
            if known is None or known[0] is not action or known[1] != read:
                known = kept[id(action)] = (action, read, entry(action))
            listed.append(known[2])
        return listed

    def _entries_kept(self, language: str, listing: int) -> Entries:
        """Where a payload that lists `listing` legal actions in `language` finds and keeps
        its entries: the table's, started afresh where they would grow past
        `TABLE_ENTRIES_KEPT`; for a list longer than `ENTRIES_KEPT`, a new one not kept."""
        if listing > ENTRIES_KEPT:
            return {}
        kept = self.entries.get(language)
        if kept is None or len(kept) + listing > TABLE_ENTRIES_KEPT:
            kept = self.entries[language] = {}
        return kept

    def replay(self, seat: Reader, step: int, language: str = SOURCE_LANGUAGE) -> dict[str, Any]:
        """`seat`'s view after the first `step` moves, and its log up to then, in `language`
        (and how long that log was after each step, for jumping to the step a line tells of)."""
        catalogue = game_words(self.info.name, language)
        state = self.rebuilt(step)
        log = self.log[seat]
        end = self.moves[step].log_sizes.get(seat, 0) if step < len(self.moves) else len(log)
        mover = self.moves[step - 1].seat if step else None
        return {
            "type": "replay",
            "table": self.id,
            "game": self.info.name,
            "step": step,
            "steps": len(self.moves),
            "seat": seat,
            "mover": mover,
            # The reader's log length after each step, 0 to `steps`: where each line was made.
            "log_at": [p.log_sizes.get(seat, 0) for p in self.moves] + [len(log)],
            "view": state.view(seat),
            "log": [entry.to_json(catalogue) for entry in log[:end]],
        }

    def _clock_json(self, over: bool) -> dict[str, Any] | None:
        """The clock as every reader may see it: its kind and time, and when each seat to
        move runs out of time (epoch seconds)."""
        if self.clock is None:
            return None
        deadlines = {} if over else self.times.deadlines(self.clock)
        return {
            **self.clock.to_json(),
            "deadlines": {str(seat): deadline for seat, deadline in deadlines.items()},
            "spent": {str(seat): spent for seat, spent in sorted(self.times.spent.items())},
        }


def rating_json(change: RatingChange) -> dict[str, Any]:
    """A seat's rating change as the result panel shows it: the player (None for a deleted
    account), the rank it was rated at, and its shown rating before and after."""
    player = change.player
    return {
        "seat": change.seat,
        "player": None if player.deleted else player.name,
        "bot": player.bot,
        "rank": change.rank,
        "abandoned": change.abandoned,
        "before": change.before.shown,
        "after": change.after.shown,
    }


def malformed(version: int, exc: MeepleError) -> Answer:
    return Answer(False, version, "malformed", str(exc))
