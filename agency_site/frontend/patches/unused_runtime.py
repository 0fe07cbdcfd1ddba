"""Reflex's runtime without what no page of the site uses, so no page downloads it.

- **Emotion**, the CSS-in-JS library: Reflex compiles each component to `jsx(...)` imported
  from "@emotion/react", which is React's createElement unless the element has a `css`
  prop. The site passes none (its styles are the stylesheet's classes), yet Emotion's
  runtime (style cache, serializer, CSS parser) came with every page's first load. A patch
  of Reflex's generated `vite.config.js` aliases "@emotion/react" to our stand-in,
  `agency_site/frontend/jsx_without_emotion.js`, which the plugin `EmotionStandIn` writes
  into `.web/utils/` at every compile. The prerendered HTML stays the same.
- **The file upload helper**: `utils/state.js` imports it statically for `rx.upload`, which
  the site has none of; it becomes a chunk fetched by the first upload.

The code is in `unused_runtime.js` beside this file (anchored.py says how patches work).
"""

from __future__ import annotations

from pathlib import Path

from agency_site.frontend.patches.anchored import VITE_CONFIG, AnchoredPatch
from agency_site.frontend.patches.connect_on_intent import STATE_JS
from agency_site.reflex_adapter import Plugin

STAND_IN = Path(__file__).parents[1] / "jsx_without_emotion.js"
# Where the build finds it: beside Reflex's runtime, inside the folder Vite serves.
STAND_IN_IN_WEB = "utils/jsx_without_emotion.js"
_CODE = Path(__file__).with_name("unused_runtime.js")

UNUSED_RUNTIME: tuple[AnchoredPatch, ...] = (
    AnchoredPatch(
        name="jsx-without-emotion",
        file=VITE_CONFIG,
        anchor="    alias: [\n",
        where="after",
        source=_CODE,
        why='"@emotion/react" resolves to our createElement stand-in, so no page downloads Emotion',
    ),
    AnchoredPatch(
        name="lazy-upload",
        file=STATE_JS,
        anchor='import { uploadFiles } from "$/utils/helpers/upload";\n',
        where="instead",
        source=_CODE,
        why="the upload helper is imported by the first upload, not with the runtime",
    ),
)


def _stand_in_task() -> tuple[str, str]:
    return STAND_IN_IN_WEB, STAND_IN.read_text(encoding="utf-8")


class EmotionStandIn(Plugin):
    """Writes the stand-in that UNUSED_RUNTIME's alias points at into .web (the patches
    themselves go with the others to the one PatchGeneratedFrontend: two plugins patching
    the same generated file would each start from Reflex's template)."""

    def pre_compile(self, **context) -> None:
        context["add_save_task"](_stand_in_task)
