"""`python -m agency_site.content`: validate the content files, one line on failure."""

import sys

from agency_site.content.check import check_all_content
from agency_site.content.loader import ContentError


def main() -> int:
    try:
        content = check_all_content()
    except ContentError as error:
        print(f"content error: {error}", file=sys.stderr)
        return 1
    counts = ", ".join(f"{lang}: {len(keys)} keys" for lang, keys in content.strings.items())
    print(f"content ok ({counts})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
