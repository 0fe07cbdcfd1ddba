"""Generate the portfolio artwork under assets/projects/ (run: python scripts/catalog_artwork.py).

No real screenshots exist yet, so each project gets UI-like compositions in its
service colour: browser windows, phones, dashboards. They carry no text, so they fit
both languages. Replace a file with a real screenshot of the same size (or update
width/height in content/projects.yaml). Drawn at 2x and scaled down for smooth edges.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

OUT = Path(__file__).resolve().parent.parent / "assets" / "projects"
SCALE = 2
WHITE = (255, 255, 255)
SLATE = {
    50: (248, 250, 252),
    100: (241, 245, 249),
    200: (226, 232, 240),
    300: (203, 213, 225),
    400: (148, 163, 184),
    700: (51, 65, 85),
    800: (30, 41, 59),
    900: (15, 23, 42),
}
# Service colours (Tailwind 600 / 100 / 300 shades) and the brand violet.
PALETTES = {
    "red": ((220, 38, 38), (254, 226, 226), (252, 165, 165)),
    "green": ((22, 163, 74), (220, 252, 231), (134, 239, 172)),
    "pink": ((219, 39, 119), (252, 231, 243), (249, 168, 212)),
    "indigo": ((79, 70, 229), (224, 231, 255), (165, 180, 252)),
    "blue": ((37, 99, 235), (219, 234, 254), (147, 197, 253)),
}
VIOLET = (124, 58, 237)


class Canvas:
    """A drawing surface in logical pixels, rendered at SCALE for anti-aliasing."""

    def __init__(self, width: int, height: int, top: tuple, bottom: tuple) -> None:
        self.width, self.height = width, height
        mask = Image.linear_gradient("L").resize((width * SCALE, height * SCALE))
        self.image = Image.composite(
            Image.new("RGB", mask.size, bottom), Image.new("RGB", mask.size, top), mask
        )
        self.draw = ImageDraw.Draw(self.image)

    def box(
        self, x: float, y: float, w: float, h: float, fill, radius: float = 8, outline=None, width: int = 0
    ) -> None:
        s = SCALE
        self.draw.rounded_rectangle(
            (x * s, y * s, (x + w) * s, (y + h) * s), radius * s, fill=fill, outline=outline, width=width * s
        )

    def circle(self, cx: float, cy: float, r: float, fill) -> None:
        s = SCALE
        self.draw.ellipse(((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s), fill=fill)

    def line(self, points: list[tuple[float, float]], fill, width: int = 3) -> None:
        self.draw.line(
            [(x * SCALE, y * SCALE) for x, y in points], fill=fill, width=width * SCALE, joint="curve"
        )

    def shadow(self, x: float, y: float, w: float, h: float, radius: float = 16) -> None:
        layer = Image.new("L", self.image.size, 0)
        ImageDraw.Draw(layer).rounded_rectangle(
            ((x + 4) * SCALE, (y + 14) * SCALE, (x + w - 4) * SCALE, (y + h + 10) * SCALE),
            radius * SCALE,
            fill=70,
        )
        layer = layer.filter(ImageFilter.GaussianBlur(18 * SCALE))
        self.image.paste((15, 23, 42), mask=layer)
        self.draw = ImageDraw.Draw(self.image)

    def save(self, name: str) -> None:
        final = self.image.resize((self.width, self.height), Image.LANCZOS)
        path = OUT / name
        final.save(path, "WEBP", quality=78, method=6)
        print(f"{path.relative_to(OUT.parent.parent)}: {path.stat().st_size // 1024} KB")


def text_lines(
    c: Canvas, x: float, y: float, widths: list[float], colour, height: float = 10, gap: float = 18
) -> None:
    for index, width in enumerate(widths):
        c.box(x, y + index * gap, width, height, colour, radius=height / 2)


def browser(c: Canvas, x: float, y: float, w: float, h: float, accent, soft) -> tuple[float, float]:
    """A browser window; returns the content origin."""
    c.shadow(x, y, w, h)
    c.box(x, y, w, h, WHITE, radius=18)
    c.box(x, y, w, 44, SLATE[100], radius=18)
    c.box(x, y + 26, w, 18, SLATE[100], radius=0)
    for index, colour in enumerate([(248, 113, 113), (251, 191, 36), (74, 222, 128)]):
        c.circle(x + 24 + index * 20, y + 22, 6, colour)
    c.box(x + 110, y + 12, w * 0.45, 20, WHITE, radius=10)
    # site navigation bar
    c.box(x + 28, y + 66, 90, 16, accent, radius=8)
    for index in range(4):
        c.box(x + w - 330 + index * 70, y + 69, 52, 10, SLATE[300], radius=5)
    c.box(x + w - 120 + 30, y + 62, 62, 24, soft, radius=12)
    return x + 28, y + 110


def web_hero(c: Canvas, accent, soft, light, seed: int) -> None:
    ox, oy = browser(c, 90, 70, 1020, 640, accent, soft)
    c.box(ox, oy, 964, 300, soft, radius=16)
    text_lines(c, ox + 40, oy + 60, [420, 340], SLATE[800], height=26, gap=44)
    text_lines(c, ox + 40, oy + 160, [380, 300], SLATE[400], height=12, gap=22)
    c.box(ox + 40, oy + 222, 150, 44, accent, radius=22)
    c.box(ox + 204, oy + 222, 130, 44, WHITE, radius=22)
    rng = random.Random(seed)
    c.circle(ox + 760, oy + 150, 110, light)
    c.box(ox + 640, oy + 60, 200, 130, WHITE, radius=16)
    text_lines(c, ox + 660, oy + 84, [120, 150, 90], SLATE[300], height=10, gap=24)
    c.box(ox + 760, oy + 170, 170, 90, accent, radius=16)
    for index in range(3):
        bx = ox + index * 328
        c.box(bx, oy + 320, 308, 170, SLATE[50], radius=16, outline=SLATE[200], width=1)
        c.circle(bx + 40, oy + 360, 18, light if index != rng.randrange(3) else accent)
        text_lines(c, bx + 24, oy + 396, [200, 240, 160], SLATE[300], height=10, gap=22)


def web_split(c: Canvas, accent, soft, light, seed: int) -> None:
    """A landing page with a large picture on the left and a pitch with a form on the right."""
    ox, oy = browser(c, 90, 70, 1020, 640, accent, soft)
    c.box(ox, oy, 470, 480, light, radius=18)
    c.circle(ox + 235, oy + 210, 120, soft)
    c.box(ox + 60, oy + 330, 350, 110, WHITE, radius=16)
    text_lines(c, ox + 84, oy + 356, [220, 260, 180], SLATE[300], height=10, gap=22)
    text_lines(c, ox + 510, oy + 20, [380, 300], SLATE[800], height=24, gap=40)
    text_lines(c, ox + 510, oy + 110, [420, 390, 300], SLATE[400], height=11, gap=22)
    for index in range(3):
        c.box(ox + 510, oy + 200 + index * 56, 454, 42, WHITE, radius=10, outline=SLATE[300], width=1)
    c.box(ox + 510, oy + 380, 220, 48, accent, radius=24)
    for index in range(4):
        c.box(ox + 510 + index * 112, oy + 452, 92, 24, SLATE[100], radius=12)


def web_cards(c: Canvas, accent, soft, light, seed: int) -> None:
    ox, oy = browser(c, 90, 70, 1020, 640, accent, soft)
    text_lines(c, ox, oy + 10, [360], SLATE[800], height=24)
    text_lines(c, ox, oy + 50, [520], SLATE[400], height=12)
    rng = random.Random(seed)
    for row in range(2):
        for col in range(4):
            bx, by = ox + col * 242, oy + 90 + row * 205
            c.box(bx, by, 226, 190, WHITE, radius=16, outline=SLATE[200], width=1)
            c.box(bx + 12, by + 12, 202, 92, [soft, light][(row + col + seed) % 2], radius=12)
            text_lines(
                c,
                bx + 16,
                by + 118,
                [rng.randint(120, 180), rng.randint(80, 150)],
                SLATE[300],
                height=10,
                gap=20,
            )
            c.box(bx + 16, by + 160, 70, 16, accent if (row + col) % 3 == 0 else SLATE[200], radius=8)


def web_form(c: Canvas, accent, soft, light, seed: int) -> None:
    ox, oy = browser(c, 90, 70, 1020, 640, accent, soft)
    # stepper
    for index in range(4):
        cx = ox + 80 + index * 270
        if index < 3:
            c.line([(cx, oy + 30), (cx + 270, oy + 30)], SLATE[200] if index >= 1 else accent, 4)
        c.circle(cx, oy + 30, 16, accent if index <= 1 else SLATE[200])
    c.box(ox, oy + 80, 600, 400, SLATE[50], radius=16, outline=SLATE[200], width=1)
    for index in range(4):
        text_lines(c, ox + 30, oy + 110 + index * 84, [140], SLATE[400], height=10)
        c.box(ox + 30, oy + 132 + index * 84, 540, 38, WHITE, radius=10, outline=SLATE[300], width=1)
    c.box(ox + 640, oy + 80, 324, 400, soft, radius=16)
    text_lines(c, ox + 670, oy + 112, [180, 240, 210, 230], SLATE[400], height=10, gap=30)
    c.box(ox + 670, oy + 250, 264, 2, light)
    text_lines(c, ox + 670, oy + 280, [140], SLATE[800], height=28)
    c.box(ox + 670, oy + 410, 264, 46, accent, radius=23)


def phone(c: Canvas, x: float, y: float, w: float, h: float, accent, soft, light, variant: int) -> None:
    c.shadow(x, y, w, h, radius=40)
    c.box(x, y, w, h, SLATE[900], radius=42)
    sx, sy, sw, sh = x + 12, y + 12, w - 24, h - 24
    c.box(sx, sy, sw, sh, WHITE, radius=32)
    c.box(x + w / 2 - 40, y + 22, 80, 20, SLATE[900], radius=10)
    text_lines(c, sx + 20, sy + 54, [sw * 0.55], SLATE[800], height=18)
    if variant == 0:  # schedule
        for index in range(7):
            c.circle(sx + 30 + index * (sw - 40) / 6.5, sy + 108, 16, accent if index == 2 else soft)
        for index in range(4):
            by = sy + 150 + index * 96
            c.box(sx + 16, by, sw - 32, 84, soft if index != 1 else light, radius=18)
            text_lines(c, sx + 34, by + 20, [sw * 0.4, sw * 0.28], SLATE[400], height=10, gap=22)
            c.box(sx + sw - 100, by + 26, 66, 30, accent if index == 1 else WHITE, radius=15)
    elif variant == 1:  # membership card
        c.box(sx + 16, sy + 96, sw - 32, 170, accent, radius=22)
        text_lines(c, sx + 38, sy + 124, [sw * 0.35, sw * 0.5], light, height=12, gap=28)
        c.box(sx + 38, sy + 216, 90, 24, WHITE, radius=12)
        for index in range(3):
            by = sy + 290 + index * 70
            c.circle(sx + 44, by + 26, 20, soft)
            text_lines(c, sx + 78, by + 14, [sw * 0.45, sw * 0.3], SLATE[300], height=10, gap=20)
    else:  # progress ring and stats
        cx, cy = sx + sw / 2, sy + 200
        c.circle(cx, cy, 92, soft)
        c.circle(cx, cy, 70, WHITE)
        c.draw.arc(
            ((cx - 92) * SCALE, (cy - 92) * SCALE, (cx + 92) * SCALE, (cy + 92) * SCALE),
            -90,
            180,
            fill=accent,
            width=22 * SCALE,
        )
        text_lines(c, cx - 36, cy - 12, [72], SLATE[800], height=24)
        for index in range(2):
            bx = sx + 16 + index * (sw - 32) / 2
            c.box(bx, sy + 330, (sw - 48) / 2, 110, soft, radius=18)
            text_lines(c, bx + 18, sy + 354, [50, 80], SLATE[400], height=12, gap=30)
    # tab bar
    c.box(sx, sy + sh - 64, sw, 64, SLATE[50], radius=0)
    c.box(sx, sy + sh - 40, sw, 40, SLATE[50], radius=32)
    for index in range(4):
        c.circle(sx + sw * (index + 0.5) / 4, sy + sh - 34, 9, accent if index == variant % 4 else SLATE[300])


def app_screens(order: list[int]) -> Callable:
    def draw(c: Canvas, accent, soft, light, seed: int) -> None:
        for slot, variant in enumerate(order):
            offset = 40 if slot == 1 else 0
            phone(c, 180 + slot * 300, 70 - offset + 40, 260, 560, accent, soft, light, variant)

    return draw


def trading(c: Canvas, accent, soft, light, seed: int, panel: bool = True) -> None:
    rng = random.Random(seed)
    dark, card = (17, 24, 39), (31, 41, 55)
    c.shadow(70, 60, 1060, 630)
    c.box(70, 60, 1060, 630, dark, radius=20)
    c.box(70, 60, 80, 630, card, radius=20)
    for index in range(6):
        c.box(92, 100 + index * 56, 36, 36, accent if index == seed % 6 else (55, 65, 81), radius=10)
    chart_w = 640 if panel else 940
    c.box(170, 90, chart_w, 400, card, radius=16)
    price, x = 300.0, 196.0
    step = (chart_w - 52) / 34
    for _ in range(34):
        move = rng.uniform(-40, 42)
        opened, closed = price, price - move
        high, low = min(opened, closed) - rng.uniform(4, 20), max(opened, closed) + rng.uniform(4, 20)
        colour = (34, 197, 94) if closed < opened else (239, 68, 68)
        c.line([(x + step * 0.3, high), (x + step * 0.3, low)], colour, 2)
        c.box(x, min(opened, closed), step * 0.6, max(abs(closed - opened), 3), colour, radius=2)
        price = max(130, min(460, closed))
        x += step
    for index in range(3):
        bx = 170 + index * (chart_w + 20) / 3
        c.box(bx, 510, (chart_w - 40) / 3, 150, card, radius=16)
        text_lines(c, bx + 20, 534, [70], (107, 114, 128), height=10)
        text_lines(c, bx + 20, 560, [110], WHITE, height=22)
        points = [(bx + 20 + i * 18, 630 - rng.uniform(0, 40)) for i in range(10)]
        c.line(points, accent if index != 1 else (34, 197, 94), 3)
    if panel:
        c.box(830, 90, 280, 570, card, radius=16)
        for index in range(8):
            by = 116 + index * 62
            c.circle(858, by + 16, 14, accent if index % 3 == 0 else (55, 65, 81))
            text_lines(c, 884, by + 4, [90, 60], (107, 114, 128), height=9, gap=18)
            c.box(1030, by + 6, 58, 20, (34, 197, 94) if rng.random() > 0.4 else (239, 68, 68), radius=10)


def trading_full(c: Canvas, accent, soft, light, seed: int) -> None:
    trading(c, accent, soft, light, seed, panel=False)


def avatar(c: Canvas, accent, soft, light, seed: int) -> None:
    cx = 430 if seed == 0 else 600
    c.circle(cx, 330, 230, light)
    c.circle(cx, 330, 190, soft)
    # head and shoulders
    c.draw.pieslice(((cx - 170) * SCALE, 430 * SCALE, (cx + 170) * SCALE, 770 * SCALE), 180, 360, fill=accent)
    c.circle(cx, 300, 92, (253, 224, 200))
    c.draw.chord(
        ((cx - 96) * SCALE, 196 * SCALE, (cx + 96) * SCALE, 330 * SCALE), 180, 360, fill=(55, 48, 163)
    )
    c.box(cx - 170, 600, 340, 150, accent, radius=0)
    # speaking wave
    for index in range(9):
        h = [16, 30, 48, 30, 60, 30, 48, 30, 16][index]
        c.box(cx - 100 + index * 24, 560 - h / 2, 12, h, WHITE, radius=6)
    if seed == 0:
        for index, width in enumerate([300, 240, 280]):
            by = 140 + index * 130
            c.shadow(760, by, width, 96, radius=24)
            c.box(760, by, width, 96, WHITE, radius=24)
            text_lines(c, 786, by + 26, [width - 80, width - 130], SLATE[300], height=12, gap=26)
    else:
        for index in range(6):
            c.box(
                90 + (index % 2) * 150,
                180 + (index // 2) * 80,
                130,
                52,
                WHITE if index else accent,
                radius=26,
            )


def caller(c: Canvas, accent, soft, light, seed: int) -> None:
    if seed == 0:
        phone(c, 160, 90, 280, 580, accent, soft, light, 1)
    else:
        c.shadow(90, 80, 1020, 600)
        c.box(90, 80, 1020, 600, WHITE, radius=20)
        c.box(90, 80, 240, 600, SLATE[50], radius=20)
        for index in range(7):
            c.box(112, 120 + index * 64, 196, 48, soft if index == 0 else WHITE, radius=12)
        # big waveform of a live call
        c.box(360, 110, 720, 220, soft, radius=20)
        c.circle(430, 220, 44, accent)
        rng = random.Random(4)
        for index in range(46):
            h = rng.uniform(12, 150)
            c.box(500 + index * 12.5, 220 - h / 2, 7, h, accent if index < 28 else light, radius=3)
        for index in range(3):
            bx = 360 + index * 246
            c.box(bx, 360, 226, 140, SLATE[50], radius=16, outline=SLATE[200], width=1)
            text_lines(c, bx + 20, 384, [90], SLATE[400], height=10)
            text_lines(c, bx + 20, 412, [120], SLATE[800], height=26)
            c.box(bx + 20, 460, 60, 16, light, radius=8)
        c.box(360, 530, 720, 120, SLATE[50], radius=16, outline=SLATE[200], width=1)
        text_lines(c, 384, 556, [520, 460, 500], SLATE[300], height=10, gap=24)
        return
    # call screen beside the phone: transcript bubbles
    for index, width in enumerate([420, 360, 460, 300]):
        mine = index % 2 == 1
        bx = 540 + (120 if mine else 0)
        c.shadow(bx, 130 + index * 130, width, 92, radius=24)
        c.box(bx, 130 + index * 130, width, 92, accent if mine else WHITE, radius=24)
        text_lines(
            c,
            bx + 26,
            156 + index * 130,
            [width - 90, width - 150],
            light if mine else SLATE[300],
            height=12,
            gap=26,
        )


def poster(c: Canvas, accent, soft, light, seed: int) -> None:
    """Video posters: a soft scene with a play-ready focal point (the placeholder adds the button)."""
    w, h = c.width, c.height
    c.circle(w * 0.5, h * 0.42, min(w, h) * 0.3, light)
    c.circle(w * 0.5, h * 0.42, min(w, h) * 0.22, soft)
    r = min(w, h) * 0.11
    c.circle(w * 0.5, h * 0.38, r, (253, 224, 200))
    c.draw.pieslice(
        (
            (w * 0.5 - r * 1.9) * SCALE,
            (h * 0.38 + r * 1.1) * SCALE,
            (w * 0.5 + r * 1.9) * SCALE,
            (h * 0.38 + r * 4.5) * SCALE,
        ),
        180,
        360,
        fill=accent,
    )
    for index in range(5):
        c.box(w * 0.1 + index * w * 0.17, h * 0.86, w * 0.12, h * 0.02, WHITE, radius=6)


# (file name, service colour, drawing, seed, width, height)
ARTWORK = [
    ("business-formation-1.webp", "red", web_hero, 1, 1200, 750),
    ("business-formation-2.webp", "red", web_form, 2, 1200, 750),
    ("business-formation-3.webp", "red", web_cards, 3, 1200, 750),
    ("ikigai-app-1.webp", "green", app_screens([0, 1, 2]), 0, 1200, 750),
    ("ikigai-app-2.webp", "green", app_screens([1, 2, 0]), 0, 1200, 750),
    ("ikigai-app-3.webp", "green", app_screens([2, 0, 1]), 0, 1200, 750),
    ("ikigai-web-1.webp", "green", web_hero, 4, 1200, 750),
    ("ikigai-web-2.webp", "green", web_cards, 5, 1200, 750),
    ("metatrader-1.webp", "pink", trading, 1, 1200, 750),
    ("metatrader-2.webp", "pink", trading_full, 2, 1200, 750),
    ("metatrader-3.webp", "pink", trading, 3, 1200, 750),
    ("ai-avatar-1.webp", "indigo", avatar, 0, 1200, 750),
    ("ai-avatar-2.webp", "indigo", avatar, 1, 1200, 750),
    ("smart-start-1.webp", "red", web_split, 6, 1200, 750),
    ("smart-start-2.webp", "red", web_form, 7, 1200, 750),
    ("ai-caller-1.webp", "blue", caller, 0, 1200, 750),
    ("ai-caller-2.webp", "blue", caller, 1, 1200, 750),
    ("ai-avatar-poster-vertical.webp", "indigo", poster, 0, 540, 960),
    ("ai-avatar-poster-horizontal.webp", "indigo", poster, 1, 1280, 720),
    ("ai-caller-voice-poster.webp", "blue", poster, 2, 1200, 675),
]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, colour, draw, seed, width, height in ARTWORK:
        accent, soft, light = PALETTES[colour]
        # Backdrops: the service's soft colour fading into white, ikigai in calm green.
        canvas = Canvas(width, height, soft, (250, 250, 255) if colour != "pink" else (253, 242, 248))
        draw(canvas, accent, soft, light, seed)
        canvas.save(name)


if __name__ == "__main__":
    main()
