"""What the dev server shows at every address while a content file is broken.

`reflex run` in dev mode compiles this page instead of the site when the content check
fails (agency_site.agency_site.build_app), so the server stays up and the open browser
says which file and line to fix; saving the fix rebuilds the site in its place. A build
for production never gets here: it stops with the same lines as `make check-content`.
The page is English only and uses no content (the content is what is broken).
"""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from agency_site.content import ContentError


@dataclass(frozen=True)
class Problem:
    """One thing to fix: where (file and line), what is wrong, and how to fix it."""

    where: str
    what: str
    fix: str | None = None

    def describe(self) -> str:
        """One line, as `make check-content` writes it: where: what; fix: how."""
        text = f"{self.where}: {self.what}"
        return f"{text}; fix: {self.fix}" if self.fix else text


def content_problems(error: ContentError) -> list[Problem]:
    """Every problem a failed content check found, as the page lists them."""
    return [Problem(problem.location, problem.summary, problem.fix) for problem in error.errors]


def _problem(problem: Problem) -> rx.Component:
    return rx.el.li(
        rx.el.code(problem.where, class_name="font-semibold text-red-800"),
        rx.el.p(problem.what, class_name="mt-1 text-slate-900"),
        *(
            [rx.el.p(rx.el.strong("Fix: "), problem.fix, class_name="mt-1 text-slate-700")]
            if problem.fix
            else []
        ),
        data_testid="content-error",
        class_name="rounded-lg border border-red-200 bg-red-50 p-4",
    )


def content_errors_page(problems: list[Problem]) -> rx.Component:
    """The error page: a heading naming the count, each problem, and what happens next."""
    count = f"{len(problems)} content error{'s' if len(problems) != 1 else ''}"
    return rx.el.main(
        rx.el.h1(
            f"The site is not rebuilt: {count}",
            data_testid="screen-title",
            class_name="text-3xl font-bold text-slate-900",
        ),
        rx.el.p(
            "Fix the file and save it: this page turns back into the site by itself. "
            "`make check-content` lists the same problems.",
            class_name="mt-4 text-slate-700",
        ),
        rx.el.ol(*[_problem(problem) for problem in problems], class_name="mt-8 flex flex-col gap-4"),
        lang="en",
        class_name="mx-auto max-w-3xl px-6 py-16",
    )
