"""Anchored patches of the files Reflex generates (`anchored.py` says how they work): each
patch set is a Python module quoting Reflex's code it anchors on, beside the `.js` file
holding the code it puts there."""
