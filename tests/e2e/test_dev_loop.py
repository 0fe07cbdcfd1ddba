"""A Python developer's loop: the dev servers they start, as they start them.

Each server is a copy of the project (`dev_server.py`) on free ports: a plain `reflex run`
from the activated virtual environment with nothing else set (HOME and PATH only, the
system's Node 20 on that PATH), and `make dev` on ports other than its defaults. A dev
server's first compile costs some 15 s of CPU, so each is started once for this module.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from agency_site.dev.watch import WATCHING_LINE
from agency_site.leads import store
from agency_site.leads.database import create_engine
from tests.recipes import NEW_SERVICE, NEW_SERVICE_DE_SLUG, add_service

from .conftest import wait_until_hydrated
from .dev_server import DevServer, clean_environment, copy_project
from .expected import text
from .polling import wait_for

# Vite compiles a dev page's modules on its first request: slower than a built page.
FIRST_LOAD_MS = 120_000
# Warnings that were untrue for this project: an old Node, uv, a PyPI check.
UNTRUE_WARNINGS = ("out of date", "node version", "uv run", "uv pip", "pypi.org", "Certificate verification")


@pytest.fixture(scope="module")
def plain_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DevServer]:
    project = copy_project(tmp_path_factory.mktemp("plain-run") / "site")
    server = DevServer(project, clean_environment(project))
    try:
        yield server.start()
    finally:
        server.stop()


@pytest.fixture(scope="module")
def make_dev(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DevServer]:
    project = copy_project(tmp_path_factory.mktemp("make-dev") / "site")
    # Neither 3000 nor 8000: the ports make dev is told, as a developer whose 3000 is busy.
    server = DevServer(project, clean_environment(project), make_dev=True)
    try:
        yield server.start()
    finally:
        server.stop()


def open_page(browser: Browser, server: DevServer, path: str) -> Page:
    page = browser.new_context(base_url=server.url).new_page()
    # Its load waits for the page's modules, which Vite compiles on a first request too.
    page.goto(path, timeout=FIRST_LOAD_MS)
    return page


def test_plain_reflex_run_serves_the_site_with_the_projects_node_and_bun(
    plain_run: DevServer, browser: Browser
) -> None:
    page = open_page(browser, plain_run, "/about")
    try:
        expect(page.get_by_test_id("screen-title")).to_have_text(
            text("en", "page-about-title"), timeout=FIRST_LOAD_MS
        )
    finally:
        page.context.close()
    log = plain_run.log()
    assert "App running at" in log
    assert [warning for warning in UNTRUE_WARNINGS if warning.lower() in log.lower()] == []


def test_plain_reflex_run_migrates_the_fresh_database(plain_run: DevServer) -> None:
    """No make step ran in this copy: the dev server brings its new database to alembic/'s
    head itself. Reflex only checked it, said 'Target database is not up to date' and left
    an empty alembic_version table, so the contact form could store nothing."""
    assert "not up to date" not in plain_run.log()
    engine = create_engine(f"sqlite:///{plain_run.project / 'agency_site.db'}")
    try:
        assert list(store.messages(engine)) == []
    finally:
        engine.dispose()


def test_make_dev_on_other_ports_takes_contact_messages(make_dev: DevServer, browser: Browser) -> None:
    page = open_page(browser, make_dev, "/contact")
    subject = f"Dev server {uuid.uuid4().hex[:8]}"
    try:
        expect(page.get_by_test_id("screen-title")).to_be_visible(timeout=FIRST_LOAD_MS)
        wait_until_hydrated(page)
        values = {"name": "Ada Lovelace", "email": "ada@example.com", "subject": subject}
        values["message"] = "Sent to a dev server on a port of its own."
        for name, value in values.items():
            page.locator(f"#contact-form [name='{name}']").fill(value)
        page.get_by_test_id("contact-submit").click()
        # The first submit imports the socket client, which Vite compiles on that request.
        expect(page.get_by_test_id("contact-submit")).to_have_text(
            text("en", "contact-sent"), timeout=FIRST_LOAD_MS
        )
    finally:
        page.context.close()
    engine = create_engine(f"sqlite:///{Path(make_dev.project) / 'agency_site.db'}")
    try:
        wait_for(lambda: [row for row in store.messages(engine) if row.subject == subject], what="the row")
    finally:
        engine.dispose()


# A reload rebuilds every page; on a busy shared machine that took up to a minute: a
# deadline for failing, not a speed requirement (make bench-dev measures the speed).
RELOAD_MS = 240_000


def _edit(server: DevServer, file: str, old: str, new: str) -> str:
    path = server.project / file
    text = path.read_text(encoding="utf-8")
    assert old in text, (file, old)
    _note_lines_before_edit(server, file)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text


def _shown_name(file: str) -> str:
    """How the backend's 'Live content:' lines name a file of the project."""
    for folder in ("content/", "agency_site/pages/"):
        if file.startswith(folder):
            return file[len(folder) :]
    return file


def _handled(server: DevServer, file: str) -> int:
    """How many of the backend's lines say it showed, or restarted for, a save of `file`."""
    named = re.compile(rf"^Live content: (?:.*, )?{re.escape(_shown_name(file))}[:,]")
    return len(
        [
            line
            for line in server.log().splitlines()
            if named.match(line) and ("pages compiled" in line or "restarting" in line)
        ]
    )


# How many lines of the backend's log named a file when a test saved its edit (`_handled`).
_lines_before_edit: dict[Path, int] = {}


def _note_lines_before_edit(server: DevServer, file: str) -> None:
    """Note how many lines named `file` before this test's edit of it, so `_restore` waits
    for the edit's own line, not one of an earlier test that saved the same file."""
    _lines_before_edit[server.project / file] = _handled(server, file)


def _restore(server: DevServer, file: str, original: str | bytes) -> None:
    """Write `file` back and wait until the backend has handled it: a save of the next
    test that reached the backend in the same batch as this one (two kinds of file at
    once) would restart it. The edit's own line is waited for first, a line that came
    after the edit: a page shows an edit before the backend's line (it compiles the rest
    after), and the footer test, taking the company fact test's line of site.yaml for
    its edit's, took its edit's for its restore's."""
    before = _lines_before_edit.pop(server.project / file)
    wait_for(lambda: _handled(server, file) > before, RELOAD_MS / 1000, f"the backend's line for {file}")
    handled = _handled(server, file)
    path = server.project / file
    if isinstance(original, bytes):
        path.write_bytes(original)
    else:
        path.write_text(original, encoding="utf-8")
    wait_for(lambda: _handled(server, file) > handled, RELOAD_MS / 1000, f"{file} restored")


def test_a_content_edit_shows_in_the_open_page(plain_run: DevServer, browser: Browser) -> None:
    """Reflex's reloader skipped YAML, so a text edit never showed; now the running
    backend compiles it into the pages that show the text (agency_site/dev/live_content.py)."""
    page = open_page(browser, plain_run, "/about")
    about = "content/i18n/en/about.yaml"
    try:
        expect(page.get_by_test_id("screen-title")).to_be_visible(timeout=FIRST_LOAD_MS)
        mark = f"Edited {uuid.uuid4().hex[:6]}"
        original = _edit(plain_run, about, "about-subtitle: We are", f"about-subtitle: {mark} We are")
        try:
            expect(page.get_by_text(mark)).to_be_visible(timeout=RELOAD_MS)
        finally:
            _restore(plain_run, about, original)
    finally:
        page.context.close()
    assert "Live content: i18n/en/about.yaml" in plain_run.log()


def test_a_content_error_shows_in_the_browser_until_the_fix_is_saved(
    plain_run: DevServer, browser: Browser
) -> None:
    """A broken content file stopped the dev backend ('Unexpected exit from
    worker-1') while the browser kept the old page; now every page names file, line and fix
    and the server stays up, and the save that fixes it brings the page back."""
    page = open_page(browser, plain_run, "/about")
    about = "content/i18n/en/about.yaml"
    title = page.get_by_test_id("screen-title")
    try:
        expect(title).to_have_text(text("en", "page-about-title"), timeout=FIRST_LOAD_MS)
        watching = plain_run.log().count(WATCHING_LINE)
        original = _edit(plain_run, about, "about-subtitle: We are", 'about-subtitle: ""  # We are')
        line = next(number for number, row in enumerate(original.splitlines(), 1) if "about-subtitle:" in row)
        try:
            error = page.get_by_test_id("content-error")
            expect(error).to_contain_text(f"{about}:{line}", timeout=RELOAD_MS)
            expect(error).to_contain_text("pages, about-subtitle: text must be a non-empty string")
            expect(error).to_contain_text("Fix: write the text")
            # The server is up while the error stands: another address shows it too.
            other = open_page(browser, plain_run, "/de/ueber-uns")
            try:
                expect(other.get_by_test_id("content-error")).to_contain_text(
                    f"{about}:{line}", timeout=FIRST_LOAD_MS
                )
            finally:
                other.context.close()
        finally:
            (plain_run.project / about).write_text(original, encoding="utf-8")
        expect(title).to_have_text(text("en", "page-about-title"), timeout=RELOAD_MS)
        expect(page.get_by_text(original.splitlines()[line - 1].split(": ", 1)[1][:40])).to_be_visible()
    finally:
        page.context.close()
    assert "Unexpected exit" not in plain_run.log()
    # The page shows the fix once the restarted backend has compiled it, before it watches:
    # the next test's save in between would restart it again, with no line naming the file.
    wait_for(lambda: plain_run.log().count(WATCHING_LINE) > watching, RELOAD_MS / 1000, "the watch again")


def _shows_after_edit(server: DevServer, browser: Browser, path: str, file: str, old: str, new: str) -> None:
    """Save `file` with `old` replaced by `new` (which holds a mark) and wait for the mark
    in the page open at `path`; the file is restored after."""
    page = open_page(browser, server, path)
    mark = f"Edited {uuid.uuid4().hex[:6]}"
    try:
        expect(page.get_by_test_id("screen-title").first).to_be_visible(timeout=FIRST_LOAD_MS)
        original = _edit(server, file, old, new.format(mark=mark))
        try:
            expect(page.get_by_text(mark).first).to_be_visible(timeout=RELOAD_MS)
        finally:
            _restore(server, file, original)
    finally:
        page.context.close()


def test_a_legal_text_edit_shows_in_the_open_page(plain_run: DevServer, browser: Browser) -> None:
    """Compiled into the legal pages by the running backend (agency_site/dev/live_content.py)."""
    _shows_after_edit(
        plain_run, browser, "/impressum", "content/legal/en/impressum.md", "\n## ", "\n{mark}\n\n## "
    )
    assert "Live content: legal/en/impressum.md" in plain_run.log()


def test_a_blog_post_edit_shows_in_the_open_page(plain_run: DevServer, browser: Browser) -> None:
    """Compiled into the pages that show the post by the running backend, without a
    restart (agency_site/dev/live_content.py)."""
    _shows_after_edit(
        plain_run,
        browser,
        "/blog/ai-automation",
        "content/blog/en/ai-automation.md",
        "\n## Automation, AI, or both?",
        "\n{mark}\n\n## Automation, AI, or both?",
    )
    shown = [
        line for line in plain_run.log().splitlines() if "Live content: blog/en/ai-automation.md: " in line
    ]
    assert shown, plain_run.log()[-2000:]
    assert "pages compiled" in shown[0], shown


def test_a_company_fact_edit_shows_in_the_open_page(plain_run: DevServer, browser: Browser) -> None:
    """site.yaml is read again and compiled into the pages that read the changed fact (a
    language of the home page's video) by the running backend, without a restart."""
    _shows_after_edit(plain_run, browser, "/", "content/site.yaml", "name: Français", "name: {mark}")
    shown = [line for line in plain_run.log().splitlines() if "Live content: site.yaml: " in line]
    assert [line for line in shown if "pages compiled" in line], plain_run.log()[-2000:]


def test_a_page_edit_shows_in_the_open_page(plain_run: DevServer, browser: Browser) -> None:
    _shows_after_edit(
        plain_run,
        browser,
        "/about",
        "agency_site/pages/about.py",
        'title = t(lang, "page-about-title")',
        'title = t(lang, "page-about-title") + " {mark}"',
    )


def test_an_image_edit_shows_in_the_open_page(plain_run: DevServer, browser: Browser) -> None:
    """An image a page shows is encoded and compiled into the pages that show it by the
    running backend, without a restart: the page's <source> names the new files (a
    variant's name carries a hash of its source)."""
    from PIL import Image

    image = "assets/blog/stock-01.webp"
    page = open_page(browser, plain_run, "/blog")
    target = plain_run.project / image
    original = target.read_bytes()
    try:
        expect(page.get_by_test_id("screen-title").first).to_be_visible(timeout=FIRST_LOAD_MS)
        source = page.locator("source[srcset*='/stock-01-']").first
        expect(source).to_be_attached()
        before = source.get_attribute("srcset") or ""
        with Image.open(target) as opened:
            edited = opened.convert("RGB")
        edited.putpixel((0, 0), (255, 0, 255))
        _note_lines_before_edit(plain_run, image)
        try:
            edited.save(target, format="WEBP", lossless=True)
            expect(source).not_to_have_attribute("srcset", before, timeout=RELOAD_MS)
            # The new files are served.
            first = (source.get_attribute("srcset") or "").split(" ", 1)[0]
            assert page.request.get(first).ok, first
        finally:
            _restore(plain_run, image, original)
    finally:
        page.context.close()
    # Saving with Pillow empties the file first: the backend waits for the rest of the save.
    shown = [line for line in plain_run.log().splitlines() if f"Live content: {image}: " in line]
    assert [line for line in shown if "pages compiled" in line], plain_run.log()[-2000:]
    assert not [line for line in shown if "restarting" in line], shown


def test_a_stylesheet_edit_shows_in_the_open_page(plain_run: DevServer, browser: Browser) -> None:
    """assets/styles.css is copied where Reflex's root stylesheet imports it, and Vite sends
    the open page the new CSS: no backend restart, no page compiled, no page reload."""
    sheet = "assets/styles.css"
    page = open_page(browser, plain_run, "/about")
    background = "() => getComputedStyle(document.body).backgroundColor"
    try:
        expect(page.get_by_test_id("screen-title")).to_be_visible(timeout=FIRST_LOAD_MS)
        before = page.evaluate(background)
        assert before == "rgb(248, 250, 252)", before
        # A reload would lose it: the new CSS must reach this very page.
        page.evaluate("() => { window.stillThisPage = true; }")
        original = _edit(plain_run, sheet, "background: #f8fafc;", "background: rgb(1, 2, 3);")
        try:
            page.wait_for_function(f"({background})() === 'rgb(1, 2, 3)'", timeout=RELOAD_MS)
        finally:
            _restore(plain_run, sheet, original)
        assert page.evaluate("() => window.stillThisPage === true")
        page.wait_for_function(f"({background})() === '{before}'", timeout=RELOAD_MS)
    finally:
        page.context.close()
    shown = [line for line in plain_run.log().splitlines() if f"Live content: {sheet}: " in line]
    assert [line for line in shown if "0 pages compiled" in line], plain_run.log()[-2000:]
    assert not [line for line in shown if "restarting" in line], shown


def test_a_footer_fact_edit_shows_in_the_open_page(plain_run: DevServer, browser: Browser) -> None:
    """The office is in the footer and the JSON-LD of all 85 pages: an edit of it restarted
    the backend (compiling every page live took longer). Both are compiled once per
    language into modules every page imports, so the running backend compiles those and
    the few pages that show the office elsewhere, without a restart."""
    page = open_page(browser, plain_run, "/about")
    site = "content/site.yaml"

    def lines() -> list[str]:
        return [line for line in plain_run.log().splitlines() if "Live content: site.yaml: " in line]

    # The company fact test's lines of site.yaml are not this test's.
    earlier = len(lines())
    try:
        expect(page.get_by_test_id("screen-title")).to_be_visible(timeout=FIRST_LOAD_MS)
        mark = f"Edited {uuid.uuid4().hex[:6]}"
        # A reload (a restart's compile) would lose it.
        page.evaluate("() => { window.stillThisPage = true; }")
        original = _edit(plain_run, site, 'example: "Gate Village 3', f'example: "{mark} Gate Village 3')
        try:
            expect(page.get_by_test_id("site-footer")).to_contain_text(mark, timeout=RELOAD_MS)
            # The JSON-LD's Organization text, which every page imports, was compiled too.
            organization = plain_run.project / ".web/app_components/agency_site/seo/organization_en.jsx"
            assert mark in organization.read_text(encoding="utf-8")
            expect(page.get_by_test_id("footer-year")).to_have_text(str(date.today().year))
            assert page.evaluate("() => window.stillThisPage === true")
        finally:
            _restore(plain_run, site, original)
    finally:
        page.context.close()
    # The shared modules are written before the pages: the line follows the footer.
    shown = wait_for(lambda: lines()[earlier:], what="the live edit's line")
    assert [line for line in shown if "pages compiled" in line], shown
    assert not [line for line in shown if "restarting" in line], shown


def test_a_sharing_image_saved_added_or_deleted_is_served_without_a_restart(plain_run: DevServer) -> None:
    """No page shows it through picture(): it was a restart. Now the dev server's next
    request gets the new bytes (Vite serves .web/public, where Reflex copies assets/)."""
    og = plain_run.project / "assets/og"
    edited, added = og / "about-en.jpg", og / "careers-en.jpg"
    original, other = edited.read_bytes(), (og / "about-de.jpg").read_bytes()

    def served(name: str) -> bytes:
        return httpx.get(f"{plain_run.url}/og/{name}", timeout=30).content

    _note_lines_before_edit(plain_run, "assets/og/about-en.jpg")
    try:
        assert served("about-en.jpg") == original
        edited.write_bytes(other)
        wait_for(lambda: served("about-en.jpg") == other, RELOAD_MS / 1000, "the edited image served")
        added.write_bytes(other)
        wait_for(lambda: served("careers-en.jpg") == other, RELOAD_MS / 1000, "the new image served")
        added.unlink()
        wait_for(lambda: served("careers-en.jpg") != other, RELOAD_MS / 1000, "the deleted image gone")
    finally:
        added.unlink(missing_ok=True)
        _restore(plain_run, "assets/og/about-en.jpg", original)
    wait_for(lambda: served("about-en.jpg") == original, RELOAD_MS / 1000, "the image restored")
    shown = [line for line in plain_run.log().splitlines() if "Live content: assets/og/" in line]
    assert [line for line in shown if "careers-en.jpg" in line and "pages compiled" in line], shown
    assert not [line for line in shown if "restarting" in line], shown


def test_a_menu_label_edit_shows_in_the_open_page(plain_run: DevServer, browser: Browser) -> None:
    """A menu label is in the header of all 85 pages: an edit of it restarted the backend.
    The header's bar is compiled once per language into a module every page imports (the
    page passes its current link and language links), so the running backend compiles
    that module, without a restart, and the open page keeps its current link."""
    page = open_page(browser, plain_run, "/about")
    texts = "content/i18n/en/site.yaml"
    try:
        nav = page.locator("#site-header nav").first
        expect(nav.get_by_role("link", name="About")).to_have_attribute(
            "aria-current", "page", timeout=FIRST_LOAD_MS
        )
        mark = f"Contact {uuid.uuid4().hex[:6]}"
        page.evaluate("() => { window.stillThisPage = true; }")
        original = _edit(plain_run, texts, "  nav-contact: Contact\n", f"  nav-contact: {mark}\n")
        try:
            expect(nav.get_by_role("link", name=mark)).to_have_attribute(
                "href", "/contact", timeout=RELOAD_MS
            )
            expect(nav.get_by_role("link", name="About")).to_have_attribute("aria-current", "page")
            expect(nav.get_by_role("link", name=mark)).not_to_have_attribute("aria-current", "page")
            assert page.evaluate("() => window.stillThisPage === true")
        finally:
            _restore(plain_run, texts, original)
    finally:
        page.context.close()
    shown = wait_for(
        lambda: [
            line for line in plain_run.log().splitlines() if "Live content: i18n/en/site.yaml: " in line
        ],
        what="the live edit's line",
    )
    assert not [line for line in shown if "restarting" in line], shown


def test_a_new_service_shows_in_the_open_lists_without_a_restart(
    plain_run: DevServer, browser: Browser
) -> None:
    """A new service (the README's recipe: its line in services.yaml, its texts in both
    languages) restarted the backend; now its pages are added to the running app and the
    open services' lists show it without a reload (agency_site/dev/live_routes.py), and
    deleted again, it is gone the same way."""
    files = ["content/services.yaml", *(f"content/i18n/{lang}/services.yaml" for lang in ("en", "de"))]
    originals = {file: (plain_run.project / file).read_text(encoding="utf-8") for file in files}
    lists = {
        "en": open_page(browser, plain_run, "/services"),
        "de": open_page(browser, plain_run, "/de/leistungen"),
    }
    links = {
        "en": lists["en"].locator(f"a[href='/services/{NEW_SERVICE}']"),
        "de": lists["de"].locator(f"a[href='/de/leistungen/{NEW_SERVICE_DE_SLUG}']"),
    }
    handled = {file: _handled(plain_run, file) for file in files}
    try:
        for page in lists.values():
            expect(page.get_by_test_id("screen-title").first).to_be_visible(timeout=FIRST_LOAD_MS)
            # A reload (a restart's compile) would lose it.
            page.evaluate("() => { window.stillThisPage = true; }")
        add_service(plain_run.project)
        try:
            for lang, page in lists.items():
                expect(links[lang].first).to_be_visible(timeout=RELOAD_MS)
                assert page.evaluate("() => window.stillThisPage === true"), lang
            own = open_page(browser, plain_run, f"/services/{NEW_SERVICE}")
            try:
                expect(own.locator(f"[data-service='{NEW_SERVICE}']")).to_be_visible(timeout=FIRST_LOAD_MS)
            finally:
                own.context.close()
        finally:
            # The backend's line for the add names the file saved last (those before it
            # may have been waited for), then the service is deleted again: its line and
            # its texts at once (one without the other is a content error), and the
            # backend's handling of each file waited for.
            wait_for(lambda: _handled(plain_run, files[-1]) > handled[files[-1]], RELOAD_MS / 1000, "the add")
            handled = {file: _handled(plain_run, file) for file in files}
            for file in files:
                (plain_run.project / file).write_text(originals[file], encoding="utf-8")
            for file in files:
                wait_for(lambda file=file: _handled(plain_run, file) > handled[file], RELOAD_MS / 1000, file)
        for link in links.values():
            expect(link).to_have_count(0, timeout=RELOAD_MS)
    finally:
        for page in lists.values():
            page.context.close()
    shown = [line for line in plain_run.log().splitlines() if "services.yaml" in line]
    assert not [line for line in shown if "restarting" in line], shown


# Last of the module's tests: the post's deletion reaches Vite and React Router's route
# watcher some time after the backend's last line, and a page reload it may send would land
# on the next test's open page (the footer test's page reloaded once, in a fresh clone's run).
def test_a_new_blog_post_shows_in_the_open_blog_without_a_restart(
    plain_run: DevServer, browser: Browser
) -> None:
    """A new post (its English file, then its German one) is compiled into the open blog list
    and routed by the running backend and the dev frontend, and deleted again the same way,
    without a restart (agency_site/dev/live_routes.py)."""
    post_id = f"new-post-{uuid.uuid4().hex[:6]}"
    title = f"A new post {post_id[-6:]}"
    files = {lang: plain_run.project / "content" / "blog" / lang / f"{post_id}.md" for lang in ("en", "de")}
    front = f"id: {post_id}\nauthor: Ada Lovelace\ndate: 2030-01-02\n"
    page = open_page(browser, plain_run, "/blog")
    link = page.locator(f"a[href='/blog/{post_id}']").first
    try:
        expect(page.get_by_test_id("screen-title").first).to_be_visible(timeout=FIRST_LOAD_MS)
        files["en"].write_text(f'---\n{front}title: "{title}"\nexcerpt: "New."\n---\n\nNew body.\n')
        # The post is in one language yet: the backend waits for the other (no content error).
        wait_for(lambda: f"{post_id}.md: waiting for" in plain_run.log(), RELOAD_MS / 1000, "the wait")
        files["de"].write_text(
            f'---\n{front}slug: neu-{post_id}\ntitle: "Neu {title}"\nexcerpt: "Neu."\n---\n\nNeuer Text.\n'
        )
        expect(link).to_be_visible(timeout=RELOAD_MS)
        # Its link in the open page leads to it, though this page's router was loaded before.
        link.click()
        expect(page.get_by_test_id("screen-title").first).to_have_text(title, timeout=FIRST_LOAD_MS)
        german = open_page(browser, plain_run, f"/de/blog/neu-{post_id}")
        try:
            expect(german.get_by_test_id("screen-title").first).to_have_text(
                f"Neu {title}", timeout=FIRST_LOAD_MS
            )
        finally:
            german.context.close()
        page.go_back()
        expect(page.get_by_test_id("screen-title").first).to_have_text(text("en", "page-blog-title"))
    finally:
        for file in files.values():
            file.unlink(missing_ok=True)
    try:
        expect(link).to_have_count(0, timeout=RELOAD_MS)
    finally:
        page.context.close()

    def lines() -> list[str]:
        return [line for line in plain_run.log().splitlines() if f"/{post_id}.md" in line]

    # The deletion's line comes once the rest of its pages are compiled.
    wait_for(lambda: len([line for line in lines() if "pages compiled" in line]) == 2, RELOAD_MS / 1000)
    assert not [line for line in lines() if "restarting" in line], lines()
