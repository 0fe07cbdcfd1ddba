"""Generate the home page's self-hosted poster artwork (assets/home/*.webp) with Pillow.

No photos exist for the video, voice and avatar placeholders, so each gets an abstract
picture in the brand and service colours. Run: `.venv/bin/python scripts/home_artwork.py`.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

OUT = Path(__file__).resolve().parents[1] / "assets" / "home"

Colour = tuple[int, int, int]
VIOLET: Colour = (124, 58, 237)
INDIGO: Colour = (67, 56, 202)
BLUE: Colour = (37, 99, 235)
SLATE: Colour = (15, 23, 42)
PINK: Colour = (219, 39, 119)
CYAN: Colour = (8, 145, 178)


def gradient(size: tuple[int, int], start: Colour, end: Colour) -> Image.Image:
    """A diagonal gradient from `start` (top left) to `end` (bottom right)."""
    width, height = size
    small = Image.new("RGB", (64, 64))
    for x in range(64):
        for y in range(64):
            mix = (x + y) / 126
            small.putpixel((x, y), tuple(round(a + (b - a) * mix) for a, b in zip(start, end, strict=True)))
    return small.resize(size, Image.Resampling.BICUBIC)


def glow(image: Image.Image, centre: tuple[int, int], radius: int, colour: Colour, alpha: int) -> None:
    """A soft coloured light blended onto `image`."""
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
    ImageDraw.Draw(layer).ellipse(
        (centre[0] - radius, centre[1] - radius, centre[0] + radius, centre[1] + radius),
        fill=(*colour, alpha),
    )
    image.alpha_composite(layer.filter(ImageFilter.GaussianBlur(radius // 2)))


def overlay(image: Image.Image, paint) -> None:
    """Blend translucent shapes onto `image`: `paint(draw)` draws them on a separate layer."""
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
    paint(ImageDraw.Draw(layer))
    image.alpha_composite(layer)


def grid(image: Image.Image, step: int) -> None:
    """A faint dot grid, the brand's 'technical' texture."""

    def paint(draw: ImageDraw.ImageDraw) -> None:
        for x in range(step // 2, image.width, step):
            for y in range(step // 2, image.height, step):
                draw.ellipse((x - 1, y - 1, x + 1, y + 1), fill=(255, 255, 255, 45))

    overlay(image, paint)


def promo() -> Image.Image:
    image = gradient((1280, 720), SLATE, INDIGO).convert("RGBA")
    glow(image, (980, 180), 260, VIOLET, 200)
    glow(image, (260, 620), 240, PINK, 120)
    grid(image, 40)

    def paint(draw: ImageDraw.ImageDraw) -> None:
        for index, radius in enumerate((120, 190, 260)):
            box = (640 - radius, 360 - radius, 640 + radius, 360 + radius)
            draw.ellipse(box, outline=(255, 255, 255, 70 - index * 20), width=3)

    overlay(image, paint)
    return image


def voice() -> Image.Image:
    image = gradient((800, 400), (30, 58, 138), BLUE).convert("RGBA")
    glow(image, (640, 80), 180, CYAN, 170)
    grid(image, 32)
    rng = random.Random(7)

    def paint(draw: ImageDraw.ImageDraw) -> None:
        for index in range(41):
            x = 100 + index * 15
            height = 20 + 110 * abs(math.sin(index / 4.2)) * (0.55 + rng.random() * 0.45)
            draw.rounded_rectangle(
                (x, 200 - height / 2, x + 8, 200 + height / 2), radius=4, fill=(255, 255, 255, 120)
            )

    overlay(image, paint)
    return image


def avatar() -> Image.Image:
    image = gradient((800, 400), SLATE, (49, 46, 129)).convert("RGBA")
    glow(image, (400, 170), 200, VIOLET, 170)
    grid(image, 32)

    def paint(draw: ImageDraw.ImageDraw) -> None:
        draw.ellipse((345, 110, 455, 220), fill=(255, 255, 255, 60))
        draw.pieslice((260, 240, 540, 520), 180, 360, fill=(255, 255, 255, 45))
        for radius in (120, 160):
            draw.arc(
                (400 - radius, 165 - radius, 400 + radius, 165 + radius),
                215,
                325,
                fill=(255, 255, 255, 70),
                width=3,
            )

    overlay(image, paint)
    return image


def languages() -> Image.Image:
    image = gradient((1280, 720), (49, 46, 129), VIOLET).convert("RGBA")
    glow(image, (260, 160), 240, PINK, 130)
    glow(image, (1040, 560), 260, CYAN, 120)
    grid(image, 40)
    bubbles = [(220, 420, 470, 540), (520, 200, 800, 330), (840, 400, 1090, 520), (880, 150, 1080, 250)]

    def paint(draw: ImageDraw.ImageDraw) -> None:
        for left, top, right, bottom in bubbles:
            draw.rounded_rectangle((left, top, right, bottom), radius=36, fill=(255, 255, 255, 50))
            draw.polygon(
                [(left + 40, bottom), (left + 70, bottom), (left + 38, bottom + 34)], fill=(255, 255, 255, 50)
            )
            for line in range(2):
                y = top + 34 + line * 30
                draw.rounded_rectangle(
                    (left + 32, y, right - 40 - line * 50, y + 12), radius=6, fill=(255, 255, 255, 90)
                )

    overlay(image, paint)
    return image


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in (("promo", promo), ("voice", voice), ("avatar", avatar), ("languages", languages)):
        path = OUT / f"{name}-poster.webp"
        make().convert("RGB").save(path, "WEBP", quality=78, method=6)
        print(f"{path.name}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
