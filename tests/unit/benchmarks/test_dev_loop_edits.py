"""The dev-loop benchmark's new post (benchmarks/dev_loop.py) is a post the site accepts:
one that broke a content rule never showed, and the benchmark printed 'not shown' as its
figure."""

import importlib.util
import shutil
from pathlib import Path

from agency_site.content.blog import load_blog
from agency_site.settings import PROJECT_ROOT

BENCHMARKS = PROJECT_ROOT / "benchmarks"


def _dev_loop():
    spec = importlib.util.spec_from_file_location("dev_loop", BENCHMARKS / "dev_loop.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_new_post_loads_in_both_languages(tmp_path: Path) -> None:
    dev_loop = _dev_loop()
    content = tmp_path / "content"
    shutil.copytree(PROJECT_ROOT / "content", content)
    _, _, pattern = dev_loop.NEW_POST
    for lang in ("en", "de"):
        target = tmp_path / pattern.format(lang=lang)
        target.write_text(dev_loop.post_file(lang, "Bench"), encoding="utf-8")
    posts = load_blog(content)
    assert {lang: [post.id for post in posts[lang] if post.title == "Bench"] for lang in ("en", "de")} == {
        "en": ["bench-new-post"],
        "de": ["bench-new-post"],
    }
