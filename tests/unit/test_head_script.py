"""The inline head script must survive being rendered as the text of a <script> element."""

from agency_site.components.browser import LANGUAGE_REDIRECT_SCRIPT
from agency_site.state.menu import MENU_SCRIPT


def test_head_script_has_no_characters_html_would_mangle() -> None:
    # A "<" could end the element early ("</script>") or be escaped by the renderer.
    for script in (LANGUAGE_REDIRECT_SCRIPT, MENU_SCRIPT):
        assert "<" not in script
