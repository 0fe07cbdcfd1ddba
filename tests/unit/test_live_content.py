"""The dev server shows a content edit by compiling only the pages it changes
(agency_site/dev/live_content.py), through Reflex internals the adapter names: if a test
here fails after a Reflex upgrade, `reflex_adapter.recompile_pages` or the reloader
setting `agency_site/dev/reload.py` relies on moved."""

from __future__ import annotations

import json
import os
import re
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from agency_site.content.blog import get_blog, get_post, get_post_ids, get_posts, recording_posts
from agency_site.content.catalog import get_catalog
from agency_site.content.hyphenation import load_hyphenation, soft_hyphens
from agency_site.content.loader import get_content
from agency_site.content.models import recording_facts
from agency_site.dev import live_content, reload
from agency_site.dev.live_content import (
    Facts,
    PageBuild,
    RestartNeeded,
    changed_facts,
    changed_keys,
    changed_posts,
    imported_pages_modules,
    module_of,
    modules_using,
    pages_import_graph,
    pages_to_rebuild,
)
from agency_site.dev.reload import PAGES_DIR, leave_content_to_the_app
from agency_site.i18n import asked_outside_pages, recording_keys, t
from agency_site.reflex_adapter import dev_reloader, uses_granian
from agency_site.settings import PROJECT_ROOT
from tests.support.app_process import app_process_command

CONTENT = Path("/site/content")


def _page(key: str, keys: set[str], kind: str = "about", module: str | None = None) -> PageBuild:
    return PageBuild(key, dict, kind, module or f"m_{key}", frozenset(keys))


@pytest.fixture
def pages(monkeypatch: pytest.MonkeyPatch) -> dict[str, PageBuild]:
    built = {
        "about": _page("about", {"about-subtitle", "nav-home"}),
        "de/ueber-uns": _page("de/ueber-uns", {"about-subtitle", "nav-home"}),
        "impressum": _page("impressum", {"nav-home"}, "impressum"),
        "contact": _page("contact", {"contact-title"}, "contact", "contact"),
        "de/kontakt": _page("de/kontakt", {"nav-home"}, "contact", "contact"),
    }
    monkeypatch.setattr(live_content, "_pages", built)
    # Other tests in this process ask for texts outside any page.
    monkeypatch.setattr(live_content, "asked_outside_pages", frozenset)
    return built


def _keys(found: list[PageBuild]) -> list[str]:
    return sorted(page.route_key for page in found)


def test_a_changed_text_rebuilds_the_pages_that_showed_it(pages: dict[str, PageBuild]) -> None:
    about = CONTENT / "i18n" / "en" / "about.yaml"
    assert _keys(pages_to_rebuild(CONTENT, [about], {"about-subtitle"})) == ["about", "de/ueber-uns"]
    # Pages that share a memo module (the contact page's two languages) are compiled together.
    assert _keys(pages_to_rebuild(CONTENT, [about], {"contact-title"})) == ["contact", "de/kontakt"]
    assert pages_to_rebuild(CONTENT, [about], {"a-key-no-page-shows"}) == []


def test_a_legal_text_rebuilds_the_legal_pages(pages: dict[str, PageBuild]) -> None:
    legal = CONTENT / "legal" / "en" / "impressum.md"
    assert _keys(pages_to_rebuild(CONTENT, [legal], set())) == ["impressum"]


def test_a_changed_post_rebuilds_the_pages_that_showed_it(pages: dict[str, PageBuild]) -> None:
    pages["blog"] = PageBuild(
        "blog", dict, "blog", "m_blog", frozenset(), frozenset({("en", "a"), ("en", "b")})
    )
    pages["de/blog"] = PageBuild("de/blog", dict, "blog", "m_de_blog", frozenset(), frozenset({("de", "a")}))
    post = CONTENT / "blog" / "en" / "b.md"
    assert _keys(pages_to_rebuild(CONTENT, [post], set(), {("en", "b")})) == ["blog"]
    assert pages_to_rebuild(CONTENT, [post], set(), set()) == []


def test_a_page_reads_the_posts_it_takes_from_the_list() -> None:
    with recording_posts() as read:
        posts = get_posts("en")
        assert len(posts) == len(get_blog()["en"])
    assert read == set()
    with recording_posts() as read:
        first_two = posts[:2]
        get_post("de", get_post_ids()[5])
    assert read == {("en", first_two[0].id), ("en", first_two[1].id), ("de", get_post_ids()[5])}
    with recording_posts() as read:
        listed = list(get_posts("de"))
    assert read == {("de", post.id) for post in listed}


def test_changed_posts_are_those_that_differ_in_any_language() -> None:
    blog = get_blog()
    en, de = blog["en"], blog["de"]
    edited = [en[0], en[1].model_copy(update={"title": "Edited"}), *en[2:]]
    assert changed_posts(blog, {"en": edited, "de": de}) == {("en", en[1].id)}
    assert changed_posts(blog, {"en": en[1:], "de": de}) == {("en", en[0].id)}


@pytest.mark.parametrize("name", ["blog/en/notes.txt", "slugs.yaml", "new.yaml"])
def test_other_content_files_restart_the_backend(pages: dict[str, PageBuild], name: str) -> None:
    with pytest.raises(RestartNeeded):
        pages_to_rebuild(CONTENT, [CONTENT / name], set())


def test_a_changed_fact_rebuilds_the_pages_that_read_it(pages: dict[str, PageBuild]) -> None:
    year = ("project", (101, "year"))
    pages["project/101"] = PageBuild(
        "project/101", dict, "project", "m_101", frozenset(), facts=frozenset({year})
    )
    projects = CONTENT / "projects.yaml"
    assert _keys(pages_to_rebuild(CONTENT, [projects], set(), facts={year})) == ["project/101"]
    assert pages_to_rebuild(CONTENT, [projects], set(), facts={("project", (101, "url"))}) == []
    # The legal texts are filled in with site.yaml's facts; the site does not read the glossary.
    assert _keys(pages_to_rebuild(CONTENT, [CONTENT / "site.yaml"], set())) == ["impressum"]
    assert pages_to_rebuild(CONTENT, [CONTENT / "glossary.yaml"], set()) == []


def test_a_page_reads_the_facts_it_shows() -> None:
    catalog, site = get_catalog(), get_content().site
    with recording_facts() as read:
        service = catalog.featured[0]
        assert service.id and service.key("title")
        colour = service.colour
        url = site.links.scheduling_url
        figures = site.figures
        soft_hyphens("Kundenservice")
    assert colour and url and figures
    assert read == {
        ("catalog", "featured"),
        ("service", (service.id, "colour")),
        ("site", ("links", "scheduling_url")),
        ("site", ("figures", None)),
        ("hyphenated", "Kundenservice"),
    }


def test_changed_facts_are_those_a_page_read_that_differ(tmp_path: Path) -> None:
    before = Facts.now()
    catalog, site = before.catalog, before.site
    project = catalog.projects[1]
    projects = (catalog.projects[0], project.model_copy(update={"year": 1999}), *catalog.projects[2:])
    links = site.links.model_copy(update={"voice_demo_phone": "+1 555 0100"})
    (tmp_path / "hyphenation.yaml").write_text("words: [Kun|den|ser|vice]")
    after = Facts(
        replace(catalog, projects=projects),
        site.model_copy(update={"links": links}),
        load_hyphenation(tmp_path),
        before.german,
    )
    read = [
        ("project", (project.id, "year")),
        ("project", (project.id, "url")),
        ("catalog", "projects"),
        ("site", ("links", "voice_demo_phone")),
        ("site", ("links", "scheduling_url")),
        ("hyphenated", "Kundenservice"),
        ("hyphenated", "Datenschutz"),
    ]
    assert changed_facts(before, after, read) == {
        ("project", (project.id, "year")),
        ("site", ("links", "voice_demo_phone")),
        ("hyphenated", "Kundenservice"),
    }


def test_a_page_notes_the_entries_it_looks_up_and_the_german_slugs_it_links_to() -> None:
    """Not the catalog's lists: a new service changes the pages that list the services or
    link to it, not the pages that look up another one."""
    from agency_site.i18n import localized_path

    catalog = get_catalog()
    service, project = catalog.services[0], catalog.projects[0]
    german = f"/de/leistungen/{service.de_slug}"
    with recording_facts() as read:
        assert catalog.service(service.id) == service
        assert catalog.project(project.id) == project
        assert catalog.others(project.id, 3)
        assert catalog.projects_for(service.id) is not None
        assert localized_path("de", f"/services/{service.id}") == german
        assert localized_path("de", "/about") == "/de/ueber-uns"
    assert read == {
        ("service", (service.id, "id")),
        ("project", (project.id, "id")),
        ("catalog", ("others", project.id, 3)),
        ("catalog", ("projects_for", service.id)),
        ("german", ("services", service.id)),
    }


def test_a_new_service_changes_the_facts_of_the_pages_that_list_or_link_to_it() -> None:
    before = Facts.now()
    catalog, german = before.catalog, before.german
    new = catalog.services[0].model_copy(update={"id": "data-consulting", "de_slug": "datenberatung"})
    after = replace(
        before,
        catalog=replace(catalog, services=(*catalog.services, new)),
        german=replace(
            german, ids={**german.ids, "services": {**german.ids["services"], new.id: new.de_slug}}
        ),
    )
    first = catalog.services[0].id
    read = [
        ("catalog", "services"),
        ("catalog", "featured"),
        ("catalog", "portfolio_tabs"),
        ("service", (new.id, "id")),
        ("service", (first, "id")),
        ("german", ("services", new.id)),
        ("german", ("services", first)),
    ]
    assert changed_facts(before, after, read) == {
        ("catalog", "services"),
        ("service", (new.id, "id")),
        ("german", ("services", new.id)),
    }


def test_a_text_also_read_outside_the_pages_restarts_the_backend(
    pages: dict[str, PageBuild], monkeypatch: pytest.MonkeyPatch
) -> None:
    t("en", "nav-home")  # outside any recorded page, as a module constant or the server would
    assert "nav-home" in asked_outside_pages()
    monkeypatch.setattr(live_content, "asked_outside_pages", asked_outside_pages)
    with pytest.raises(RestartNeeded, match="nav-home"):
        pages_to_rebuild(CONTENT, [CONTENT / "i18n" / "en" / "site.yaml"], {"nav-home"})


def test_texts_asked_inside_a_recording_belong_to_it() -> None:
    with recording_keys() as keys:
        t("en", "page-about-title")
    assert keys == {"page-about-title"}


def test_changed_keys_are_those_whose_text_differs_in_any_language() -> None:
    before = {"en": {"a": "A", "b": "B", "gone": "x"}, "de": {"a": "A", "b": "B"}}
    after = {"en": {"a": "A", "b": "B", "new": "y"}, "de": {"a": "A", "b": "Bee"}}
    assert changed_keys(before, after) == {"b", "gone", "new"}


def test_uses_granian_follows_reflexs_own_rule() -> None:
    assert uses_granian() == dev_reloader().should_use_granian()


def test_the_reloader_leaves_the_content_folder_and_the_pages_to_the_app(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(PROJECT_ROOT)
    package = PROJECT_ROOT / "agency_site"
    # Reflex may read rxconfig.py again inside get_reload_paths (after another test reloaded
    # it), and rxconfig.py sets both variables: here only the test does. And it finds the
    # app's module on sys.path, which other tests of the process add to (project copies).
    # So get_reload_paths is given the config read now and the app module's file: it
    # depends on the two variables and the files alone, whatever ran before.
    config = dev_reloader().get_config()
    monkeypatch.setattr(dev_reloader(), "get_config", lambda: config)
    monkeypatch.setattr(dev_reloader(), "get_module_path", lambda module: package / "agency_site.py")
    monkeypatch.setattr(reload, "leave_content_to_the_app", lambda content_dir: False)
    monkeypatch.delenv("REFLEX_HOT_RELOAD_EXCLUDE_PATHS", raising=False)
    monkeypatch.delenv("REFLEX_HOT_RELOAD_INCLUDE_PATHS", raising=False)
    before = list(dev_reloader().get_reload_paths())
    assert PROJECT_ROOT / "content" in before
    assert PROJECT_ROOT / "assets" in before
    assert package in before
    assert leave_content_to_the_app(PROJECT_ROOT / "content")
    after = list(dev_reloader().get_reload_paths())
    assert PROJECT_ROOT / "content" not in after
    assert package not in after
    assert package / "pages" not in after
    assert PROJECT_ROOT / "assets" not in after
    # Everything else of the package still restarts the backend.
    assert {package / "components", package / "agency_site.py", package / "routes.py"} <= set(after)
    assert PROJECT_ROOT / "rxconfig.py" in after


def test_a_pages_module_is_found_with_the_modules_that_use_it() -> None:
    assert module_of(PAGES_DIR / "about.py") == "agency_site.pages.about"
    assert module_of(PAGES_DIR / "home" / "__init__.py") == "agency_site.pages.home"
    source = "import agency_site.pages.blocks\nfrom agency_site.pages.home import hero, home_page\nfrom agency_site.i18n import t"
    assert imported_pages_modules(source) == {
        "agency_site.pages.blocks",
        "agency_site.pages.home",
        "agency_site.pages.home.hero",
        "agency_site.pages.home.home_page",
    }
    graph = {"a": {"b"}, "b": {"c"}, "c": set(), "d": set()}
    assert modules_using({"c"}, graph) == {"a", "b", "c"}
    graph, outside = pages_import_graph()
    assert "agency_site.pages.blocks" in graph["agency_site.pages.about"]
    # The app imports these itself: an edit there restarts the backend.
    assert {"agency_site.pages.not_found", "agency_site.pages.redirects"} <= outside
    assert "agency_site.pages.about" not in outside


# The dev server's app (as `reflex run` builds it in a worker), an edit of about.yaml shown
# through live_content, and the about page compiled alone and among other pages.
_EDIT = """
import json, sys
from pathlib import Path
from agency_site import agency_site as built
from agency_site.dev import content_edit, live_content
from agency_site.reflex_adapter import recompile_pages

pages = live_content.remembered_pages()
about = Path(sys.argv[1]) / "i18n" / "en" / "about.yaml"
about.write_text(about.read_text().replace("about-subtitle: We are", "about-subtitle: Edited. We are", 1))
count, written = content_edit.apply_content_edit(built.app, [about])
alone = recompile_pages(built.app, {"about": pages["about"].build()})
together = recompile_pages(
    built.app,
    {key: page.build() for key, page in pages.items() if page.kind in ("about", "home", "contact")},
)
print(json.dumps({
    "count": count,
    "written": [str(path) for path in written],
    "alone": {str(path): text for path, text in alone.items()},
    "together": {str(path): text for path, text in together.items()},
}))
"""


def test_an_edited_text_is_compiled_into_its_pages_alone(content_copy: Path, tmp_path: Path) -> None:
    web = tmp_path / ".web"
    result = _run_as_the_dev_server(_EDIT, content_copy, web)
    # The about page in both languages asks for the text; the English one shows the edit
    # (this .web was empty, so the German one and both memo modules were written too).
    assert result["count"] == 2
    written = [Path(path) for path in result["written"]]
    assert all(path.is_relative_to(web) for path in written)
    [page] = [path for path in written if "Edited. We are" in path.read_text(encoding="utf-8")]
    assert page.name == "[about]._index.jsx"
    # A page compiled alone is the page compiled among others (its memo module too).
    alone, together = result["alone"], result["together"]
    assert alone
    assert {path: together[path] for path in alone} == alone


def _run_as_the_dev_server(script: str, content_copy: Path, web: Path) -> dict:
    """Run `script` (it prints one JSON line last) in a process of its own that builds the
    app as `reflex run` does in dev mode, on `content_copy` and writing into `web`."""
    env = {
        **os.environ,
        "CONTENT_DIR": str(content_copy),
        "REFLEX_WEB_WORKDIR": str(web),
        "REFLEX_ENV_MODE": "dev",
        "__REFLEX_COMPILE_CONTEXT": "run",
    }
    done = subprocess.run(
        app_process_command(script, str(content_copy)),
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


# The dev server's app, an edit of a blog post (its body and its title) shown through
# live_content, and every page compiled again for comparison.
_POST_EDIT = """
import json, sys
from pathlib import Path
from agency_site import agency_site as built
from agency_site.dev import content_edit, live_content
from agency_site.reflex_adapter import recompile_pages

post = Path(sys.argv[1]) / "blog" / "en" / "ai-automation.md"
text = post.read_text()
text = text.replace('\\ntitle: "', '\\ntitle: "Edited title ', 1)
post.write_text(text.replace("\\n## ", "\\nEdited body.\\n\\n## ", 1))
count, written = content_edit.apply_content_edit(built.app, [post])
rebuilt = sorted(
    key for key, page in live_content.remembered_pages().items() if ("en", "ai-automation") in page.posts
)
everything = recompile_pages(built.app, {key: page.build() for key, page in live_content.remembered_pages().items()})
print(json.dumps({
    "count": count,
    "rebuilt": rebuilt,
    "written": [str(path) for path in written],
    "everything": {str(path): text for path, text in everything.items()},
}))
"""


def test_an_edited_post_is_compiled_into_the_pages_that_show_it(content_copy: Path, tmp_path: Path) -> None:
    web = tmp_path / ".web"
    result = _run_as_the_dev_server(_POST_EDIT, content_copy, web)
    # The blog's order (newest first): ai-everyday-life, ai-healthcare, ai-cybersecurity,
    # ethical-ai, ai-automation, ... The three before it suggest it (the next three, wrapping
    # round); it is among the home page's six.
    expected = [
        "blog",
        "blog/ai-automation",
        "blog/ai-cybersecurity",
        "blog/ai-healthcare",
        "blog/ethical-ai",
        "index",
    ]
    assert result["rebuilt"] == expected
    assert result["count"] == len(expected)
    written = [Path(path) for path in result["written"]]
    assert all(path.is_relative_to(web) for path in written)
    showing = sorted(
        path.relative_to(web).as_posix()
        for path in written
        if path.suffix == ".jsx" and "Edited title" in path.read_text(encoding="utf-8")
    )
    assert "app/routes/[blog].[ai-automation]._index.jsx" in showing
    assert not [path for path in showing if "[de]" in path]
    assert "Edited body." in (web / "app/routes/[blog].[ai-automation]._index.jsx").read_text(
        encoding="utf-8"
    )
    # The feed lists the new title.
    assert "Edited title" in (web / "public/blog/rss.xml").read_text(encoding="utf-8")
    # What was written is what a compile of every page gives (up to the names Reflex makes
    # up anew for each build: a filter's argument, and so the memo components' hashes).
    everything = result["everything"]
    for path in written:
        if str(path) in everything:
            assert _same_build(path.read_text(encoding="utf-8")) == _same_build(everything[str(path)]), path


def _same_build(code: str) -> str:
    for name in set(re.findall(r"\(\(([a-z]{8})\) =>", code)):
        code = re.sub(rf"\b{name}\b", "arg", code)
    return re.sub(r"_[0-9a-f]{32}_", "_hash_", code)


# The dev server's app with every page written, then an edit of each catalog and company
# file shown through live_content, and every page compiled again for comparison.
_FACTS_EDIT = """
import json, sys
from pathlib import Path
from agency_site import agency_site as built
from agency_site.dev import content_edit, live_content
from agency_site.reflex_adapter import recompile_pages, write_if_changed

def every_page():
    pages = live_content.remembered_pages()
    return recompile_pages(built.app, {key: page.build() for key, page in pages.items()})

for path, text in every_page().items():
    write_if_changed(path, text)
edits = {
    "projects.yaml": ("year: 2024", "year: 2019"),
    "site.yaml": ("name: Français", "name: Edited language"),
    "services.yaml": ("colour: blue", "colour: green"),
    "hyphenation.yaml": ("  - Kunden|service", "  - Kun|den|service"),
    "glossary.yaml": ("term: KI-Telefonassistent", "term: KI-Assistent"),
}
files = []
for name, (old, new) in edits.items():
    file = Path(sys.argv[1]) / name
    assert old in file.read_text(), name
    file.write_text(file.read_text().replace(old, new, 1))
    files.append(file)
count, written = content_edit.apply_content_edit(built.app, files)
print(json.dumps({
    "count": count,
    "pages": len(live_content.remembered_pages()),
    "written": [str(path) for path in written],
    "everything": {str(path): text for path, text in every_page().items()},
}))
"""


def test_edited_facts_are_compiled_into_the_pages_that_read_them(content_copy: Path, tmp_path: Path) -> None:
    web = tmp_path / ".web"
    result = _run_as_the_dev_server(_FACTS_EDIT, content_copy, web)
    # A project's year, a language name of the home page's videos, a service's colour and
    # a glossary word: far from every page.
    assert 0 < result["count"] < result["pages"] / 2
    assert "2019" in (web / "app/routes/[project].[101]._index.jsx").read_text(encoding="utf-8")
    assert "Edited language" in (web / "app/routes/_index.jsx").read_text(encoding="utf-8")
    # Every page on disk is what a compile of every page gives: no page that read a
    # changed fact was left out.
    for path, code in result["everything"].items():
        on_disk = Path(path).read_text(encoding="utf-8")
        assert _same_build(on_disk) == _same_build(code), path


# A Python edit of a page in a copy of the project, shown by the dev server's app.
_PAGE_EDIT = """
import json
from pathlib import Path
from agency_site import agency_site as built
from agency_site.dev import content_edit, live_content

about = Path("agency_site/pages/about.py").absolute()
text = about.read_text()
about.write_text(text.replace('title = t(lang, "page-about-title")', 'title = "Edited page"', 1))
count, written = live_content.apply_page_edit(built.app, [about])
print(json.dumps({"count": count, "written": [str(path) for path in written]}))
"""


def test_a_page_edit_is_compiled_into_its_pages_alone(tmp_path: Path) -> None:
    from tests.project_copy import copy_project

    project = copy_project(tmp_path / "site", web=False)
    env = {
        **os.environ,
        "REFLEX_WEB_WORKDIR": str(tmp_path / ".web"),
        "REFLEX_ENV_MODE": "dev",
        "__REFLEX_COMPILE_CONTEXT": "run",
    }
    env.pop("CONTENT_DIR", None)
    done = subprocess.run(
        app_process_command(_PAGE_EDIT), cwd=project, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["count"] == 2  # the about page in both languages
    pages = [
        Path(path) for path in result["written"] if "Edited page" in Path(path).read_text(encoding="utf-8")
    ]
    assert sorted(path.name for path in pages) == ["[about]._index.jsx", "[de].[ueber-uns]._index.jsx"]


def test_pages_define_no_state() -> None:
    """A page module is imported again on an edit; Reflex refuses a state class defined twice."""
    defining = [
        str(path.relative_to(PAGES_DIR))
        for path in PAGES_DIR.rglob("*.py")
        if "rx.State)" in path.read_text(encoding="utf-8") or "(State)" in path.read_text(encoding="utf-8")
    ]
    assert defining == [], "define states in agency_site/state/"


def test_a_file_saved_while_the_backend_started_is_found(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """No watcher runs while a restarted backend builds and compiles the app."""
    content, package = tmp_path / "content", tmp_path / "agency_site"
    for folder in (content / "i18n", package / "pages" / "__pycache__"):
        folder.mkdir(parents=True)
    old, cached = content / "site.yaml", package / "pages" / "__pycache__" / "about.pyc"
    for path in (old, cached):
        path.write_text("x")
    monkeypatch.setattr(live_content, "PACKAGE_DIR", package)
    monkeypatch.setattr(live_content, "_loaded_at", old.stat().st_mtime + 1)
    assert live_content.saved_while_starting(content) == []
    saved = package / "pages" / "about.py"
    saved.write_text("x")
    os.utime(saved, (old.stat().st_mtime + 2, old.stat().st_mtime + 2))
    os.utime(cached, (old.stat().st_mtime + 2, old.stat().st_mtime + 2))
    assert live_content.saved_while_starting(content) == [saved]


def _post_files(content: Path, post_id: str, slug: str, date: str) -> tuple[Path, Path]:
    """A post of `post_id` in both languages, written in `content` (the German one second)."""
    en, de = content / "blog" / "en" / f"{post_id}.md", content / "blog" / "de" / f"{post_id}.md"
    front = f"id: {post_id}\nauthor: Ada Lovelace\ndate: {date}\n"
    en.write_text(f'---\n{front}title: "A new post"\nexcerpt: "What is new."\n---\n\nNew body.\n')
    de.write_text(
        f'---\n{front}slug: {slug}\ntitle: "Ein neuer Beitrag"\nexcerpt: "Was neu ist."\n---\n\nNeu.\n'
    )
    return en, de


def test_a_post_in_one_language_is_waited_for(tmp_path: Path) -> None:
    """A new post is two files saved one after the other; a deleted one too."""
    from agency_site.dev.live_routes import WaitingForSave, unpaired_posts, wait_for_paired_posts

    for lang in ("en", "de"):
        (tmp_path / "blog" / lang).mkdir(parents=True)
    en, de = _post_files(tmp_path, "new-post", "neuer-beitrag", "2030-01-02")
    wait_for_paired_posts(tmp_path)
    de.unlink()
    assert unpaired_posts(tmp_path) == ["blog/de/new-post.md"]
    with pytest.raises(WaitingForSave, match="blog/de/new-post.md"):
        wait_for_paired_posts(tmp_path)
    en.unlink()
    de.write_text("x")
    assert unpaired_posts(tmp_path) == ["blog/en/new-post.md"]


def test_only_posts_services_projects_and_tabs_come_and_go_without_a_restart() -> None:
    """A new page of another kind (a Python edit) or German section word restarts the backend."""
    from agency_site.content.slugs import get_german_urls
    from agency_site.dev.live_routes import check_route_change, routed_pages

    before, german = routed_pages(), get_german_urls()
    for kind in ("article", "service", "project", "portfolio"):
        key = next(key for key, page in before.items() if page.route.kind == kind)
        check_route_change(
            before, {other: page for other, page in before.items() if other != key}, german, german
        )
    about = next(key for key, page in before.items() if page.route.kind == "about")
    with pytest.raises(RestartNeeded, match="the pages changed"):
        check_route_change(
            before, {key: page for key, page in before.items() if key != about}, german, german
        )
    sections = replace(german, sections={**german.sections, "about": "wir"})
    with pytest.raises(RestartNeeded, match="German URLs"):
        check_route_change(before, before, german, sections)
    for section in ("services", "project", "portfolio", "blog"):
        check_route_change(before, before, german, replace(german, ids={**german.ids, section: {}}))


# The dev server's app with every page written; a new post saved in English, then in German,
# shown through live_content; every page compiled again for comparison; then the post
# deleted again.
_NEW_POST = """
import json, sys
from pathlib import Path
from agency_site import agency_site as built
from agency_site.dev import content_edit, live_content
from agency_site.dev.live_routes import WaitingForSave, routed_pages
from agency_site.reflex_adapter import recompile_pages, routes_manifest, web_dir, write_if_changed

def every_page():
    pages = live_content.remembered_pages()
    return recompile_pages(built.app, {key: page.build() for key, page in pages.items()})

def routes_json():
    return json.loads((web_dir() / "routes.json").read_text())

content = Path(sys.argv[1])
before = every_page()
for path, text in [*before.items(), routes_manifest(built.app)]:
    write_if_changed(path, text)
pages_before, routes_before = sorted(live_content.remembered_pages()), routes_json()
front = "id: new-post\\nauthor: Ada Lovelace\\ndate: 2030-01-02\\n"
en, de = content / "blog/en/new-post.md", content / "blog/de/new-post.md"
en.write_text(f'---\\n{front}title: "A new post"\\nexcerpt: "What is new."\\n---\\n\\nNew body.\\n')
try:
    content_edit.apply_content_edit(built.app, [en])
    waited = False
except WaitingForSave:
    waited = True
de.write_text(f'---\\n{front}slug: neuer-beitrag\\ntitle: "Ein neuer Beitrag"\\nexcerpt: "Neu."\\n---\\n\\nNeuer Text.\\n')
count, written = content_edit.apply_content_edit(built.app, [de])
added = {
    "waited": waited,
    "count": count,
    "pages": sorted(live_content.remembered_pages()),
    "routes": routes_json(),
    "expected_routes": [*routed_pages(), "404"],
    "written": [str(path) for path in written],
    "texts": {
        str(path.relative_to(web_dir())): path.read_text()
        for path in [*(web_dir() / "app/routes").iterdir(), *(web_dir() / "public").rglob("*.xml")]
    },
    "everything": {str(path): text for path, text in every_page().items()},
}
en.unlink()
de.unlink()
count, changed = content_edit.apply_content_edit(built.app, [en, de])
print(json.dumps({
    "before": {str(path): text for path, text in before.items()},
    "pages_before": pages_before,
    "routes_before": routes_before,
    "added": added,
    "removed": {
        "count": count,
        "pages": sorted(live_content.remembered_pages()),
        "routes": routes_json(),
        "changed": [str(path) for path in changed],
    },
}))
"""


def test_a_new_post_is_compiled_and_routed_without_a_restart(content_copy: Path, tmp_path: Path) -> None:
    """A new post's pages are added to the running app and compiled, the pages that list it
    are compiled again, and what is on disk is what a compile of every page gives; deleted
    again, its pages and files are gone and every other page is as before."""
    web = tmp_path / ".web"
    result = _run_as_the_dev_server(_NEW_POST, content_copy, web)
    added, removed = result["added"], result["removed"]
    assert added["waited"]
    new_pages = ["blog/new-post", "de/blog/neuer-beitrag"]
    assert sorted(set(added["pages"]) - set(result["pages_before"])) == new_pages
    # The route manifest lists the new pages where a build of the app adds them (the
    # newest post first, after the blog).
    assert added["routes"] == added["expected_routes"]
    assert result["routes_before"] == [route for route in added["expected_routes"] if route not in new_pages]
    assert added["routes"].index("blog/new-post") == added["routes"].index("de/blog") + 1
    texts = added["texts"]
    assert "New body." in texts["app/routes/[blog].[new-post]._index.jsx"]
    assert "Neuer Text." in texts["app/routes/[de].[blog].[neuer-beitrag]._index.jsx"]
    # The newest post: in the blog's list, among the home page's teasers, in the feed.
    for page, link in [
        ("[blog]._index.jsx", "/blog/new-post"),
        ("_index.jsx", "/blog/new-post"),
        ("[de].[blog]._index.jsx", "/de/blog/neuer-beitrag"),
        ("[de]._index.jsx", "/de/blog/neuer-beitrag"),
    ]:
        assert link in texts[f"app/routes/{page}"], page
    assert "A new post" in texts["public/blog/rss.xml"]
    assert "/blog/new-post" in texts["public/sitemap.xml"]
    # Far from every page, and every page on disk was what a compile of every page gives.
    assert 0 < added["count"] < len(added["pages"]) / 2
    for path, code in added["everything"].items():
        relative = Path(path).relative_to(web).as_posix()
        if relative.startswith("app/routes/"):
            assert _same_build(texts[relative]) == _same_build(code), path
    # Deleted again: its pages are gone from the app, the manifest and the disk, and every
    # other page is as before it was added.
    assert removed["pages"] == result["pages_before"]
    assert removed["routes"] == result["routes_before"]
    article = web / "app/routes/[blog].[new-post]._index.jsx"
    assert not article.exists()
    assert not (web / "app_components/agency_site/pages/blog/article_blog_new_post_en.jsx").exists()
    assert str(article) in removed["changed"]
    on_disk = {str(path) for path in (web / "app/routes").iterdir()}
    assert on_disk == {path for path in result["before"] if "/app/routes/" in path}
    for path, code in result["before"].items():
        assert _same_build(Path(path).read_text(encoding="utf-8")) == _same_build(code), path


# Reflex's full compile of the dev server's app (`compile_app`), up to its memo files: after
# them it writes the app's shared files and installs the frontend's packages. Every page
# and memo file it compiled, by path.
_FULL_COMPILE = """
from reflex.compiler import compiler, utils

class _Compiled(Exception):
    pass

def full_compile(app):
    files = []
    compile_memo_components, context_class = compiler.compile_memo_components, compiler.CompileContext
    class PagesContext(context_class):
        def compile(self, *args, **kwargs):
            super().compile(*args, **kwargs)
            files.extend((page.output_path, page.output_code) for page in self.compiled_pages.values())
    def memo_step(memos):
        files.extend(compile_memo_components(memos)[0])
        raise _Compiled
    compiler.compile_memo_components, compiler.CompileContext = memo_step, PagesContext
    try:
        compiler.compile_app(app, use_rich=False)
    except _Compiled:
        pass
    finally:
        compiler.compile_memo_components, compiler.CompileContext = compile_memo_components, context_class
    return {str(utils.resolve_path_of_web_dir(path)): text for path, text in files if path is not None}
"""

# The dev server's app with everything written as its full compile writes it, as at
# its start; an edit follows.
_COMPILED_AS_AT_START = (
    _FULL_COMPILE
    + """
import json, sys
from pathlib import Path
from agency_site import agency_site as built
from agency_site.dev import content_edit, live_content
from agency_site.reflex_adapter import write_if_changed

for path, text in full_compile(built.app).items():
    write_if_changed(Path(path), text)
"""
)

# The dev server's app with everything written as its full compile writes it, then an
# edit of the office's building and the scheduling page (site.yaml) shown through
# live_content.
_OFFICE_EDIT = (
    _COMPILED_AS_AT_START
    + """site = Path(sys.argv[1]) / "site.yaml"
text = site.read_text().replace("example: \"Gate Village 3", "example: \"Edited Village 3", 1)
site.write_text(text.replace("cal.com/falconbyte/intro-call", "cal.com/falconbyte/edited-call", 1))
count, written = content_edit.apply_content_edit(built.app, [site])
print(json.dumps({"count": count, "written": [str(path) for path in written]}))
"""
)

# A restart: the app built afresh (on the edited content) and fully compiled.
_RESTART = (
    _FULL_COMPILE
    + """
import json
from agency_site import agency_site as built

print(json.dumps(full_compile(built.app)))
"""
)


def _assert_as_a_restart_writes(content_copy: Path, tmp_path: Path, web: Path) -> None:
    """Every file a restart's full compile of the edited content writes is in `web` as
    the live edit left it: no page or module that shows the edit was left out."""
    restarted_web = tmp_path / "restarted" / ".web"
    restarted = _run_as_the_dev_server(_RESTART, content_copy, restarted_web)
    for path, code in restarted.items():
        on_disk = web / Path(path).relative_to(restarted_web)
        assert _same_build(on_disk.read_text(encoding="utf-8")) == _same_build(code), path


def test_an_edit_of_the_footers_office_compiles_the_shared_footer(content_copy: Path, tmp_path: Path) -> None:
    """The office is in every page's footer and JSON-LD, the scheduling page in every
    header's buttons: compiled once per language into modules every page imports, an edit
    of them compiles those and the few pages that show them elsewhere (the contact page's
    office card, the home page's call to action; the legal pages take site.yaml's facts),
    live, and leaves what a restart's full compile writes."""
    web = tmp_path / ".web"
    result = _run_as_the_dev_server(_OFFICE_EDIT, content_copy, web)
    assert 0 < result["count"] <= 8
    written = {Path(path).relative_to(web).as_posix() for path in result["written"]}
    shared = {
        "app_components/agency_site/components/layout/footer_en.jsx",
        "app_components/agency_site/components/layout/footer_de.jsx",
        "app_components/agency_site/seo/organization_en.jsx",
        "app_components/agency_site/seo/organization_de.jsx",
        "app_components/agency_site/components/layout/header_en.jsx",
        "app_components/agency_site/components/layout/header_de.jsx",
    }
    assert shared <= written
    assert "app/routes/[contact]._index.jsx" in written
    assert "Edited Village 3" in (
        web / "app_components/agency_site/components/layout/footer_en.jsx"
    ).read_text(encoding="utf-8")
    _assert_as_a_restart_writes(content_copy, tmp_path, web)


# The dev server's app with everything written as its full compile writes it, then an
# edit of the brand's name (site.yaml) shown through live_content.
_BRAND_EDIT = (
    _COMPILED_AS_AT_START
    + """site = Path(sys.argv[1]) / "site.yaml"
site.write_text(site.read_text().replace("example: Falconbyte,", "example: Edited Brand,", 1))
count, written = content_edit.apply_content_edit(built.app, [site])
print(json.dumps({"count": count, "pages": len(live_content.remembered_pages())}))
"""
)


def test_an_edit_of_the_brand_compiles_every_page_live(content_copy: Path, tmp_path: Path) -> None:
    """The brand's name is in every page's head (its sharing texts, its JSON-LD): every
    page is compiled without a restart (which would compile them all too, and reload the
    open page), and the files are what a restart's full compile writes."""
    web = tmp_path / ".web"
    result = _run_as_the_dev_server(_BRAND_EDIT, content_copy, web)
    assert result["count"] == result["pages"] > 80
    assert "Edited Brand" in (web / "app/routes/[about]._index.jsx").read_text(encoding="utf-8")
    _assert_as_a_restart_writes(content_copy, tmp_path, web)


# The dev server's app with everything written as its full compile writes it, then an
# edit of a menu label (the header's 'About', also in the footer) and the language
# label (the header's alone) shown through live_content.
_MENU_EDIT = (
    _COMPILED_AS_AT_START
    + """texts = Path(sys.argv[1]) / "i18n" / "en" / "site.yaml"
edited = texts.read_text().replace("  nav-about: About\\n", "  nav-about: About Edited\\n", 1)
edited = edited.replace("  language-label: Language\\n", "  language-label: Edited language\\n", 1)
texts.write_text(edited)
count, written = content_edit.apply_content_edit(built.app, [texts])
print(json.dumps({"count": count, "written": [str(path) for path in written]}))
"""
)


def test_an_edit_of_a_menu_label_compiles_the_shared_header(content_copy: Path, tmp_path: Path) -> None:
    """A menu label is in every page's header: compiled once per language into a module
    every page imports (with the page's current link and language links as props), an
    edit of it compiles that module (and the footer, which shows 'About' too), no page,
    live, and leaves what a restart's full compile writes."""
    web = tmp_path / ".web"
    result = _run_as_the_dev_server(_MENU_EDIT, content_copy, web)
    assert result["count"] <= 2
    written = {Path(path).relative_to(web).as_posix() for path in result["written"]}
    assert {
        "app_components/agency_site/components/layout/header_en.jsx",
        "app_components/agency_site/components/layout/footer_en.jsx",
    } <= written
    header = (web / "app_components/agency_site/components/layout/header_en.jsx").read_text(encoding="utf-8")
    assert "About Edited" in header and "Edited language" in header
    _assert_as_a_restart_writes(content_copy, tmp_path, web)


# The dev server's app with every page written (a change of the catalog follows): every
# page compiled again for comparison and the route manifest are `shown`.
_CATALOG_CHANGE = """
import json, sys
from pathlib import Path
from agency_site import agency_site as built
from agency_site.dev import content_edit, live_content
from agency_site.dev.live_routes import WaitingForSave, routed_pages
from agency_site.reflex_adapter import recompile_pages, routes_manifest, web_dir, write_if_changed
from agency_site.i18n import recording_keys
from tests.recipes import add_project, add_service

def every_page():
    # Its texts asked inside a recording, as the app's build asks them: a text asked outside
    # the pages restarts the backend when it changes.
    pages = live_content.remembered_pages()
    with recording_keys():
        fields = {key: page.build() for key, page in pages.items()}
    return recompile_pages(built.app, fields)

def routes_json():
    return json.loads((web_dir() / "routes.json").read_text())

def shown(count):
    return {
        "count": count,
        "pages": sorted(live_content.remembered_pages()),
        "routes": routes_json(),
        "expected_routes": [*routed_pages(), "404"],
        "texts": {
            str(path.relative_to(web_dir())): path.read_text()
            for path in [*(web_dir() / "app/routes").iterdir(), *(web_dir() / "public").rglob("*.xml")]
        },
        "everything": {str(path): text for path, text in every_page().items()},
    }

content = Path(sys.argv[1])
before = every_page()
for path, text in [*before.items(), routes_manifest(built.app)]:
    write_if_changed(path, text)
pages_before, routes_before = sorted(live_content.remembered_pages()), routes_json()
"""

# A new service added as the README's recipe adds it (tests/recipes.py), its line in
# services.yaml saved before its texts, shown through live_content; its German slug
# renamed; then the service deleted again.
_NEW_SERVICE = (
    _CATALOG_CHANGE
    + """services = content / "services.yaml"
texts = [content / "i18n" / lang / "services.yaml" for lang in ("en", "de")]
originals = {path: path.read_text() for path in [services, *texts]}
add_service(content.parent)
added_texts = {path: path.read_text() for path in texts}
for path in texts:
    path.write_text(originals[path])
try:
    content_edit.apply_content_edit(built.app, [services])
    waited = False
except WaitingForSave:
    waited = True
for path in texts:
    path.write_text(added_texts[path])
added = shown(content_edit.apply_content_edit(built.app, texts)[0])
services.write_text(services.read_text().replace("de_slug: datenberatung", "de_slug: datenanalyse", 1))
renamed = shown(content_edit.apply_content_edit(built.app, [services])[0])
services.write_text(originals[services])
count, changed = content_edit.apply_content_edit(built.app, [services])
for path in texts:
    path.write_text(originals[path])
content_edit.apply_content_edit(built.app, texts)
print(json.dumps({
    "before": {str(path): text for path, text in before.items()},
    "pages_before": pages_before,
    "routes_before": routes_before,
    "waited": waited,
    "added": added,
    "renamed": renamed,
    "removed": {
        "count": count,
        "pages": sorted(live_content.remembered_pages()),
        "routes": routes_json(),
        "changed": [str(path) for path in changed],
    },
}))
"""
)


def _on_disk_as_compiled(shown: dict, web: Path) -> None:
    """Every page file on disk is what a compile of every page gives."""
    for path, code in shown["everything"].items():
        relative = Path(path).relative_to(web).as_posix()
        if relative.startswith("app/routes/"):
            assert _same_build(shown["texts"][relative]) == _same_build(code), path


def test_a_new_service_is_compiled_and_routed_without_a_restart(content_copy: Path, tmp_path: Path) -> None:
    """A new service (the README's recipe; its line saved before its texts, which are
    waited for), its German slug renamed and the service deleted again are shown by the
    running app: its pages are added, renamed and taken out, the pages that list or link
    to it compiled, far from every page, and what is on disk is what a compile of every
    page gives; deleted, the site is as before."""
    web = tmp_path / ".web"
    result = _run_as_the_dev_server(_NEW_SERVICE, content_copy, web)
    added, renamed, removed = result["added"], result["renamed"], result["removed"]
    assert result["waited"]
    new_pages = ["de/leistungen/datenberatung", "services/data-consulting"]
    assert sorted(set(added["pages"]) - set(result["pages_before"])) == new_pages
    assert added["routes"] == added["expected_routes"]
    texts = added["texts"]
    assert "Data Consulting" in texts["app/routes/[services].[data-consulting]._index.jsx"]
    assert "Datenberatung" in texts["app/routes/[de].[leistungen].[datenberatung]._index.jsx"]
    # The services' list in both languages links to it, the sitemap lists it.
    assert "/services/data-consulting" in texts["app/routes/[services]._index.jsx"]
    assert "/de/leistungen/datenberatung" in texts["app/routes/[de].[leistungen]._index.jsx"]
    assert "/de/leistungen/datenberatung" in texts["public/sitemap.xml"]
    assert 0 < added["count"] < len(added["pages"]) / 2
    _on_disk_as_compiled(added, web)
    # Its German slug renamed: its German page moves, the German list links to it there.
    assert sorted(set(renamed["pages"]) ^ set(added["pages"])) == [
        "de/leistungen/datenanalyse",
        "de/leistungen/datenberatung",
    ]
    assert renamed["routes"] == renamed["expected_routes"]
    assert "/de/leistungen/datenanalyse" in renamed["texts"]["app/routes/[de].[leistungen]._index.jsx"]
    assert "app/routes/[de].[leistungen].[datenberatung]._index.jsx" not in renamed["texts"]
    assert 0 < renamed["count"] < len(renamed["pages"]) / 2
    _on_disk_as_compiled(renamed, web)
    # Deleted again: its pages are gone from the app, the manifest and the disk, and every
    # other page is as before it was added.
    assert removed["pages"] == result["pages_before"]
    assert removed["routes"] == result["routes_before"]
    assert not (web / "app/routes/[services].[data-consulting]._index.jsx").exists()
    on_disk = {str(path) for path in (web / "app/routes").iterdir()}
    assert on_disk == {path for path in result["before"] if "/app/routes/" in path}
    for path, code in result["before"].items():
        assert _same_build(Path(path).read_text(encoding="utf-8")) == _same_build(code), path


def test_a_new_service_is_waited_for_until_its_texts_are_saved(content_copy: Path) -> None:
    """A new service is its line in services.yaml and its texts in both languages, saved
    one file after the other: until the last, the dev server waits instead of restarting
    into the content error page."""
    from agency_site.dev.live_routes import WaitingForSave
    from agency_site.dev.new_entries import unsaved_parts, wait_for_new_entries
    from tests.recipes import NEW_SERVICE, add_service

    texts = [content_copy / "i18n" / lang / "services.yaml" for lang in ("en", "de")]
    originals = [path.read_text(encoding="utf-8") for path in texts]
    add_service(content_copy.parent)
    wait_for_new_entries(content_copy)
    added = [path.read_text(encoding="utf-8") for path in texts]
    for path, text in zip(texts, originals, strict=True):
        path.write_text(text, encoding="utf-8")
    with pytest.raises(WaitingForSave, match=f"service-{NEW_SERVICE}-title"):
        wait_for_new_entries(content_copy)
    # Its English texts saved, the German ones not yet.
    texts[0].write_text(added[0], encoding="utf-8")
    assert unsaved_parts(content_copy)
    # Another content error is not waited for: the backend restarts into its page.
    services = content_copy / "services.yaml"
    services.write_text(services.read_text(encoding="utf-8").replace("colour: indigo", "colour: teal", 1))
    assert unsaved_parts(content_copy) == []


# A new project added as the README's recipe adds it (its image one the project has: the
# recipe's is copied into this copy's assets/, which the app does not read), its files
# saved at once, shown through live_content; then deleted again.
_NEW_PROJECT = (
    _CATALOG_CHANGE
    + """projects = content / "projects.yaml"
texts = [content / "i18n" / lang / "projects.yaml" for lang in ("en", "de")]
originals = {path: path.read_text() for path in [projects, *texts]}
# The recipe copies the image it names from this copy's assets/.
from agency_site.images.variants import assets_dir
(content.parent / "assets" / "projects").mkdir(parents=True)
image = assets_dir() / "projects" / "business-formation-1.webp"
(content.parent / "assets" / "projects" / image.name).write_bytes(image.read_bytes())
add_project(content.parent)
projects.write_text(projects.read_text().replace("/projects/data-dashboard-1.webp", "/projects/business-formation-1.webp"))
added = shown(content_edit.apply_content_edit(built.app, [projects, *texts])[0])
for path, text in originals.items():
    path.write_text(text)
count, changed = content_edit.apply_content_edit(built.app, [projects, *texts])
print(json.dumps({
    "before": {str(path): text for path, text in before.items()},
    "pages_before": pages_before,
    "routes_before": routes_before,
    "added": added,
    "removed": {"count": count, "pages": sorted(live_content.remembered_pages()), "routes": routes_json()},
}))
"""
)


def test_a_new_project_is_compiled_and_routed_without_a_restart(content_copy: Path, tmp_path: Path) -> None:
    """A new project (the README's recipe) is shown by the running app: its pages are added,
    the portfolio's tabs that list it and the project pages that suggest it compiled, far
    from every page, as a compile of every page gives them; deleted, the site is as before."""
    web = tmp_path / ".web"
    result = _run_as_the_dev_server(_NEW_PROJECT, content_copy, web)
    added, removed = result["added"], result["removed"]
    new_pages = ["de/projekt/daten-dashboard-handel", "project/107"]
    assert sorted(set(added["pages"]) - set(result["pages_before"])) == new_pages
    assert added["routes"] == added["expected_routes"]
    texts = added["texts"]
    assert "Retail Data Dashboard" in texts["app/routes/[project].[107]._index.jsx"]
    for tab in ("[portfolio].[all]", "[portfolio].[software-development]", "[de].[referenzen].[alle]"):
        assert (
            "/project/107" in texts[f"app/routes/{tab}._index.jsx"]
            or "/de/projekt/daten" in texts[f"app/routes/{tab}._index.jsx"]
        ), tab
    assert 0 < added["count"] < len(added["pages"]) / 2
    _on_disk_as_compiled(added, web)
    assert removed["pages"] == result["pages_before"]
    assert removed["routes"] == result["routes_before"]
    on_disk = {str(path) for path in (web / "app/routes").iterdir()}
    assert on_disk == {path for path in result["before"] if "/app/routes/" in path}
    for path, code in result["before"].items():
        assert _same_build(Path(path).read_text(encoding="utf-8")) == _same_build(code), path
