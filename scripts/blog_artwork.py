"""Generate the blog's self-hosted artwork: 22 abstract 'stock' images and a placeholder.

docs/product.md §3 assigns each post one of 22 stock images; we have no photos, so each image is
abstract artwork in the brand and service colours (soft gradient, blurred light shapes,
a few crisp geometric accents). Deterministic: the same seed gives the same files.

    .venv/bin/python scripts/blog_artwork.py      # writes assets/blog/*.webp
"""

from __future__ import annotations

import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

WIDTH, HEIGHT = 1200, 675
OUT = Path(__file__).resolve().parent.parent / "assets" / "blog"
COUNT = 22
QUALITY = 72

# Brand violet plus the service colours of docs/product.md §3 (Tailwind 400-700 shades).
PALETTES = [
    ("#4c1d95", "#7c3aed", "#c4b5fd"),  # violet
    ("#1e3a8a", "#3b82f6", "#93c5fd"),  # blue
    ("#7c2d12", "#f97316", "#fdba74"),  # orange
    ("#831843", "#ec4899", "#f9a8d4"),  # pink
    ("#14532d", "#22c55e", "#86efac"),  # green
    ("#7f1d1d", "#ef4444", "#fca5a5"),  # red
    ("#713f12", "#eab308", "#fde047"),  # yellow
    ("#312e81", "#6366f1", "#a5b4fc"),  # indigo
    ("#0f172a", "#7c3aed", "#22d3ee"),  # night with violet and cyan
    ("#134e4a", "#14b8a6", "#99f6e4"),  # teal
    ("#1e1b4b", "#a855f7", "#f0abfc"),  # deep purple to fuchsia
]


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    return tuple(int(value[i : i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def _gradient(start: str, end: str, angle_right: bool) -> Image.Image:
    """A diagonal two-colour gradient, computed on a small canvas and scaled up (smooth, fast)."""
    small = Image.new("RGB", (64, 36))
    a, b = _rgb(start), _rgb(end)
    pixels = small.load()
    for x in range(64):
        for y in range(36):
            t = ((x if angle_right else 63 - x) / 63 * 0.6) + (y / 35 * 0.4)
            pixels[x, y] = tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))
    return small.resize((WIDTH, HEIGHT), Image.BICUBIC)


def _glow(canvas: Image.Image, rng: random.Random, colour: str, count: int) -> None:
    """Soft blurred light blobs."""
    layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for _ in range(count):
        radius = rng.randint(120, 320)
        x, y = rng.randint(0, WIDTH), rng.randint(0, HEIGHT)
        draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=(*_rgb(colour), rng.randint(70, 140))
        )
    canvas.alpha_composite(layer.filter(ImageFilter.GaussianBlur(90)))


def _accents(canvas: Image.Image, rng: random.Random, style: int) -> None:
    """Crisp geometry: rings, a dot grid, or flowing lines, in translucent white."""
    layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    white = (255, 255, 255)
    if style == 0:
        cx, cy = rng.randint(700, 1000), rng.randint(200, 450)
        for step in range(5):
            r = 80 + step * 70
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(*white, 90 - step * 14), width=3)
    elif style == 1:
        x0, y0 = rng.randint(620, 760), rng.randint(120, 220)
        for row in range(8):
            for col in range(10):
                x, y = x0 + col * 44, y0 + row * 44
                draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=(*white, 120))
    elif style == 2:
        for line in range(7):
            y = 120 + line * 70
            points = [(x, y + 40 * ((x + line * 90) % 400 - 200) / 200) for x in range(0, WIDTH + 1, 100)]
            draw.line(points, fill=(*white, 60), width=3, joint="curve")
    else:
        for _ in range(6):
            w, h = rng.randint(140, 260), rng.randint(90, 170)
            x, y = rng.randint(560, WIDTH - w - 40), rng.randint(60, HEIGHT - h - 60)
            draw.rounded_rectangle(
                (x, y, x + w, y + h), radius=28, fill=(*white, 26), outline=(*white, 80), width=2
            )
    canvas.alpha_composite(layer)


def artwork(index: int) -> Image.Image:
    """Stock image number `index` (0-based)."""
    rng = random.Random(1000 + index)
    dark, mid, light = PALETTES[index % len(PALETTES)]
    canvas = _gradient(dark, mid, angle_right=index % 2 == 0).convert("RGBA")
    _glow(canvas, rng, light, count=3)
    _glow(canvas, rng, dark, count=2)
    _accents(canvas, rng, style=(index // len(PALETTES) + index) % 4)
    return canvas.convert("RGB")


def placeholder() -> Image.Image:
    """Neutral slate card with a simple picture glyph: shown when an image is missing."""
    canvas = _gradient("#f1f5f9", "#e2e8f0", angle_right=True)
    draw = ImageDraw.Draw(canvas)
    cx, cy = WIDTH // 2, HEIGHT // 2
    draw.rounded_rectangle((cx - 90, cy - 70, cx + 90, cy + 70), radius=18, outline="#94a3b8", width=8)
    draw.ellipse((cx + 20, cy - 45, cx + 50, cy - 15), fill="#94a3b8")
    draw.polygon(
        [(cx - 70, cy + 50), (cx - 15, cy - 15), (cx + 25, cy + 30), (cx + 45, cy + 12), (cx + 70, cy + 50)],
        fill="#94a3b8",
    )
    return canvas


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for index in range(COUNT):
        artwork(index).save(OUT / f"stock-{index + 1:02d}.webp", "WEBP", quality=QUALITY, method=6)
    placeholder().save(OUT / "placeholder.webp", "WEBP", quality=QUALITY, method=6)
    for path in sorted(OUT.glob("*.webp")):
        print(f"{path.name}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
