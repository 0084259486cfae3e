"""Shared pieces of the SVG drawings: number formatting, escaping, palette,
the root element and the clickable move elements."""

U = 24.0          # drawing units per square (board square, chocolate square, lattice unit)
UNIT_PX = 34      # natural pixels per square
MIN_PX, MAX_PX = 200, 640

PALETTE = {
    # chocolate (reads on light and dark pages)
    "choc": "#7b4a2b",
    "choc_edge": "#3e2415",
    "groove": "#4a2a18",
    "shine": "#a8744c",
    "face": "#85512f",
    "face_edge": "#9b6643",
    "bitter": "#5d6167",
    "bitter_mark": "#d9dce0",
    # boards
    "wood": "#e6c38a",
    "wood_line": "#7a5a2e",
    "goal": "#8fc47a",
    "target": "#2f6fb3",
    # counters
    "counter": "#e0a526",
    "counter_edge": "#8a5f0a",
    # moves and hints
    "hover": "#ffcf33",
    "P": "#2e9e44",
    "N": "#d63b3b",
}

# Hover and keyboard focus, scoped to the drawing's class; widget CSS may override.
STYLE = (
    ".grundy-svg .move{{cursor:pointer;outline:none}}"
    ".grundy-svg .move:hover .cut,.grundy-svg .move:focus-visible .cut"
    "{{stroke:{c};stroke-opacity:1}}"
    ".grundy-svg .move:hover .dot,.grundy-svg .move:focus-visible .dot,"
    ".grundy-svg .move:hover .counter{{fill:{c};fill-opacity:1}}"
    ".grundy-svg .move:focus-visible line.hit{{stroke:{c};stroke-opacity:.4}}"
    ".grundy-svg .move:focus-visible rect.hit{{fill:{c};fill-opacity:.55}}"
    ".grundy-svg .move:focus-visible .counter{{stroke:{c};stroke-width:4}}"
).format(c=PALETTE["hover"])


def num(v):
    """A compact decimal for an SVG coordinate."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def esc(text):
    """Escape text for XML content and double-quoted attributes."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;").replace('"', "&quot;"))


def attrs(**kw):
    """Render keyword attributes (underscores become dashes; None is skipped)."""
    out = []
    for key, val in kw.items():
        if val is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f' {name}="{esc(num(val) if isinstance(val, float) else val)}"')
    return "".join(out)


def el(tag, body=None, **kw):
    """One element, self-closing when it has no body."""
    if body is None:
        return f"<{tag}{attrs(**kw)}/>"
    return f"<{tag}{attrs(**kw)}>{body}</{tag}>"


def points(pts):
    """An SVG points/path coordinate list."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


def key(pos):
    """The data-to / hints key of a position: "c1,c2,..."."""
    return ",".join(str(c) for c in pos)


DRAWERS = {}  # game name -> drawer(game, pos, moves) -> (viewBox, body)
TITLES = {}   # game name -> title(game, pos, lang) for games that word it their own way


def drawer(*names, title=None):
    """Decorator: register a drawer for the games `names` (and optionally their title)."""
    def register(function):
        for name in names:
            DRAWERS[name] = function
            if title is not None:
                TITLES[name] = title
        return function
    return register


class Moves:
    """Builds the clickable move elements of one drawing. `lift` maps a move's target
    to the full position written in data-to (a sum's flat position, the pass flag)."""

    def __init__(self, lang, interactive, hints, lift=None):
        self.lang = lang
        self.interactive = interactive
        self.hints = hints or {}
        self.lift = lift or tuple

    def target(self, move):
        """The data-to / hints key of a move."""
        return key(self.lift(move.to))

    def hint(self, move):
        """"P", "N" or None for a move."""
        return self.hints.get(self.target(move))

    def colour(self, move, default):
        """The hint's colour for a move, or default without a hint."""
        return PALETTE.get(self.hint(move) or "", default)

    def wrap(self, move, body, **data):
        """Wrap the parts of one move in its clickable group (`data`: more attributes,
        e.g. data_eats="up-right" for the play widget's preview)."""
        h = self.hint(move)
        cls = "move" + (f" hint-{h}" if h else "")
        extra = {}
        if self.interactive:
            extra = dict(tabindex="0", role="button", aria_label=move.describe(self.lang))
        return el("g", body, class_=cls, data_to=self.target(move), **data, **extra)


def root(name, title, box, body, *, interactive):
    """The root <svg>: viewBox box = (x, y, w, h) in drawing units, title first.

    Its natural size is UNIT_PX pixels per square, the long side kept within
    MIN_PX..MAX_PX; style max-width:100% lets it shrink on narrow screens.
    Static pictures are an image (role="img"); interactive ones hold buttons, so they
    are a labelled group (an img's children are presentational for assistive tech)."""
    x, y, w, h = box
    long_side = max(w, h)
    scale = min(max(long_side * UNIT_PX / U, MIN_PX), MAX_PX) / long_side
    head = attrs(
        xmlns="http://www.w3.org/2000/svg", class_=f"grundy-svg grundy-{name}",
        viewBox=" ".join(num(v) for v in box), width=w * scale, height=h * scale,
        role="group" if interactive else "img", aria_label=title if interactive else None,
        style="max-width:100%;height:auto")
    style = el("style", STYLE) if interactive else ""
    return f"<svg{head}>{el('title', esc(title))}{style}{body}</svg>"
