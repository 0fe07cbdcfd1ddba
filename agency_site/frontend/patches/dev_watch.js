// Code of the patch declared in dev_watch.py, put into Reflex's generated vite.config.js
// by anchored.py.

// @patch stylesheet-written-whole
      // agency-site: a change counts once the file has stopped growing (dev_watch.py)
      awaitWriteFinish: { stabilityThreshold: 100, pollInterval: 20 },
