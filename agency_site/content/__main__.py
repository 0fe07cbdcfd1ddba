"""`python -m agency_site.content` (make check-content): validate the content files; on
failure one line per problem, every problem at once, each with file, line and fix."""

import sys

from agency_site.content.check import check_all_content
from agency_site.content.loader import ContentError


def main() -> int:
    try:
        content = check_all_content()
    except ContentError as error:
        for problem in error.errors:
            print(f"content error: {problem.describe()}", file=sys.stderr)
        count = len(error.errors)
        print(f"{count} content error{'s' if count > 1 else ''}: nothing was started", file=sys.stderr)
        return 1
    counts = ", ".join(f"{lang}: {len(keys)} keys" for lang, keys in content.strings.items())
    print(f"content ok ({counts})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
