"""The operators' runbook (docs/operators.md) as the rehearsal reads it: its numbered
sections' command blocks, each with what the rehearsal does with it, and the few
substitutions that move an install from the machine's folders into a rehearsal folder."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNBOOK = ROOT / "docs" / "operators.md"
# A numbered section ("## 3. Upgrade") is the runbook; the sections after it are reference.
_SECTION = re.compile(r"^## (\d+)\. (.+)$", re.M)
_BLOCK = re.compile(r"<!-- rehearsal: (runs|skipped|instead)(?:,? ([^\n]*?))? -->\n```sh\n([\s\S]*?)```")
_ANY_BLOCK = re.compile(r"^```sh$", re.M)


@dataclass(frozen=True)
class Block:
    section: str
    how: str  # runs | skipped | instead
    why: str
    script: str

    @property
    def first_line(self) -> str:
        return self.script.strip().splitlines()[0]


def runbook_text() -> str:
    """The numbered sections of the runbook, in order."""
    text = RUNBOOK.read_text(encoding="utf-8")
    starts = [match.start() for match in _SECTION.finditer(text)]
    if not starts:
        return ""
    end = text.find("\n## ", starts[-1] + 1)
    return text[starts[0] : end if end != -1 else len(text)]


def blocks() -> list[Block]:
    text = runbook_text()
    found = []
    for match in _BLOCK.finditer(text):
        sections = _SECTION.findall(text[: match.start()])
        found.append(
            Block(
                section=sections[-1][1], how=match.group(1), why=match.group(2) or "", script=match.group(3)
            )
        )
    return found


def unmarked_blocks() -> int:
    """Command blocks of the runbook without a rehearsal marker."""
    text = runbook_text()
    return len(_ANY_BLOCK.findall(text)) - len(blocks())


def substitute(script: str, replacements: list[tuple[str, str]]) -> str:
    for old, new in replacements:
        script = script.replace(old, new)
    return script
