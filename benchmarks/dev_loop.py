"""Figures, not a test: how long an edit takes to show in the open browser under the dev
server (`make bench-dev`; docs/developers.md).

A copy of the project (tests/support/project_copy.py) is served by a plain `reflex run` on free
ports (tests/e2e/support/dev_server.py) and opened in Chromium; then, one at a time, an edit is
saved to a copy of a content file (YAML), a legal text and a blog post (Markdown), a
company fact (YAML: one the home page shows, one every page's footer shows), the
brand's name (YAML: every page's head), a menu label (YAML: in every page's header), a
page (Python), an image, the stylesheet, a new service (the README's recipe:
services.yaml and its texts, saved at once; timed to the service in the open services'
list) and a new blog post (its English file, then its German one: timed from saving the
second to the post in the open blog list), and the time from saving to the new text (the
new image, the new colour the page computes, the service, the post) on the open page is
printed. `--only` measures the edits whose name starts with one of its words (`--only
"new service"`; 'new' for both new ones). `--timeout` is how long to wait before calling an
edit never shown. Each edit is shown by Reflex's own reloader: the dev backend restarts and
compiles the site, and Vite sends the open page what changed.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

from tests.e2e.conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from tests.e2e.support.dev_server import DevServer, clean_environment, copy_project  # noqa: E402
from tests.support.recipes import NEW_SERVICE as RECIPE_SERVICE  # noqa: E402
from tests.support.recipes import add_service  # noqa: E402

EDITS = [
    # (what, page, file, old, new text shown)
    (
        "content YAML",
        "/about",
        "content/i18n/en/about.yaml",
        "about-subtitle: We are",
        "about-subtitle: {mark} We are",
    ),
    ("legal text (Markdown)", "/impressum", "content/legal/en/impressum.md", "\n## ", "\n{mark}\n\n## "),
    (
        "blog post (Markdown)",
        "/blog/ai-automation",
        "content/blog/en/ai-automation.md",
        "\n## Automation, AI, or both?",
        "\n{mark}\n\n## Automation, AI, or both?",
    ),
    # A company fact the home page shows (a language of its video), and one every
    # page's footer shows.
    ("company fact (YAML)", "/", "content/site.yaml", "name: Français", "name: {mark}"),
    (
        "footer fact (YAML)",
        "/about",
        "content/site.yaml",
        'example: "Gate Village 3',
        'example: "{mark} Gate Village 3',
    ),
    # The brand's name: every page's sharing texts and JSON-LD, the footer, the feeds.
    (
        "brand name (YAML)",
        "/about",
        "content/site.yaml",
        "example: Falconbyte,",
        "example: Falconbyte {mark},",
    ),
    # A menu label, in the header's bar of every page (a module every page imports).
    (
        "menu label (YAML)",
        "/about",
        "content/i18n/en/site.yaml",
        "  nav-contact: Contact\n",
        "  nav-contact: {mark}\n",
    ),
    (
        "page (Python)",
        "/about",
        "agency_site/pages/about.py",
        'title = t(lang, "page-about-title")',
        'title = t(lang, "page-about-title") + " {mark}"',
    ),
]

# The edits timed until the page's head shows them (in that element's content): the
# footer shows the brand sooner (a module compiled before the pages).
IN_HEAD = {"brand name (YAML)": 'meta[property="og:site_name"]'}


def measure(
    server: DevServer, page, what: str, path: str, file: str, old: str, new: str, timeout: float
) -> str:
    mark = f"Edit{int(time.time() * 1000) % 10**8}"
    page.goto(server.url + path)
    page.get_by_test_id("screen-title").first.wait_for(timeout=180_000)
    target = server.project / file
    text = target.read_text(encoding="utf-8")
    assert old in text, (file, old)
    saved = time.monotonic()
    target.write_text(text.replace(old, new.format(mark=mark), 1), encoding="utf-8")
    try:
        if what in IN_HEAD:
            expect(page.locator(IN_HEAD[what])).to_have_attribute(
                "content", re.compile(mark), timeout=timeout * 1000
            )
        else:
            page.get_by_text(mark).first.wait_for(timeout=timeout * 1000)
        return f"{time.monotonic() - saved:.1f} s"
    except Exception:  # noqa: BLE001 - a timeout is the figure
        return f"not shown after {timeout:.0f} s"
    finally:
        target.write_text(text, encoding="utf-8")


# An image a page shows: saved with one pixel changed, it is visible when the page's
# <source> for it names the new files (a variant's name carries a hash of its source).
IMAGE = ("image", "/blog", "assets/blog/stock-01.webp")


def measure_image(server: DevServer, page, path: str, file: str, timeout: float) -> str:
    from PIL import Image

    page.goto(server.url + path)
    page.get_by_test_id("screen-title").first.wait_for(timeout=180_000)
    stem = Path(file).stem
    source = page.locator(f"source[srcset*='/{stem}-']").first
    source.wait_for(state="attached", timeout=60_000)
    before = source.get_attribute("srcset") or ""
    target = server.project / file
    original = target.read_bytes()
    with Image.open(target) as image:
        edited = image.convert("RGB")
    edited.putpixel((0, 0), (255, 0, 255))
    saved = time.monotonic()
    edited.save(target, format="WEBP", lossless=True)
    try:
        expect(source).not_to_have_attribute("srcset", before, timeout=timeout * 1000)
        return f"{time.monotonic() - saved:.1f} s"
    except AssertionError:  # a timeout is the figure
        return f"not shown after {timeout:.0f} s"
    finally:
        target.write_bytes(original)


# The site's stylesheet: a colour of the body, read from the open page until it changes
# (Vite's hot update of the stylesheet, or a restart's compile).
STYLESHEET = ("stylesheet (CSS)", "/about", "assets/styles.css", "background: #f8fafc;")


def measure_stylesheet(server: DevServer, page, path: str, file: str, old: str, timeout: float) -> str:
    page.goto(server.url + path)
    page.get_by_test_id("screen-title").first.wait_for(timeout=180_000)
    target = server.project / file
    text = target.read_text(encoding="utf-8")
    assert old in text, (file, old)
    colour = f"rgb(1, 2, {int(time.time()) % 200 + 3})"
    saved = time.monotonic()
    target.write_text(text.replace(old, f"background: {colour};", 1), encoding="utf-8")
    try:
        page.wait_for_function(
            f"() => getComputedStyle(document.body).backgroundColor === '{colour}'", timeout=timeout * 1000
        )
        return f"{time.monotonic() - saved:.1f} s"
    except Exception:  # noqa: BLE001 - a timeout is the figure
        return f"not shown after {timeout:.0f} s"
    finally:
        target.write_text(text, encoding="utf-8")


# A new post: saved in English, then (once the backend has seen it) in German; shown when
# the open blog list links to it. Deleted after.
NEW_POST = ("new blog post", "/blog", "content/blog/{lang}/bench-new-post.md")


def post_file(lang: str, mark: str) -> str:
    slug = "slug: neuer-bench-beitrag\n" if lang == "de" else ""
    # A valid post as an editor writes one (docs/content-editors.md): image_alt is required.
    return (
        f'---\nid: bench-new-post\n{slug}title: "{mark}"\nexcerpt: "New."\nauthor: Ada\n'
        'date: 2030-01-02\nimage_alt: ""\n---\n\nNew.\n'
    )


def measure_new_post(server: DevServer, page, path: str, file: str, timeout: float) -> str:
    mark = f"Post{int(time.time() * 1000) % 10**8}"
    page.goto(server.url + path)
    page.get_by_test_id("screen-title").first.wait_for(timeout=180_000)
    en, de = (server.project / file.format(lang=lang) for lang in ("en", "de"))
    try:
        en.write_text(post_file("en", mark), encoding="utf-8")
        settle(server)
        page.goto(server.url + path)
        page.get_by_test_id("screen-title").first.wait_for(timeout=180_000)
        saved = time.monotonic()
        de.write_text(post_file("de", mark), encoding="utf-8")
        page.locator("a[href='/blog/bench-new-post']").first.wait_for(timeout=timeout * 1000)
        return f"{time.monotonic() - saved:.1f} s"
    except Exception:  # noqa: BLE001 - a timeout is the figure
        return f"not shown after {timeout:.0f} s"
    finally:
        en.unlink(missing_ok=True)
        de.unlink(missing_ok=True)


# A new service as the README's recipe adds it (tests/support/recipes.py: its line in services.yaml,
# its texts in both languages, saved at once); shown when the open services' list links
# to it. Deleted after (the three files restored at once).
NEW_SERVICE = ("new service", "/services", "content/services.yaml")


def measure_new_service(server: DevServer, page, path: str, file: str, timeout: float) -> str:
    files = [
        server.project / file,
        *(server.project / f"content/i18n/{lang}/services.yaml" for lang in ("en", "de")),
    ]
    originals = {target: target.read_text(encoding="utf-8") for target in files}
    page.goto(server.url + path)
    page.get_by_test_id("screen-title").first.wait_for(timeout=180_000)
    saved = time.monotonic()
    add_service(server.project)
    try:
        page.locator(f"a[href='/services/{RECIPE_SERVICE}']").first.wait_for(timeout=timeout * 1000)
        return f"{time.monotonic() - saved:.1f} s"
    except Exception:  # noqa: BLE001 - a timeout is the figure
        return f"not shown after {timeout:.0f} s"
    finally:
        for target, text in originals.items():
            target.write_text(text, encoding="utf-8")


def settle(server: DevServer) -> None:
    """Wait until restoring the file is done: the restart is over when the
    backend answers again (Reflex's reloader keeps its socket, so a request waits for the
    new worker). An edit saved during a restart costs another one."""
    time.sleep(1)  # the watchers notice the restored file
    httpx.get(f"http://localhost:{server.backend_port}/ping", timeout=300)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--only", nargs="*", default=[], help="the edits whose name starts with one of these")
    args = parser.parse_args()

    def chosen(what: str) -> bool:
        return not args.only or any(what.startswith(word) for word in args.only)

    with tempfile.TemporaryDirectory(prefix="bench-dev-") as folder:
        project = copy_project(Path(folder) / "site")
        server = DevServer(project, clean_environment(project))
        started = time.monotonic()
        server.start()
        print(f"dev server up in {time.monotonic() - started:.1f} s (load average {os.getloadavg()[0]:.1f})")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium_executable(), args=CHROMIUM_ARGS
                )
                page = browser.new_page()
                for what, path, file, old, new in EDITS:
                    if chosen(what):
                        figure = measure(server, page, what, path, file, old, new, args.timeout)
                        print(f"{what:<24} {file:<36} {figure}  (load average {os.getloadavg()[0]:.1f})")
                        settle(server)
                what, path, file = IMAGE
                if chosen(what):
                    figure = measure_image(server, page, path, file, args.timeout)
                    print(f"{what:<24} {file:<36} {figure}  (load average {os.getloadavg()[0]:.1f})")
                    settle(server)
                what, path, file, old = STYLESHEET
                if chosen(what):
                    figure = measure_stylesheet(server, page, path, file, old, args.timeout)
                    print(f"{what:<24} {file:<36} {figure}  (load average {os.getloadavg()[0]:.1f})")
                    settle(server)
                what, path, file = NEW_SERVICE
                if chosen(what):
                    figure = measure_new_service(server, page, path, file, args.timeout)
                    print(f"{what:<24} {file:<36} {figure}  (load average {os.getloadavg()[0]:.1f})")
                    settle(server)
                what, path, file = NEW_POST
                if chosen(what):
                    figure = measure_new_post(server, page, path, file, args.timeout)
                    print(f"{what:<24} {file:<36} {figure}  (load average {os.getloadavg()[0]:.1f})")
                browser.close()
            log = server.log()
            print(f"workers killed after refusing to stop: {log.count('refused to gracefully stop')}")
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
