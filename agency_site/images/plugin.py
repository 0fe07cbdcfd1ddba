"""A Reflex plugin writing every image variant (variants.py) into the build.

At compile time, after Reflex has copied `assets/` into `.web/public/`, it writes the
variants into `.web/public/assets/img/`, which `reflex export`, `reflex run --env prod`
(`make run`) and the dev server serve; nothing is written into the repository. Encoded
files are kept in a cache (`variants.cache_dir()`), so a build whose images did not change
encodes none.
"""

from __future__ import annotations

import sys
import time

from agency_site.images.variants import assets_dir, cache_dir, write_variants
from agency_site.reflex_adapter import Dirs, Plugin, web_dir


class ResponsiveImagesPlugin(Plugin):
    """Writes the images' widths and formats into the public files on every compile."""

    def pre_compile(self, **context) -> None:
        started = time.monotonic()
        report = write_variants(assets_dir(), web_dir() / Dirs.PUBLIC, cache_dir())
        if report.encoded:
            print(
                f"Responsive images: {report.encoded} files encoded, {report.cached} from the cache, "
                f"in {time.monotonic() - started:.1f} s",
                file=sys.stderr,
            )
