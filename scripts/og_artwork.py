"""Generate the sharing images (Open Graph / Twitter card, 1200×630) into assets/og/.

One image per page type and language, with the page type's line from
content/i18n/{lang}/seo.yaml (`seo-og-{kind}`) in the brand look of the other artwork
scripts; the not-found image carries no words and serves both languages. Also the
512×512 PNG logo that the Organization's JSON-LD names. JPEG, because link unfurlers do
not reliably read WebP. Run after changing those texts: `.venv/bin/python scripts/og_artwork.py`
(Pillow and PyYAML are in requirements.txt).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from home_artwork import glow, gradient
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agency_site.content.loader import load_language, parse_yaml  # noqa: E402
from agency_site.routes import PAGE_KINDS as KINDS  # noqa: E402
from agency_site.seo.head import WORDLESS_KINDS as WORDLESS  # noqa: E402

OUT = ROOT / "assets" / "og"
SIZE = (1200, 630)
LANGUAGES = ("en", "de")

Colour = tuple[int, int, int]
VIOLET: Colour = (124, 58, 237)
INDIGO: Colour = (79, 70, 229)
SLATE: Colour = (15, 23, 42)
DEEP: Colour = (30, 27, 75)
# An accent per page type, from the service colours.
ACCENT: dict[str, Colour] = {
    "home": (168, 85, 247),
    "services": (59, 130, 246),
    "service": (236, 72, 153),
    "portfolio": (34, 197, 94),
    "project": (249, 115, 22),
    "blog": (234, 179, 8),
    "article": (6, 182, 212),
    "about": (244, 63, 94),
    "contact": (99, 102, 241),
    "impressum": (148, 163, 184),
    "privacy": (20, 184, 166),
    "not-found": (168, 85, 247),
}
FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
# The mark of assets/logo.svg (36×36 viewBox): M, relative c/l, z.
LOGO_PATH = "M8 25c5-1 9-4 11-9 1 3 0 6-2 8 4-1 8-5 10-12-4 2-8 3-12 2-3 0-5 2-6 5l-1 6z"


def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONT_BOLD, size)


def logo_points(scale: float, offset: tuple[float, float]) -> list[tuple[float, float]]:
    """The logo mark's outline as a polygon (cubic curves sampled)."""
    tokens = re.findall(r"[MclzZ]|-?\d+(?:\.\d+)?", LOGO_PATH)
    points: list[tuple[float, float]] = []
    x = y = 0.0
    command = ""
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token in "MclzZ":
            command = token
            index += 1
            if command in "zZ":
                break
            continue
        if command == "M":
            x, y = float(tokens[index]), float(tokens[index + 1])
            points.append((x, y))
            index += 2
        elif command == "l":
            x, y = x + float(tokens[index]), y + float(tokens[index + 1])
            points.append((x, y))
            index += 2
        elif command == "c":
            c1x, c1y, c2x, c2y, ex, ey = (float(value) for value in tokens[index : index + 6])
            p0, p1, p2, p3 = (x, y), (x + c1x, y + c1y), (x + c2x, y + c2y), (x + ex, y + ey)
            for step in range(1, 13):
                u = step / 12
                points.append(
                    tuple(
                        (1 - u) ** 3 * a + 3 * (1 - u) ** 2 * u * b + 3 * (1 - u) * u**2 * c + u**3 * d
                        for a, b, c, d in zip(p0, p1, p2, p3, strict=True)
                    )
                )
            x, y = p3
            index += 6
    return [(offset[0] + px * scale, offset[1] + py * scale) for px, py in points]


def logo(size: int) -> Image.Image:
    """The square logo mark, drawn at 4× and scaled down for smooth edges."""
    big = size * 4
    mark = gradient((big, big), VIOLET, INDIGO).convert("RGBA")
    mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 10 // 36, fill=255)
    mark.putalpha(mask)
    draw = ImageDraw.Draw(mark)
    scale = big / 36
    draw.polygon(logo_points(scale, (0, 0)), fill=(255, 255, 255, 255))
    eye = 1.4 * scale
    draw.ellipse(
        (24.5 * scale - eye, 11 * scale - eye, 24.5 * scale + eye, 11 * scale + eye), fill=(*INDIGO, 255)
    )
    return mark.resize((size, size), Image.Resampling.LANCZOS)


def wrap(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and draw.textlength(candidate, font=face) <= width:
            lines[-1] = candidate
        else:
            lines.append(word)
    return lines


def background(kind: str) -> Image.Image:
    image = gradient(SIZE, SLATE, DEEP).convert("RGBA")
    accent = ACCENT.get(kind, VIOLET)
    glow(image, (1020, 140), 300, accent, 150)
    glow(image, (180, 640), 260, VIOLET, 110)
    layer = Image.new("RGBA", SIZE, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for x in range(30, SIZE[0], 40):
        for y in range(30, SIZE[1], 40):
            draw.ellipse((x - 1, y - 1, x + 1, y + 1), fill=(255, 255, 255, 38))
    for index, radius in enumerate((150, 230, 310)):
        box = (1020 - radius, 315 - radius, 1020 + radius, 315 + radius)
        draw.ellipse(box, outline=(*accent, 110 - index * 30), width=3)
    image.alpha_composite(layer)
    return image


def brand(image: Image.Image, name: str) -> None:
    image.alpha_composite(logo(72), (80, 72))
    ImageDraw.Draw(image).text((172, 86), name, font=font(40), fill=(255, 255, 255, 255))


def sharing_image(kind: str, headline: str | None, name: str) -> Image.Image:
    image = background(kind)
    brand(image, name)
    draw = ImageDraw.Draw(image)
    accent = ACCENT.get(kind, VIOLET)
    if headline is None:
        draw.text((80, 200), "404", font=font(220), fill=(255, 255, 255, 255))
    else:
        face = font(64)
        lines = wrap(draw, headline, face, 860)
        if len(lines) > 3:
            face = font(52)
            lines = wrap(draw, headline, face, 900)
        top = 470 - len(lines) * face.size * 1.2
        for number, line in enumerate(lines):
            draw.text((80, top + number * face.size * 1.2), line, font=face, fill=(255, 255, 255, 255))
    draw.rounded_rectangle((80, 520, 280, 530), radius=5, fill=(*accent, 255))
    return image.convert("RGB")


def texts(lang: str) -> dict[str, str]:
    """Every text of the language, whichever of its files holds it."""
    return load_language(ROOT / "content", lang)[0]


def main(kinds: list[str]) -> None:
    """Every page type's images, or only those of `kinds` (a new page: its route's kind)."""
    OUT.mkdir(parents=True, exist_ok=True)
    site = parse_yaml((ROOT / "content" / "site.yaml").read_text(encoding="utf-8"))
    name = site["brand"]["name"]
    for kind in kinds or KINDS:
        if kind in WORDLESS:
            targets = [(OUT / f"{kind}.jpg", None)]
        else:
            targets = [(OUT / f"{kind}-{lang}.jpg", texts(lang)[f"seo-og-{kind}"]) for lang in LANGUAGES]
        for path, headline in targets:
            sharing_image(kind, headline, name).save(
                path, "JPEG", quality=80, optimize=True, progressive=True
            )
            print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")
    logo(512).save(OUT / "logo.png", optimize=True)
    print(f"assets/og/logo.png: {(OUT / 'logo.png').stat().st_size // 1024} KB")


if __name__ == "__main__":
    main(sys.argv[1:])
