"""A game as one SVG picture (``ora render``, ``GET /games/{id}.svg``), like ``chess.svg``.

``board_svg(view)`` turns a drawing view (``ora_rules.views.view.BoardView``) into SVG text: every
seat's landscape with the buildings named and the clergy on them, the production wheel, the
display by stage, the schedule and the score table. It draws what the view says and decides
nothing: no rule lives here. Each card is a ``<g class="card" data-card="ID">`` whose text is
the card's name, so tools (and the tests) can read a picture back.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from ora_core.state import State
from ora_rules.specs import Rules
from ora_rules.views import vocabulary as v
from ora_rules.views.i18n import words
from ora_rules.views.view import BoardView, GridSpace, SeatView, view

CELL_W, CELL_H = 88, 56
MARGIN = 16
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

TERRAIN_FILL = {"water": "#8ec3e6", "coast": "#ecdca6", "plains": "#bfdc8f",
                "hillside": "#9cc27a", "mountain": "#a9a096"}
SEAT_FILL = {"R": "#c0392b", "G": "#2e8b57", "B": "#2f63b0", "W": "#f7f7f2", "Y": "#e1b12c"}
CARD_FILL = {"building": "#fffdf6", "settlement": "#f6e3c6"}
FOREST_FILL, MOOR_FILL = "#3f7d3a", "#7a5a3a"


class _Svg:
    """SVG elements as text, appended in drawing order."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, text: str) -> None:
        self.parts.append(text)

    def rect(self, x: float, y: float, w: float, h: float, fill: str, *, stroke: str = "#555",
             rx: float = 0, width: float = 1, extra: str = "") -> None:
        self.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" '
                 f'fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"{extra}/>')

    def text(self, x: float, y: float, text: str, *, size: float = 11, anchor: str = "start",
             weight: str = "normal", fill: str = "#222", extra: str = "") -> None:
        self.add(f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" '
                 f'font-weight="{weight}" fill="{fill}"{extra}>{escape(text)}</text>')

    def lines(self, x: float, y: float, lines: list[str], *, size: float = 11,
              anchor: str = "middle", weight: str = "normal", fill: str = "#222",
              leading: float = 1.2) -> None:
        """One ``<text>`` of several lines (``<tspan>``s): its text content is the whole."""
        spans = []
        for i, line in enumerate(lines):
            dy = 0 if i == 0 else size * leading
            sep = " " if i else ""
            spans.append(f'<tspan x="{x:g}" dy="{dy:g}">{escape(sep + line)}</tspan>')
        self.add(f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" '
                 f'font-weight="{weight}" fill="{fill}">{"".join(spans)}</text>')


def wrap(text: str, width: float, size: float) -> list[str]:
    """Words into lines of at most ``width`` pixels (an estimate: 0.58 em per character)."""
    limit = max(int(width / (size * 0.58)), 1)
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def fitted_size(text: str, width: float, size: float) -> float:
    """``size``, or smaller so that ``text`` fits on one line of ``width`` pixels (the same
    estimate as ``wrap``): a Greek or Russian word can be twice as long as the English one."""
    return min(size, math.floor(10 * width / max(len(text) * 0.58, 1)) / 10)


def _fit(text: str, width: float, height: float, size: float) -> tuple[list[str], float]:
    """The largest font size up to ``size`` at which ``text`` fits the box, and its lines."""
    while size > 7:
        lines = wrap(text, width, size)
        if len(lines) * size * 1.2 <= height and all(
                len(line) * size * 0.58 <= width for line in lines):
            return lines, size
        size -= 0.5
    return wrap(text, width, size), size


def _space(svg: _Svg, s: GridSpace, x: float, y: float) -> None:
    h = CELL_H * s.height
    svg.rect(x, y, CELL_W, h, TERRAIN_FILL.get(s.terrain, "#ddd"), stroke="#6b6b6b")
    if s.card is None:
        svg.text(x + CELL_W / 2, y + h - 6, s.terrain_name, size=8, anchor="middle",
                 fill="#55603f")
        return
    title = f"<title>{escape(f'{s.card} {s.card_name}')}</title>"
    if s.card_kind in ("forest", "moor"):
        fill = FOREST_FILL if s.card_kind == "forest" else MOOR_FILL
        svg.add(f'<g class="card" data-card={quoteattr(s.card)}>{title}')
        svg.rect(x + 5, y + 5, CELL_W - 10, h - 10, fill, stroke="none", rx=8)
        if s.card_kind == "forest":
            for dx in (-18, 0, 18):
                cx = x + CELL_W / 2 + dx
                svg.add(f'<polygon points="{cx - 8:g},{y + 34:g} {cx + 8:g},{y + 34:g} '
                        f'{cx:g},{y + 16:g}" fill="#2a5a27"/>')
        svg.text(x + CELL_W / 2, y + h - 9, s.card_name or "", size=10, anchor="middle",
                 fill="#fff")
        svg.add("</g>")
        return
    fill = CARD_FILL.get(s.card_kind or "building", "#fff")
    svg.add(f'<g class="card" data-card={quoteattr(s.card)}>{title}')
    svg.rect(x + 3, y + 3, CELL_W - 6, h - 6, fill, stroke="#8a7a5a", rx=4)
    svg.text(x + 7, y + 13, s.card, size=8, fill="#7a6a4a")
    if s.covered:  # the solo neutral landscape builds over cards (R-SOLO-10)
        svg.text(x + CELL_W - 7, y + h - 7, "▲ " + " ".join(s.covered), size=7,
                 anchor="end", fill="#7a6a4a")
    lines, size = _fit(s.card_name or s.card, CELL_W - 10, h - 24, 11)
    top = y + 14 + (h - 20 - len(lines) * size * 1.2) / 2 + size * 0.9
    svg.lines(x + CELL_W / 2, top, lines, size=size, weight="bold")
    svg.add("</g>")
    for i, mark in enumerate(s.clergy):
        cx, cy = x + CELL_W - 11 - 15 * i, y + 12
        r = 7 if mark.kind == "prior" else 5
        fill = SEAT_FILL.get(mark.colour, "#999")
        svg.add(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r}" fill="{fill}" stroke="#222" '
                f'stroke-width="1.2"><title>{escape(mark.name)}</title></circle>')
        if mark.kind == "prior":
            svg.text(cx, cy + 3, "P", size=8, anchor="middle", weight="bold",
                     fill="#222" if mark.colour in ("W", "Y") else "#fff")


def _seat(svg: _Svg, seat: SeatView, x: float, y: float, board: BoardView) -> float:
    """One seat's panel at (x, y); its height."""
    _ = words(board.locale).gettext
    grid = seat.landscape
    colour = SEAT_FILL.get(seat.colour, "#999")
    svg.rect(x, y, 18, 18, colour, stroke="#222", rx=3)
    name = f"{_(v.SCORE['seat'])} {seat.seat} · {seat.colour_name}"
    if seat.score is not None:
        kind = _(v.SCORE["final"] if board.final else v.SCORE["provisional"])
        name += f" · {seat.score.total} ({kind})"
    if seat.deciding:
        name += "  ◀"
    svg.text(x + 26, y + 14, name, size=15, weight="bold")
    held = [f"{g.name} {g.count}" for g in seat.goods if g.count]
    home = seat.clergy_home
    clergy = f"{_(v.CLERGY['prior'])} {home.prior} · {_(v.CLERGY['lay_brother'])} " \
             f"{home.lay_brothers}"
    info_w = len(grid.cols) * CELL_W
    info = wrap(" · ".join(held) or "—", info_w, 10.5)
    svg.lines(x, y + 34, info, size=10.5, anchor="start", fill="#333")
    top = y + 34 + len(info) * 12.6
    svg.text(x, top + 2, clergy, size=10.5, fill="#333")
    top += 14
    if seat.settlements:
        hand = ", ".join(c.name for c in seat.settlements)
        lines = wrap(f"{_(v.SCORE['settlements'])}: {hand}", info_w, 10)
        svg.lines(x, top + 2, lines, size=10, anchor="start", fill="#5a4a2a")
        top += len(lines) * 12
    gy = top + 10
    by_coord = {(s.col, s.row): s for s in grid.spaces}
    for row_i, row in enumerate(grid.rows):
        for col_i, col in enumerate(grid.cols):
            s = by_coord.get((col, row))
            if s is not None:
                _space(svg, s, x + col_i * CELL_W, gy + row_i * CELL_H)
    return gy + len(grid.rows) * CELL_H - y


def _wheel(svg: _Svg, board: BoardView, cx: float, cy: float, radius: float) -> None:
    _ = words(board.locale).gettext
    wheel = board.wheel
    n = len(wheel.values)
    svg.text(cx, cy - radius - 14, _(v.SCORE["wheel"]), size=14, anchor="middle",
             weight="bold")
    at: dict[int, list[str]] = {}
    for ind in wheel.indicators:
        at.setdefault(ind.position, []).append(ind.name)
    for i, value in enumerate(wheel.values):
        a0 = -math.pi / 2 + (i - 0.5) * 2 * math.pi / n
        a1 = a0 + 2 * math.pi / n
        p0 = (cx + radius * math.cos(a0), cy + radius * math.sin(a0))
        p1 = (cx + radius * math.cos(a1), cy + radius * math.sin(a1))
        fill = "#f4ecd8" if i % 2 else "#e9dcbc"
        svg.add(f'<path d="M{cx:g},{cy:g} L{p0[0]:.1f},{p0[1]:.1f} A{radius:g},{radius:g} 0 0 1 '
                f'{p1[0]:.1f},{p1[1]:.1f} Z" fill="{fill}" stroke="#8a7a5a"/>')
        mid = a0 + math.pi / n
        vx, vy = cx + (radius - 14) * math.cos(mid), cy + (radius - 14) * math.sin(mid)
        svg.text(vx, vy + 5, str(value), size=14, anchor="middle", weight="bold",
                 fill="#6a4a1a")
        names = at.get(i, [])
        r = radius * 0.62
        chord = 2 * r * math.sin(math.pi / n) - 4  # the slice's width where the names stand
        for j, name in enumerate(names):
            lx, ly = cx + r * math.cos(mid), cy + r * math.sin(mid)
            svg.text(lx, ly + 3 + 11 * (j - (len(names) - 1) / 2), name,
                     size=fitted_size(name, chord, 9.5), anchor="middle", fill="#222")
    svg.add(f'<circle cx="{cx:g}" cy="{cy:g}" r="16" fill="#6a4a1a"/>')


def _display(svg: _Svg, board: BoardView, x: float, y: float, width: float) -> float:
    _ = words(board.locale).gettext
    svg.text(x, y, _(v.SCORE["display"]), size=14, weight="bold")
    y += 8
    card_w, card_h = 118, 62
    per_row = max(int(width // (card_w + 6)), 1)
    for group in board.display:
        svg.text(x, y + 14, group.name, size=11, weight="bold", fill="#6a4a1a")
        y += 20
        for i, card in enumerate(group.buildings):
            cx = x + (i % per_row) * (card_w + 6)
            cy = y + (i // per_row) * (card_h + 6)
            svg.add(f'<g class="card" data-card={quoteattr(card.id)}>'
                    f'<title>{escape(f"{card.id} {card.name}")}</title>')
            svg.rect(cx, cy, card_w, card_h, CARD_FILL["building"], stroke="#8a7a5a", rx=4)
            svg.text(cx + 5, cy + 11, card.id, size=8, fill="#7a6a4a")
            lines, size = _fit(card.name, card_w - 10, 26, 11)
            svg.lines(cx + card_w / 2, cy + 22, lines, size=size, weight="bold")
            svg.add("</g>")
            cost = " ".join(f"{g.count}{g.code}" for g in card.cost) or "—"
            terrain = "".join(t[0].upper() for t in card.terrain)
            svg.text(cx + 5, cy + card_h - 6, cost, size=9, fill="#444")
            svg.text(cx + card_w - 5, cy + card_h - 6, terrain + (" ✝" if card.cloister else ""),
                     size=9, anchor="end", fill="#444")
        rows = (len(group.buildings) + per_row - 1) // per_row
        y += rows * (card_h + 6)
    return y


def _scores(svg: _Svg, board: BoardView, x: float, y: float) -> float:
    _ = words(board.locale).gettext
    kind = _(v.SCORE["final"] if board.final else v.SCORE["provisional"])
    svg.text(x, y, f"{_(v.SCORE['score'])} ({kind})", size=14, weight="bold")
    heads = [_(v.SCORE[k]) for k in ("seat", "goods", "economic", "settlements", "total")]
    widths = [110, 60, 110, 100, 60]
    y += 8
    cols = [x + sum(widths[:i]) for i in range(len(widths))]
    svg.rect(x, y, sum(widths), 20, "#e9dcbc", stroke="#8a7a5a")
    for cx, head, w in zip(cols, heads, widths, strict=True):
        svg.text(cx + w / 2, y + 14, head, size=fitted_size(head, w - 6, 10), anchor="middle",
                 weight="bold")
    y += 20
    for seat in board.seats:
        if seat.score is None:
            continue
        s = seat.score
        win = board.final and seat.seat in board.winners
        svg.rect(x, y, sum(widths), 20, "#fffdf6", stroke="#cbbd9a")
        cells = [f"{seat.seat} {seat.colour_name}", str(s.goods), str(s.economic),
                 str(sum(s.settlements)), str(s.total) + (" ★" if win else "")]
        for cx, cell, w in zip(cols, cells, widths, strict=True):
            svg.text(cx + w / 2, y + 14, cell, size=10.5, anchor="middle",
                     weight="bold" if win else "normal")
        svg.rect(x + 4, y + 5, 10, 10, SEAT_FILL.get(seat.colour, "#999"), stroke="#222")
        y += 20
    return y


def _schedule_lines(board: BoardView) -> list[str]:
    _ = words(board.locale).gettext
    s = board.schedule
    head = f"{s.unit_name} {s.round}"
    if s.last_round is not None:
        head += f" / {s.last_round} · " + _(v.SCORE["left"]).format(n=s.rounds_left)
    head += f" · {board.turn.name}"
    phases = []
    for p in s.settlement_phases:
        if p.held:
            phases.append(f"{p.stage} ✓")
        elif p.round is not None:
            phases.append(f"{p.stage}: {s.unit_name} {p.round}")
    lines = [head, f"{_(v.PHASES['settlement'])}: " + ", ".join(phases)]
    prices = board.prices
    lines.append(f"{_(v.SCORE['prices'])}: {_(v.LANDSCAPE['district'])} "
                 f"{prices.district if prices.district is not None else '—'} · "
                 f"{_(v.LANDSCAPE['plot'])} {prices.plot if prices.plot is not None else '—'} · "
                 f"{_(v.SCORE['work_contract'])} {prices.work_contract}")
    return lines


def board_svg(board: BoardView, *, seats: Iterable[int] | None = None) -> str:
    """The SVG picture of ``board``; ``seats``: only these seats' landscapes (default all)."""
    _ = words(board.locale).gettext
    shown = [s for s in board.seats if seats is None or s.seat in set(seats)]
    svg = _Svg()
    columns = 2 if len(shown) > 2 else max(len(shown), 1)
    grid_w = max((len(s.landscape.cols) for s in shown), default=5) * CELL_W
    panel_w = grid_w + 2 * MARGIN
    side_x = MARGIN + columns * panel_w
    side_w = 470
    # Title and schedule.
    title = f"Ora et Labora · {board.mode_name} · {board.variant_name}"
    svg.text(MARGIN, 28, title, size=20, weight="bold")
    where = f"v{board.version}" + (f" · #{board.move}" if board.move is not None else "")
    y = 48.0
    for line in _schedule_lines(board):
        svg.text(MARGIN, y, line, size=12, fill="#333")
        y += 16
    end = wrap(board.schedule.end, side_x - 2 * MARGIN, 11)
    svg.lines(MARGIN, y, end, size=11, anchor="start", fill="#555")
    y += len(end) * 13.2 + 12
    # Landscapes, two columns.
    heights = [0.0] * columns
    tops = [y] * columns
    for i, seat in enumerate(shown):
        c = i % columns if columns == 2 else i
        if columns == 2:
            c = 0 if heights[0] <= heights[1] else 1
        h = _seat(svg, seat, MARGIN + c * panel_w, tops[c] + heights[c], board)
        heights[c] += h + 28
    bottom = max(tops[c] + heights[c] for c in range(columns))
    # The side panel: wheel, scores, display.
    radius = 150
    _wheel(svg, board, side_x + side_w / 2, 60 + radius, radius)
    sy = _scores(svg, board, side_x + 5, 60 + 2 * radius + 40)
    sy = _display(svg, board, side_x, sy + 34, side_w)
    width = side_x + side_w + MARGIN
    height = max(bottom, sy) + MARGIN
    svg.text(width - MARGIN, height - 6, where, size=9, anchor="end", fill="#888")
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" font-family="{FONT}">'
            f'<rect width="100%" height="100%" fill="#fbf7ee"/>')
    return head + "".join(svg.parts) + "</svg>\n"


def state_svg(state: State, rules: Rules, *, locale: str = "en",
              seats: Iterable[int] | None = None) -> str:
    """The picture of a state without a server (``chess.svg.board(board)``'s counterpart)."""
    return board_svg(view(state, rules, locale=locale), seats=seats)
