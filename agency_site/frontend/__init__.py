"""Our code that runs in the browser, and our changes to the frontend Reflex generates.

- `react/`: our React components (`.jsx`), each wrapped by an `rx.Component` elsewhere;
- `language_redirect.js`: the inline head script (components/head_script.py inlines it);
- `entry.client.js` and `paint_before_hydration.py`: React hydrates after the first paint;
- `patches/`: anchored patches of Reflex's generated `utils/state.js`, each beside the
  quote of Reflex's code it anchors on;
- `memo_modules.py`: each page's memoized components in a file of their own.
"""
