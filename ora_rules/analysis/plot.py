"""The estimates of an analysis as an SVG graph (docs/analysis.md, "The graph"): one line per
scored seat over the moves, in the seat's colour, with a point per decision of that seat and
the marked decisions drawn larger in the mark's colour. Each point is a
``<circle class="point" data-move="N">`` with a ``<title>``, so a client can jump to its move.
It draws the analysis and judges nothing.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from ora_core.state import State
from ora_rules.analysis.analyse import Analysis
from ora_rules.views.narrate import seat_name
from ora_rules.views.svg import SEAT_FILL

WIDTH, HEIGHT = 760, 300
LEFT, RIGHT, TOP, BOTTOM = 52, 16, 34, 36
MARK_FILL = {"inaccuracy": "#d4a017", "mistake": "#e67e22", "blunder": "#b03020"}
#: A white seat's line would vanish on the page: drawn in grey.
LINE_FILL = {**SEAT_FILL, "W": "#8a8a80", "Y": "#c89a10"}


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round steps (1, 2 or 5 times a power of ten) covering ``low`` .. ``high``."""
    span = max(high - low, 1.0)
    raw = span / count
    power = 10 ** len(str(int(raw))) / 10
    step = next(s * power for s in (1, 2, 5, 10) if s * power >= raw)
    first = step * (low // step)
    return [first + i * step for i in range(int((high - first) // step) + 2)
            if first + i * step <= high + step]


def analysis_svg(analysis: Analysis, state: State) -> str:
    """The graph of ``analysis`` of the game whose players ``state`` names."""
    points = [(analysis.first - 1, analysis.start)] + [(d.number, d.after)
                                                        for d in analysis.decisions]
    values = [v for _, row in points for v in row] or [0.0]
    ticks = _ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    first, last = points[0][0], max(points[-1][0], points[0][0] + 1)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(move: int) -> float:
        return LEFT + inner_w * (move - first) / (last - first)

    def y(value: float) -> float:
        return TOP + inner_h * (1 - (value - low) / ((high - low) or 1.0))

    names = [seat_name(state, seat) for seat in analysis.seats]
    title = (f"Estimated final scores by {analysis.bot} (budget {analysis.budget}), "
             f"moves {analysis.first}..{analysis.first - 1 + len(analysis.decisions)} "
             f"of {analysis.moves}")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="analysis-graph" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" '
           f'aria-label="{escape(title)}" font-family="sans-serif">',
           f"<title>{escape(title)}</title>",
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fffdf6"/>',
           f'<text x="{LEFT}" y="20" font-size="13" font-weight="bold" fill="#4a3a1a">'
           f"{escape(title)}</text>"]
    for tick in ticks:
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" '
                   f'y2="{y(tick):.1f}" stroke="#e3d8bf"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" font-size="11" '
                   f'text-anchor="end" fill="#5a4a2a">{tick:g}</text>')
    for tick in _ticks(first, last, 8):
        if first <= tick <= last:
            out.append(f'<text x="{x(int(tick)):.1f}" y="{HEIGHT - BOTTOM + 16}" '
                       f'font-size="11" text-anchor="middle" fill="#5a4a2a">{tick:g}</text>')
    out.append(f'<text x="{LEFT + inner_w / 2:.1f}" y="{HEIGHT - 6}" font-size="11" '
               f'text-anchor="middle" fill="#5a4a2a">move</text>')
    for index, seat in enumerate(analysis.seats):
        colour = LINE_FILL.get(state.players[seat].colour, "#555")
        path = " ".join(f"{x(m):.1f},{y(row[index]):.1f}" for m, row in points)
        out.append(f'<polyline class="seat-line" data-seat="{seat}" points="{path}" '
                   f'fill="none" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{WIDTH - RIGHT}" y="{20 + 14 * index}" font-size="11" '
                   f'text-anchor="end" fill="{colour}">{escape(names[index])}</text>')
    for d in analysis.decisions:
        if d.seat not in analysis.seats:
            continue
        index = analysis.seats.index(d.seat)
        colour = LINE_FILL.get(state.players[d.seat].colour, "#555")
        fill = MARK_FILL.get(d.mark or "", colour)
        radius = 5 if d.mark else 2.5
        better = f"; {d.best} {d.loss:+g}" if d.disagrees else ""
        words = (f"move {d.number}, {names[index]}: {d.played} "
                 f"{d.after[index]:g}{better}{f' ({d.mark})' if d.mark else ''}")
        out.append(f'<circle class="point{" marked" if d.mark else ""}" data-move="{d.number}" '
                   f'cx="{x(d.number):.1f}" cy="{y(d.after[index]):.1f}" r="{radius}" '
                   f'fill="{fill}"><title>{escape(words)}</title></circle>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
