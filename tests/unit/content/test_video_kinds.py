"""What a project's clips are is said by the content: `kind` is required on every clip, and
an AI-generated clip is labelled on its card and in its full-screen dialog."""

from __future__ import annotations

from pathlib import Path

import pytest

from agency_site.components.embeds.click_to_load import Poster
from agency_site.components.embeds.video_card import video_card
from agency_site.content.catalog import load_catalog
from agency_site.content.loader import ContentError
from agency_site.i18n import t


def test_a_clip_without_its_kind_fails_the_content_check_by_name(content_copy: Path) -> None:
    projects = content_copy / "projects.yaml"
    projects.write_text(
        projects.read_text(encoding="utf-8").replace(", kind: ai-generated}", "}", 1), encoding="utf-8"
    )
    with pytest.raises(ContentError) as error:
        load_catalog(content_copy)
    assert "kind" in str(error.value) and "projects.yaml" in str(error.value)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_ai_generated_video_is_labelled_on_its_card_and_in_full_screen(lang: str) -> None:
    def card(ai_generated: bool) -> str:
        return str(
            video_card(
                lang,
                video_id="1",
                poster=Poster("/home/promo.webp", 1280, 720),
                title="Avatar",
                embed_id="sample-video",
                testid="sample-video",
                ai_generated=ai_generated,
            )
        )

    label = t(lang, "video-ai-generated")
    # Heading the placeholder, over the playing video, and beside the dialog's title.
    assert card(True).count(label) == 3
    assert label not in card(False)
