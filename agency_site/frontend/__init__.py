"""Our code that runs in the browser, and our changes to the frontend Reflex generates.

- `react/`: our React components (`.jsx`), each wrapped by an `rx.Component` elsewhere;
- `language_redirect.js`: the inline head script (components/head_script.py inlines it);
- `entry.client.js`, `load_after_paint.js` and `paint_before_hydration.py`: the page's
  modules load, and React hydrates, after the first paint;
- `jsx_without_emotion.js`: what Reflex's generated code gets for Emotion's `jsx`;
- `patches/`: anchored patches of the files Reflex generates (`utils/state.js`,
  `vite.config.js`), each beside the quote of Reflex's code it anchors on;
- `memo_modules.py`: each page's memoized components in a file of their own.
"""
