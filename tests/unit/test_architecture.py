"""docs/architecture.md's module boundaries, checked on the source so a shortcut fails the suite."""

from __future__ import annotations

import ast
import re
import subprocess
import types
from collections.abc import Callable
from pathlib import Path

import agency_site

PACKAGE = Path(agency_site.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    """Every module a file imports, also under `if TYPE_CHECKING:` and inside functions."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_seo_reads_route_metadata_not_page_internals() -> None:
    offenders = {
        path.name: sorted(
            module for module in _imported_modules(path) if module.startswith("agency_site.pages")
        )
        for path in sorted((PACKAGE / "seo").glob("*.py"))
    }
    assert {name: modules for name, modules in offenders.items() if modules} == {}


def test_focus_rings_come_from_the_ui_kit() -> None:
    ring = re.compile(r"(?<![\w-])focus-visible:outline-2\b")
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "kit.py" and ring.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "use agency_site.components.ui.kit's focus rings"


# Behaviour is native HTML, Reflex, or React code in a real file of agency_site/frontend/
# (linted by ESLint); never JavaScript inside a Python string.
JAVASCRIPT = re.compile(
    r"\bfunction\s*\w*\s*\(|=>|\baddEventListener\b|\bdocument\.\w|\bwindow\.\w|\buse(Effect|State|Ref)\b"
    r"|\bquerySelector|\bgetElementById\b|\bconsole\.\w|\blocalStorage\b|\bsetTimeout\b"
)
# The few strings that must look like JavaScript, each for a reason.
JAVASCRIPT_EXCEPTIONS = {
    # Anchors: lines of Reflex's own generated utils/state.js that locate our patches
    # (the .js files beside them); test_frontend_patches.py fails when an upgrade changes them.
    "frontend/patches/connect_on_intent.py",
    "frontend/patches/backend_url.py",
}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the module's, classes' and functions' docstring nodes."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def javascript_in_strings(source: str) -> list[str]:
    """The string literals of `source` (docstrings aside) that contain JavaScript, and every
    `_js_expr=` (a Var made from JavaScript text)."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "_js_expr":
            found.append(f"line {node.value.lineno}: _js_expr=")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            match = JAVASCRIPT.search(node.value)
            if match:
                found.append(f"line {node.lineno}: {match.group(0)!r}")
    return found


def test_no_javascript_inside_python_strings() -> None:
    offenders = {
        str(path.relative_to(PACKAGE)): javascript_in_strings(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).as_posix() not in JAVASCRIPT_EXCEPTIONS
    }
    assert {name: lines for name, lines in offenders.items() if lines} == {}, (
        "write behaviour as native HTML, Reflex, or a .jsx file of agency_site/frontend/react/"
    )


def test_the_javascript_check_finds_javascript() -> None:
    assert javascript_in_strings("CODE = \"document.addEventListener('click', () => {})\"")
    assert javascript_in_strings("CODE = f'''function go(x) {{ return x; }}'''")
    assert javascript_in_strings('Var(_js_expr="x")')
    assert not javascript_in_strings('"""The document. A docstring => may say anything."""\nTEXT = "Hello"')


def test_icons_are_inline_svg_not_lucide_react() -> None:
    # rx.icon makes every page download lucide-react and a script per icon.
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if re.search(r"\brx\.icon\(", path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "use agency_site.components.ui.icon.lucide_icon"


# Reflex's public surface is `import reflex as rx` and what `reflex` exports at its top level;
# the rest is reached through one module, so an upgrade that moves a name is one edit.
# (The tests are not held to it: some exist to notice when Reflex moves what they check.)
REFLEX_ADAPTER = PACKAGE / "reflex_adapter.py"
REPOSITORY = PACKAGE.parent
HELD_TO_THE_ADAPTER = ("agency_site", "deploy", "benchmarks", "scripts")


def reflex_internal_imports(source: str) -> list[str]:
    """The imports in `source` of a path inside Reflex: a submodule of `reflex`
    (`reflex.vars.base`, also as `from reflex import utils`) or one of the packages Reflex is
    built from (`reflex_base`, `reflex_components_core`, ...)."""
    import reflex

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module]
            if node.module == "reflex":
                modules += [
                    f"reflex.{alias.name}"
                    for alias in node.names
                    if isinstance(getattr(reflex, alias.name, None), types.ModuleType)
                ]
        else:
            continue
        found += [
            f"line {node.lineno}: {module}"
            for module in modules
            if module.startswith(("reflex.", "reflex_")) and module != "reflex"
        ]
    return found


def offenders_outside_the_adapter(check: Callable[[str], list[str]]) -> dict[str, list[str]]:
    """What `check` finds in each file held to the adapter (rxconfig.py and the folders of
    HELD_TO_THE_ADAPTER, the adapter itself aside), by path."""
    files = [REPOSITORY / "rxconfig.py"] + [
        path
        for folder in HELD_TO_THE_ADAPTER
        for path in sorted((REPOSITORY / folder).rglob("*.py"))
        if path != REFLEX_ADAPTER
    ]
    return {
        str(path.relative_to(REPOSITORY)): found
        for path in files
        if (found := check(path.read_text(encoding="utf-8")))
    }


def test_only_the_adapter_imports_reflex_internals() -> None:
    offenders = offenders_outside_the_adapter(reflex_internal_imports)
    assert offenders == {}, "import these from agency_site.reflex_adapter (or add them there)"


def test_reflex_internal_imports_are_recognised() -> None:
    source = (
        "import reflex as rx\nfrom reflex import Var\nfrom reflex import utils\n"
        "from reflex.vars.base import Var\nimport reflex_base.environment\n"
        "def f():\n    from reflex_components_core.el.elements.inline import A\n"
    )
    assert reflex_internal_imports(source) == [
        "line 3: reflex.utils",
        "line 4: reflex.vars.base",
        "line 5: reflex_base.environment",
        "line 7: reflex_components_core.el.elements.inline",
    ]


# Reflex's private names: what its App, Component, Var, State, EventHandler, Model, Config
# and Plugin classes define with one leading underscore (`_var_data`, `_as_ref`,
# `_get_app_wrap_components`...). Outside the adapter no code reads one, passes one as a
# keyword or overrides one: an upgrade may change any of them silently. Names that are
# public elsewhere (a named tuple's `_replace`, `_fields`) are left out.
PUBLIC_ELSEWHERE = {"_replace", "_fields", "_asdict"}


def reflex_private_names() -> frozenset[str]:
    import reflex as rx

    classes = (
        rx.App,
        rx.Component,
        rx.Var,
        rx.State,
        rx.EventHandler,
        rx.Model,
        rx.Config,
        rx.plugins.Plugin,
    )
    names = {
        name for cls in classes for name in dir(cls) if name.startswith("_") and not name.startswith("__")
    }
    return frozenset(names - PUBLIC_ELSEWHERE)


def reflex_private_uses(source: str, private: frozenset[str]) -> list[str]:
    """Where `source` reads one of Reflex's `private` names of an object (not its own
    `self`/`cls`), passes one as a keyword argument, or defines a method of that name (an
    override of Reflex's)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in private:
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.keyword) and node.arg in private:
            found.append(f"line {node.value.lineno}: {node.arg}=")
        elif isinstance(node, ast.ClassDef):
            found += [
                f"line {item.lineno}: def {item.name}"
                for item in node.body
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name in private
            ]
    return found


def test_only_the_adapter_uses_reflex_private_names() -> None:
    private = reflex_private_names()
    offenders = offenders_outside_the_adapter(lambda source: reflex_private_uses(source, private))
    assert offenders == {}, "reach Reflex's private names through agency_site.reflex_adapter"


def test_reflex_private_uses_are_recognised() -> None:
    private = reflex_private_names()
    assert {"_var_data", "_as_ref", "_get_app_wrap_components", "_get_frontend_packages"} <= private
    source = (
        "x = Var.create('a', _var_data=data)\n"
        "y = Var(name)._as_ref()\n"
        "class Link(rx.Component):\n    def _get_app_wrap_components(self):\n        return {}\n"
        "app.app_wraps[key] = None\n"
        "self._state = 1\n"
        "row._asdict()\n"
    )
    assert sorted(reflex_private_uses(source, private)) == [
        "line 1: _var_data=",
        "line 2: ._as_ref",
        "line 4: def _get_app_wrap_components",
    ]


def test_content_imports_nothing_above_it() -> None:
    # The content check that needs the route table and the sharing texts is site_check.py,
    # above both; content/ only loads and validates files.
    above = ("agency_site.routes", "agency_site.seo", "agency_site.pages", "agency_site.components")
    offenders = {
        path.name: sorted(module for module in _imported_modules(path) if module.startswith(above))
        for path in sorted((PACKAGE / "content").glob("*.py"))
    }
    assert {name: modules for name, modules in offenders.items() if modules} == {}


# "issue", "Issues" (any case) and a number, with "#" or without, also broken over a line.
ISSUE_CITATION = re.compile(r"\bissues?\s+#?\d+", re.IGNORECASE)


def issue_citations(text: str) -> list[int]:
    """The line numbers (1-based) on which the text cites an issue of the tracker by number."""
    return [text.count("\n", 0, match.start()) + 1 for match in ISSUE_CITATION.finditer(text)]


def _tracked_texts() -> dict[str, str]:
    """Every file git tracks in this checkout, by path, that is text (binary files left out)."""
    listing = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPOSITORY, capture_output=True, check=True
    ).stdout.decode()
    texts: dict[str, str] = {}
    for name in filter(None, listing.split("\0")):
        path = REPOSITORY / name
        if not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue
        try:
            texts[name] = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
    return texts


def test_no_file_cites_an_issue_number() -> None:
    # The repository is read without the tracker: a comment, docstring or text says the
    # reason itself (docs/architecture.md §9). Commit messages may name issues; files may not.
    texts = _tracked_texts()
    assert "agency_site/settings.py" in texts
    offenders = [f"{name}:{line}" for name, text in sorted(texts.items()) for line in issue_citations(text)]
    assert offenders == []


def test_issue_citations_are_recognised() -> None:
    number = 12
    assert issue_citations(f"a sliding window (issue {number}).") == [1]
    assert issue_citations(f'x\n    """Issue {number}, item 8: the visitor') == [2]
    assert issue_citations(f"# (issues {number} and {number + 1})") == [1]
    assert issue_citations(f"see issue #{number}") == [1]
    assert issue_citations(f"the session\n(issue\n{number})") == [2]
    assert issue_citations("Open issues are listed by the operator; issue tracker, tissue 3") == []
    assert issue_citations("429 Too Many Requests, 503 Service Unavailable, HTTP/1.1 404") == []


def test_no_file_cites_a_document_the_repository_lacks() -> None:
    # The product's rules and the architecture are docs/product.md and docs/architecture.md;
    # SPEC.md and DESIGN.md were the names of documents kept outside the repository.
    cited = re.compile(r"(?<![\w/])(SPEC|DESIGN)\.md\b")
    offenders = [
        f"{name}:{text.count(chr(10), 0, match.start()) + 1}"
        for name, text in sorted(_tracked_texts().items())
        if name != "tests/unit/test_architecture.py"
        for match in cited.finditer(text)
    ]
    assert offenders == []
    assert (REPOSITORY / "docs" / "product.md").is_file() and (
        REPOSITORY / "docs" / "architecture.md"
    ).is_file()
