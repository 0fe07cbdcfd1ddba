"""Every command block of the operators' runbook says what `make rehearse` does with it:
runs it, runs a stand-in (and which), or skips it (and why)."""

from __future__ import annotations

from tests.rehearsal.runbook import blocks, unmarked_blocks


def test_every_runbook_block_is_marked_for_the_rehearsal() -> None:
    assert unmarked_blocks() == 0
    found = blocks()
    assert len(found) >= 10
    assert all(block.why for block in found if block.how != "runs")


def test_the_runbook_covers_install_upgrade_rollback_backup_and_restore() -> None:
    scripts = "\n".join(block.script for block in blocks() if block.how == "runs")
    for command in ("make upgrade", "make rollback", "make rollback DOWNGRADE_DATABASE=1", "make backup"):
        assert command in scripts
    assert (
        "make restore ARCHIVE=" in scripts
        and "render_nginx --env-file /etc/agency/env --http-only" in scripts
    )
