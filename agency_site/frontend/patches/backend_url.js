// Code of the patch declared in backend_url.py, put into Reflex's generated utils/state.js
// by anchored.py. It replaces the line of getBackendURL that clears the port on
// https pages, so the websocket stays on the page's own port (https://localhost:8443).

// @patch same-origin-port
      endpoint.port = window.location.port; // agency-site: the page's own port (backend_url.py)
