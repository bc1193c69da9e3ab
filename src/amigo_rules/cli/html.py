"""A game as one web page: every position's picture (the game's ``render_svg``), the
narration, buttons, a slider and the arrow keys to step through it. One self-contained
file: no script, style or picture is fetched from anywhere."""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape

import attrs

from ..core.svg import PLAYER_COLOURS, text_colour
from ..core.text import Line

CLASSES = ("plus", "minus", "lucky", "gift", "steal", "special", "hidden", "risk", "token",
           "hat+", "hat-", "guard", "yellow", "orange", "dim", "bold", "alert", "good", "bad")
"""The style names of `amigo_rules.core.text` that the page colours (players: p0 … p7)."""


@attrs.frozen
class Frame:
    """One position of the replay."""

    svg: str
    """The picture of the position."""
    caption: str
    """What led here: ``move 12 of 140: P2 plays pawn 7``."""
    lines: tuple[Line, ...]
    """The narration of the move that led here (and the results on the last frame)."""


def css_class(style: str) -> str:
    return "s-" + style.replace("+", "plus").replace("-", "minus")


def line_html(line: Line) -> str:
    """A narration line as HTML: each span in its style's class."""
    return "".join(
        f'<span class="{css_class(style)}">{escape(text)}</span>' if style else escape(text)
        for text, style in line
    )


def replay_page(title: str, subtitle: str, frames: Sequence[Frame]) -> str:
    """The page stepping through ``frames``; it opens on the first."""
    pictures = "\n".join(
        f'<figure class="frame" data-frame="{i}"{"" if i == 0 else " hidden"}>{frame.svg}'
        f"</figure>"
        for i, frame in enumerate(frames)
    )
    log = "\n".join(
        f'<li data-frame="{i}"{"" if i == 0 else " hidden"}>{line_html(line)}</li>'
        for i, frame in enumerate(frames) for line in frame.lines
    )
    captions = json.dumps([frame.caption for frame in frames])
    return PAGE.format(
        title=escape(title), subtitle=escape(subtitle), pictures=pictures, log=log,
        captions=captions.replace("<", "\\u003c"), last=len(frames) - 1, colours=COLOURS,
    )


COLOURS = """
.s-plus { color: #1b7f3b; font-weight: bold } .s-minus { color: #c0392b; font-weight: bold }
.s-lucky { color: #b7791f; font-weight: bold } .s-gift { color: #8e44ad; font-weight: bold }
.s-steal { color: #117a8b; font-weight: bold } .s-special { font-weight: bold }
.s-hidden, .s-dim { color: #777 } .s-risk { color: #d35400; font-weight: bold }
.s-token { color: #117a8b; font-weight: bold } .s-hatplus { color: #b7791f; font-weight: bold }
.s-hatminus { color: #8e44ad; font-weight: bold } .s-guard { font-weight: bold }
.s-yellow { color: #a68a00; font-weight: bold } .s-orange { color: #c25e00; font-weight: bold }
.s-bold { font-weight: bold } .s-alert { color: #fff; background: #c0392b; font-weight: bold }
.s-good { color: #1b7f3b; font-weight: bold } .s-bad { color: #c0392b; font-weight: bold }
""" + "".join(f".s-p{p} {{ color: {text_colour(fill)}; font-weight: bold }}\n"
             for p, fill in enumerate(PLAYER_COLOURS))
"""The tile colours of the terminal, and the players' colours of the pictures
(`amigo_rules.core.svg.PLAYER_COLOURS`, darkened where too light for text)."""

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1rem; color: #222; }}
h1 {{ font-size: 1.3rem; margin: 0 }} .subtitle {{ color: #555; margin: 0.2rem 0 0.8rem }}
.controls {{ display: flex; gap: 0.4rem; align-items: center; flex-wrap: wrap;
  position: sticky; top: 0; background: #fff; padding: 0.4rem 0; }}
.controls button {{ font-size: 1rem }}
#slider {{ flex: 1; min-width: 10rem }}
#caption {{ font-weight: bold; margin: 0.4rem 0 }}
main {{ display: flex; gap: 1rem; flex-wrap: wrap; align-items: flex-start }}
#pictures {{ flex: 2 1 30rem; max-width: 48rem }} figure {{ margin: 0 }}
figure svg {{ display: block; width: 100%; height: auto }}
#log {{ font-family: ui-monospace, monospace; font-size: 0.85rem; max-height: 80vh;
  overflow-y: auto; flex: 1; min-width: 18rem; margin: 0; padding: 0; list-style: none }}
#log li.now {{ background: #fff3c4 }}
{colours}
</style>
</head>
<body>
<h1>{title}</h1>
<p class="subtitle">{subtitle}</p>
<div class="controls">
<button id="first" title="the start (Home)">« start</button>
<button id="back" title="the previous move (←)">‹ back</button>
<button id="next" title="the next move (→)">next ›</button>
<button id="last" title="the end (End)">end »</button>
<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="move">
</div>
<p id="caption"></p>
<main>
<div id="pictures">
{pictures}
</div>
<ol id="log">
{log}
</ol>
</main>
<script>
const captions = {captions};
const last = {last};
let shown = -1;
function show(frame) {{
  frame = Math.max(0, Math.min(last, frame));
  if (frame === shown) return;
  for (const figure of document.querySelectorAll("figure.frame")) {{
    figure.hidden = Number(figure.dataset.frame) !== frame;
  }}
  let current = null;
  for (const item of document.querySelectorAll("#log li")) {{
    const at = Number(item.dataset.frame);
    item.hidden = at > frame;
    item.classList.toggle("now", at === frame);
    if (at === frame && current === null) current = item;
  }}
  if (current) current.scrollIntoView({{block: "nearest"}});
  document.getElementById("caption").textContent = captions[frame];
  document.getElementById("slider").value = frame;
  shown = frame;
}}
document.getElementById("first").onclick = () => show(0);
document.getElementById("back").onclick = () => show(shown - 1);
document.getElementById("next").onclick = () => show(shown + 1);
document.getElementById("last").onclick = () => show(last);
document.getElementById("slider").oninput = (e) => show(Number(e.target.value));
document.addEventListener("keydown", (e) => {{
  if (e.target.id === "slider") return;
  const step = {{ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}}[e.key];
  if (step) {{ show(shown + step); e.preventDefault(); }}
  else if (e.key === "Home") {{ show(0); e.preventDefault(); }}
  else if (e.key === "End") {{ show(last); e.preventDefault(); }}
}});
show(0);
</script>
</body>
</html>
"""
