"""Tikal in the terminal: the hex map, the players' table and a legend, from a seat's view.

The map draws flat-topped hexes in columns, odd columns half a hex lower, as on the board. Each
placed tile shows its space name, kind (temple value, treasures left), the stones on each side,
the figures of every colour (``R2L``: Red, 2 workers and the leader), camps and guards. Wide
terminals (100 columns or more) get large hexes with the stones drawn beside each side; narrower
ones get small hexes with the stones as six digits.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from meeple.engine.actions import Action
from meeple.engine.plugins import TerminalPlugin
from meeple.games.tikal.board import offset_cell, space_names
from meeple.games.tikal.components import Edition, TileDef, load_edition
from meeple.games.tikal.seats import SEATS


def seat_name(seat: int) -> str:
    return SEATS.name(seat)


def seat_colour(seat: int) -> str:
    """The seat's colour as the page draws it (Rich prints it in truecolour or its nearest)."""
    return SEATS.colour(seat)


def seat_letter(seat: int) -> str:
    """The seat's initial (B, O, G, P), for the board's narrow cells."""
    return SEATS.name(seat)[0]


SIDE_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
KIND_STYLE = {
    "temple": "bold magenta",
    "treasure": "bold cyan",
    "jungle": "bright_black",
    "volcano": "bold dark_orange",
    "base_camp": "bold white",
}
STONE_STYLE = "bold bright_white"
STONE = "•"
EDGE_STYLE = "grey50"
EMPTY_EDGE_STYLE = "grey30"
WIDE = 100  # columns from which the large hexes are drawn

ACTION_GROUPS = {
    "place_tile": "Place the tile",
    "choose_tile": "Choose a tile",
    "bid": "Auction",
    "pass": "Auction",
    "deploy": "Deploy a figure",
    "camp_move": "Secret paths between camps",
    "walk": "Walk",
    "excavate": "Excavate",
    "recover": "Recover a treasure",
    "exchange": "Exchange treasures",
    "build_camp": "Build a camp",
    "place_guard": "Place a guard",
    "end_turn": "End the turn",
}


#: Placing a tile takes two steps in the menu: the space first, then the turn (shown).
CHOOSE_FIRST = {"place_tile": ("space", "Where does the tile go? (then choose how it turns)")}


def first_step_label(view: Mapping[str, Any], space: int) -> str:
    """A space offered for the tile in hand, by the name the map shows."""
    edition = load_edition(view["options"].get("edition"))
    return space_names(edition)[space]


def action_detail(view: Mapping[str, Any], action: Action) -> str:
    """A hint shown after an action's label in the menu: the stones a placement would put on
    each side."""
    if action.kind == "place_tile" and view.get("hand"):
        edition = load_edition(view["options"].get("edition"))
        tile = _tile(edition, view["hand"])
        stones = tile.rotated(action.rotation)  # type: ignore[attr-defined]
        sides = " ".join(f"{n}{s}" for n, s in zip(SIDE_NAMES, stones, strict=True) if s)
        return f"stones {sides}" if sides else ""
    return ""


def render(view: Mapping[str, Any], edition: Edition | None = None) -> RenderableType:
    """The whole table as a seat sees it: map, status line, players and legend."""
    if edition is None:
        edition = load_edition(view["options"].get("edition"))
    return Group(
        HexMap(view, edition),
        status(view, edition),
        players_table(view, edition),
        legend(view),
    )


# -- the map ----------------------------------------------------------------------------------


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        if not 0 <= y < self.height:
            return
        for i, char in enumerate(text):
            if 0 <= x + i < self.width:
                self.chars[y][x + i] = char
                self.styles[y][x + i] = style

    def put_text(self, x: int, y: int, text: Text) -> None:
        for start, char in enumerate(text.plain):
            style = ""
            for span in text.spans:
                if span.start <= start < span.end:
                    style = str(span.style)
            self.put(x + start, y, char, style or str(text.style or ""))

    def to_text(self) -> Text:
        out = Text()
        for y in range(self.height):
            row, styles = self.chars[y], self.styles[y]
            end = len("".join(row).rstrip())
            x = 0
            while x < end:
                style, start = styles[x], x
                while x < end and styles[x] == style:
                    x += 1
                out.append("".join(row[start:x]), style=style or None)
            if y < self.height - 1:
                out.append("\n")
        return out


class HexMap:
    """The board; picks large or small hexes from the width it is given."""

    def __init__(self, view: Mapping[str, Any], edition: Edition) -> None:
        self.view, self.edition = view, edition

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        wide = options.max_width >= WIDE
        yield draw_map(self.view, self.edition, wide)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """The small map's width at least (narrower cuts hexes apart), the large one's at most:
        a front end with a scrollable pane keeps the board that wide and scrolls."""
        small, large = map_width(self.edition, wide=False), map_width(self.edition, wide=True)
        return Measurement(small, max(large, WIDE)).clamp(max_width=options.max_width)


def _geometry(wide: bool) -> tuple[int, int]:
    """A hex's half height and top edge length, in characters."""
    return (3, 9) if wide else (2, 7)


def map_width(edition: Edition, wide: bool) -> int:
    """The columns `draw_map` needs for the edition's board."""
    k, a = _geometry(wide)
    columns = {offset_cell(q, r)[0] for q, r in edition.spaces}
    return (max(columns) - min(columns) + 1) * (k + a) + k + 1


def draw_map(view: Mapping[str, Any], edition: Edition, wide: bool = True) -> Text:
    k, a = _geometry(wide)
    names = space_names(edition)
    cells = [offset_cell(q, r) for q, r in edition.spaces]
    min_c = min(c for c, _ in cells)
    min_r = min(r for _, r in cells)
    cols = max(c for c, _ in cells) - min_c + 1
    rows = max(r for _, r in cells) - min_r + 1
    canvas = _Canvas(cols * (k + a) + k + 1, rows * 2 * k + k + 1)
    placed = {entry["space"]: entry for entry in view["board"]}
    origins = []
    for c, r in cells:
        col, row = c - min_c, r - min_r
        x0, y0 = col * (k + a), row * 2 * k + (k if c & 1 else 0)
        origins.append((x0, y0))
    # Empty spaces first, so that the edges of placed tiles are drawn over theirs.
    order = sorted(range(len(cells)), key=lambda s: s in placed)
    for space in order:
        x0, y0 = origins[space]
        entry = placed.get(space)
        _outline(canvas, x0, y0, k, a, EDGE_STYLE if entry else EMPTY_EDGE_STYLE)
    for space in range(len(cells)):
        x0, y0 = origins[space]
        entry = placed.get(space)
        lines = (
            _tile_lines(view, edition, entry, names[space], k, a)
            if entry
            else _empty_lines(names[space], k, a)
        )
        for i, line in enumerate(lines, start=1):
            lo, hi = _interior(i, k, a)
            width = hi - lo + 1
            if line.cell_len > width:
                line.truncate(width)
            pad = (width - line.cell_len) // 2
            canvas.put_text(x0 + lo + pad, y0 + i, line)
    return canvas.to_text()


def _interior(i: int, k: int, a: int) -> tuple[int, int]:
    """First and last column, relative to the hex's left edge, inside row `i` (1..2k-1)."""
    if i <= k:
        return k - i + 1, k + a + i - 2
    return i - k, 3 * k + a - i - 1


def _outline(canvas: _Canvas, x0: int, y0: int, k: int, a: int, style: str) -> None:
    canvas.put(x0 + k, y0, "_" * a, style)
    for i in range(1, k + 1):
        canvas.put(x0 + k - i, y0 + i, "/", style)
        canvas.put(x0 + k + a + i - 1, y0 + i, "\\", style)
    for i in range(k + 1, 2 * k + 1):
        canvas.put(x0 + i - k - 1, y0 + i, "\\", style)
        canvas.put(x0 + 3 * k + a - i, y0 + i, "/", style)
    canvas.put(x0 + k, y0 + 2 * k, "_" * a, style)


def _empty_lines(name: str, k: int, a: int) -> list[Text]:
    lines = [Text() for _ in range(2 * k - 1)]
    lines[k - 1] = Text(name, style="grey42")
    return lines


def _tile_lines(
    view: Mapping[str, Any], edition: Edition, entry: Mapping[str, Any], name: str, k: int, a: int
) -> list[Text]:
    tile = _tile(edition, entry["tile"])
    stones = tile.rotated(entry["rotation"])
    figures = _figures(view, entry)
    extra = _extras(entry, tile, long=k >= 3)
    if k >= 3:
        w = [_interior(i, k, a) for i in range(1, 2 * k)]
        widths = [hi - lo + 1 for lo, hi in w]
        top = _spread(
            widths[0], [(0, Text(name, style="bold"))], [(widths[0] // 2, _stone(stones[0]))]
        )
        # The kind between the two side stones, a space from each (short if it is too long).
        room = widths[1] - stones[5] - stones[1] - 2
        kind = _kind_label(tile, entry, long=True)
        if kind.cell_len > room:
            kind = _kind_label(tile, entry, long=False)
        start = stones[5] + 1 + max(0, room - kind.cell_len) // 2
        second = _spread(
            widths[1],
            [(0, _stone(stones[5])), (start, kind[:room])],
            [(widths[1] - stones[1], _stone(stones[1]))],
        )
        bottom = _spread(
            widths[4],
            [(0, _stone(stones[4])), (widths[4] // 2, _stone(stones[3]))],
            [(widths[4] - stones[2], _stone(stones[2]))],
        )
        return [top, second, figures, extra, bottom]
    # Small hexes: name and kind; figures; stones N..NW as digits, and camp or guard.
    first = Text(name + " ", style="bold") + _kind_label(tile, entry, long=False)
    digits = Text("".join(str(s) for s in stones), style="grey62")
    third = digits + Text(" ") + extra if extra.plain else digits
    return [first, figures, third]


def _spread(width: int, *groups: Iterable[tuple[int, Text]]) -> Text:
    """A line of `width` cells with each text starting at its column."""
    chars: list[tuple[str, str]] = [(" ", "")] * width
    for group in groups:
        for x, text in group:
            for i, char in enumerate(text.plain):
                if 0 <= x + i < width:
                    chars[x + i] = (char, str(text.style or ""))
    line = Text()
    for char, style in chars:
        line.append(char, style=style or None)
    return line


def _stone(count: int) -> Text:
    """Stones as dots, one a stone: a digit would run into a temple's value ("temple 31")."""
    return Text(STONE * count, style=STONE_STYLE)


def _tile(edition: Edition, tile_id: str) -> TileDef:
    return edition.tiles[edition.tile_index(tile_id)]


def _kind_label(tile: TileDef, entry: Mapping[str, Any], long: bool) -> Text:
    style = KIND_STYLE.get(tile.kind, "")
    if tile.kind == "temple":
        return Text(
            f"temple {entry['temple_value']}" if long else f"T{entry['temple_value']}", style
        )
    if tile.kind == "treasure":
        return Text("treasure" if long else f"${entry['tokens']}", style)
    if tile.kind == "base_camp":
        return Text("BASE CAMP" if long else "BASE", style)
    if tile.kind == "volcano":
        return Text("VOLCANO" if long else "VOLC", style)
    return Text("jungle" if long else "J", style)


def _figures(view: Mapping[str, Any], entry: Mapping[str, Any]) -> Text:
    space = entry["space"]
    parts = []
    for seat, workers in enumerate(entry["workers"]):
        leader = view["players"][seat]["leader"] == space
        if workers or leader:
            parts.append((seat, f"{workers or ''}{'L' if leader else ''}"))
    full = Text(" ").join(
        Text(seat_letter(s) + t, style=f"bold {seat_colour(s)}") for s, t in parts
    )
    if full.cell_len <= 9 or len(parts) <= 2:
        return full
    return Text(" ").join(Text(t, style=f"bold {seat_colour(s)}") for s, t in parts)


def _extras(entry: Mapping[str, Any], tile: TileDef, long: bool) -> Text:
    if entry["guard"] >= 0:
        seat = entry["guard"]
        word = "guard " if long else "g"
        return Text(
            word + (seat_name(seat) if long else seat_letter(seat)),
            style=f"bold {seat_colour(seat)} reverse" if long else f"bold {seat_colour(seat)}",
        )
    if entry["camp"] >= 0:
        seat = entry["camp"]
        word = "camp " if long else "c"
        return Text(
            word + (seat_name(seat) if long else seat_letter(seat)),
            style=f"bold {seat_colour(seat)}",
        )
    if tile.kind == "treasure" and long:
        count = entry["tokens"]
        return Text(
            f"{count} treasure{'s' if count != 1 else ''}" if count else "emptied",
            style=KIND_STYLE["treasure"] if count else "grey50",
        )
    return Text()


# -- status, players, legend -------------------------------------------------------------------


def describe_tile(edition: Edition, tile_id: str) -> Text:
    """A tile for the status line: kind, value or masks, and stones per side before turning."""
    tile = _tile(edition, tile_id)
    text = Text(f"{tile.kind} {tile.id}", style=KIND_STYLE.get(tile.kind, ""))
    if tile.kind == "temple":
        text.append(f" (value {tile.temple_value})")
    elif tile.kind == "treasure":
        text.append(f" ({tile.masks} masks)")
    if tile.kind != "volcano":
        sides = " ".join(f"{n}{s}" for n, s in zip(SIDE_NAMES, tile.steps, strict=True) if s)
        text.append(f", stones {sides}", style="grey62")
    return text


def status(view: Mapping[str, Any], edition: Edition) -> RenderableType:
    lines = [_status_head(view)]
    if view["hand"] is not None:
        lines.append(Text("Tile in hand: ") + describe_tile(edition, view["hand"]))
    stack = Text(f"Stack: {view['stack_size']} tiles")
    if view["stack_top_letter"]:
        stack.append(f" (next letter {view['stack_top_letter']})")
    stack.append(f" · treasure tokens left: {view['token_supply']}")
    levels = " ".join(
        f"{value}×{count}" for value, count in enumerate(view["temple_levels"]) if count
    )
    lines.append(stack)
    lines.append(Text(f"Temple levels left (value×count): {levels or 'none'}"))
    if view["discarded"]:
        lines.append(Text(f"Set aside (no place fits): {', '.join(view['discarded'])}"))
    if view["options"].get("auction"):
        lines.append(_auction_line(view))
    return Group(*lines)


def _status_head(view: Mapping[str, Any]) -> Text:
    """Who moves and in which step, with the points left and any scoring round under way."""
    step, movers = view["step"], view["to_move"]
    head = Text()
    if step == "over":
        head.append("Game over", style="bold")
    else:
        who = ", ".join(seat_name(s) for s in movers)
        head.append(f"{who} to move", style=f"bold {seat_colour(movers[0])}" if movers else "bold")
        head.append(f" · step: {step}")
        if step == "act":
            head.append(" · AP left: ")
            head.append(str(view["ap"]), style="bold")
        scoring = view["scoring"]
        if scoring["queue"]:
            kind = "FINAL scoring round" if scoring["final"] else "scoring round (volcano)"
            order = " → ".join(seat_name(s) for s in scoring["queue"])
            head.append(f" · {kind}: {order} still to score", style="bold dark_orange")
    return head


def _auction_line(view: Mapping[str, Any]) -> Text:
    """The auction under way: the revealed tiles, the high bid, who passed and who moved."""
    auction = view["auction"]
    line = Text("Auction: revealed ")
    line.append(", ".join(view["revealed"]) or "none")
    if auction["high_bidder"] >= 0:
        line.append(f" · high bid {auction['high_bid']} by {seat_name(auction['high_bidder'])}")
    passed = [seat_name(s) for s, p in enumerate(auction["passed"]) if p]
    if passed:
        line.append(f" · passed: {', '.join(passed)}")
    moved = [seat_name(s) for s, m in enumerate(view["moved"]) if m]
    if moved:
        line.append(f" · moved this round: {', '.join(moved)}")
    return line


def players_table(view: Mapping[str, Any], edition: Edition) -> Table:
    names = space_names(edition)
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
    for column in ("Player", "Score", "Supply", "Leader", "Out", "Camps", "Guards", "Treasures"):
        table.add_column(
            column, justify="right" if column in ("Score", "Supply", "Out") else "left"
        )
    board = view["board"]
    movers = view["to_move"]
    for seat, player in enumerate(view["players"]):
        name = Text(seat_name(seat), style=f"bold {seat_colour(seat)}")
        if seat == view.get("seat"):
            name.append(" (you)")
        if seat in movers:
            name = Text("▶ ") + name
        leader = player["leader"]
        where = "supply" if leader == -1 else "out" if leader < 0 else names[leader]
        camps = [names[e["space"]] for e in board if e["camp"] == seat]
        guards = [names[e["space"]] for e in board if e["guard"] == seat]
        treasures = " ".join(
            f"#{kind + 1}×{count}" for kind, count in enumerate(player["treasures"]) if count
        )
        table.add_row(
            name,
            str(player["score"]),
            str(player["supply"]),
            where,
            str(player["out"]),
            " ".join(camps) or "-",
            " ".join(guards) or "-",
            treasures or "-",
        )
    return table


def legend(view: Mapping[str, Any]) -> Text:
    text = Text("Legend: ", style="grey62")
    for seat in range(len(view["players"])):
        text.append(f"{seat_letter(seat)}={seat_name(seat)} ", style=f"bold {seat_colour(seat)}")
    text.append(
        f"· R2L = Red: 2 workers + leader · temple N = top value · $N / N treasures = tokens "
        f"left · stones: {STONE} beside each side, one a stone (small map: six digits N NE SE "
        f"S SW NW) · treasures #kind×count · Out: figures out of the game (the others on a "
        f"temple when a guard is placed, TIK-10)",
        style="grey62",
    )
    return text


# -- score sheet -------------------------------------------------------------------------------


def render_score_sheet(sheet: Mapping[str, Any]) -> RenderableType:
    """Per scoring round and player: temples held, treasure sets, points; then the totals."""
    rounds = Table(title="Tikal score sheet", caption="g = guarded temple", header_style="bold")
    rounds.add_column("Round")
    rounds.add_column("Player")
    rounds.add_column("Temples (value)")
    rounds.add_column("Treasure sets")
    rounds.add_column("Temple pts", justify="right")
    rounds.add_column("Treasure pts", justify="right")
    rounds.add_column("Points", justify="right")
    set_names = {"1": "single", "2": "pair", "3": "triple"}
    for entry_round in sheet.get("rounds", []):
        label = f"{entry_round['round']}{' (final)' if entry_round.get('final') else ''}"
        for i, entry in enumerate(entry_round["entries"]):
            seat = entry["seat"]
            temples = ", ".join(
                f"{t['name']}:{t['value']}{'g' if t.get('guarded') else ''}"
                for t in entry["temples"]
            )
            sets = ", ".join(
                f"{count} {set_names.get(size, size)}{'s' if count != 1 else ''}"
                for size, count in entry["treasure_sets"].items()
                if count
            )
            rounds.add_row(
                label if i == 0 else "",
                Text(seat_name(seat), style=f"bold {seat_colour(seat)}"),
                temples or "-",
                sets or "-",
                str(entry["temple_points"]),
                str(entry["treasure_points"]),
                Text(str(entry["points"]), style="bold"),
                end_section=i == len(entry_round["entries"]) - 1,
            )
    return Group(rounds, totals_table(sheet["scores"], sheet["winners"], sheet.get("rounds", [])))


def totals_table(
    scores: list[int], winners: list[int], rounds: list[Mapping[str, Any]] | None = None
) -> Table:
    """Totals per player; with the rounds given, also what the scorings brought and, in the
    auction version, the rest (starting points less the bids paid)."""
    earned = [0] * len(scores)
    for entry_round in rounds or []:
        for entry in entry_round["entries"]:
            earned[entry["seat"]] += entry["points"]
    other = [total - e for total, e in zip(scores, earned, strict=True)]
    table = Table(title="Final scores", header_style="bold")
    table.add_column("Player")
    if rounds is not None:
        table.add_column("Scorings", justify="right")
        if any(other):
            table.add_column("Start − bids", justify="right")
    table.add_column("Total", justify="right")
    table.add_column("")
    for seat, score in enumerate(scores):
        cells: list[Any] = [Text(seat_name(seat), style=f"bold {seat_colour(seat)}")]
        if rounds is not None:
            cells.append(str(earned[seat]))
            if any(other):
                cells.append(str(other[seat]))
        cells.append(Text(str(score), style="bold"))
        cells.append(Text("WINNER", style="bold reverse") if seat in winners else "")
        table.add_row(*cells)
    return table


def progress(view: Mapping[str, Any]) -> str:
    """What an unattended game's progress line adds: how far the stack has come down."""
    return f"{view['stack_size']} tiles left"


#: What the terminal takes from this module (`GameInfo.terminal`).
TERMINAL = TerminalPlugin(
    render=render,
    action_groups=ACTION_GROUPS,
    action_detail=action_detail,
    render_score_sheet=render_score_sheet,
    progress=progress,
    choose_first=CHOOSE_FIRST,
    first_step_label=first_step_label,
)
