"""Generate the contact page's map poster: a stylised street map (the placeholder's own
map-pin button marks the office in its centre).

Shown behind the click-to-load button until the visitor chooses to load the real map
(docs/architecture.md §6), so it must read as 'a map' without being one.

    .venv/bin/python scripts/contact_artwork.py      # writes assets/contact/office-map.webp
"""

from __future__ import annotations

import random
from pathlib import Path

from PIL import Image, ImageDraw

WIDTH, HEIGHT = 1600, 600
OUT = Path(__file__).resolve().parent.parent / "assets" / "contact" / "office-map.webp"


def office_map() -> Image.Image:
    rng = random.Random(7)
    canvas = Image.new("RGB", (WIDTH, HEIGHT), "#eef1f6")
    draw = ImageDraw.Draw(canvas)
    # The sea along the top-left, a park and a few building blocks.
    draw.polygon([(0, 0), (520, 0), (300, 170), (0, 260)], fill="#c7ddf4")
    draw.rounded_rectangle((1040, 360, 1260, 520), radius=24, fill="#d5ecd4")
    draw.rounded_rectangle((180, 400, 330, 520), radius=20, fill="#d5ecd4")
    for _ in range(90):
        x, y = rng.randrange(0, WIDTH, 80), rng.randrange(0, HEIGHT, 80)
        draw.rectangle((x + 14, y + 14, x + 66, y + 66), fill="#e2e7ef")
    # Street grid, then two main roads.
    for x in range(0, WIDTH, 80):
        draw.line((x, 0, x, HEIGHT), fill="#ffffff", width=6)
    for y in range(0, HEIGHT, 80):
        draw.line((0, y, WIDTH, y), fill="#ffffff", width=6)
    draw.line((0, 560, WIDTH, 140), fill="#fde7b0", width=22)
    draw.line((0, 560, WIDTH, 140), fill="#fbd38d", width=4)
    draw.line((560, 0, 960, HEIGHT), fill="#ffffff", width=18)
    return canvas


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    office_map().save(OUT, "WEBP", quality=70, method=6)
    print(f"{OUT.name}: {OUT.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
