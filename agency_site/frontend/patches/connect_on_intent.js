// Patches of Reflex's utils/state.js: readers never connect to the server, and the socket
// client is downloaded only by a page that connects. agency_site/frontend/patches/
// connect_on_intent.py declares where each section goes and why; anchored.py applies them.
// Each section runs inside Reflex's state.js, so it uses that module's names.

// @patch lazy-socket-client (instead of the static import of socket.io-client)
// socket.io-client and universal-cookie (agency-site, connect_on_intent.py): imported by
// the first connection, so they sit in chunks that a page which never connects never
// downloads. Cookies matter only to a connected page (client storage, hydrate) and to
// the remove-cookie event, which loads them first.
let io;
let cookies;
let socketClientLoading;
const loadSocketClient = () =>
  (socketClientLoading ??= Promise.all([
    import("socket.io-client"),
    import("universal-cookie"),
  ]).then(
    ([socketClient, cookieClient]) => {
      io = socketClient.default;
      cookies ??= new cookieClient.default();
    },
    (error) => {
      // The next attempt fetches it again (the server may have been restarting).
      socketClientLoading = undefined;
      throw error;
    },
  ));

// Whether this page has asked for the server. False until an event that needs the backend
// is queued (the contact form, when the visitor starts using it); a page that never asks
// opens no websocket, sends no hydrate, and the server keeps no state for it.
let connectionWanted = false;
// Whether this page view has connected (or is connecting) to the server: a contact form
// shown again on such a page clears the messages of an earlier attempt
// (frontend/react/form_session.jsx); on a page that never connected there are none.
export const isConnectionWanted = () => connectionWanted;

// Events for the backend: every state event, except reports of frontend errors, which
// alone are not worth a connection (the browser console has them).
const isBackendEvent = (event) =>
  typeof event?.name === "string" &&
  (event.name.startsWith("reflex___state") || event.name === SYNC_LOCAL_STORAGE);
const needsServer = (event) =>
  isBackendEvent(event) && !event.name.endsWith(".handle_frontend_exception");

// @patch no-static-cookies (instead of the static import of universal-cookie)
// universal-cookie: loaded with the socket client (loadSocketClient).

// @patch no-cookie-instance (instead of creating the cookie jar at load)
// The cookie jar: created by loadSocketClient.

// @patch remove-cookie-loads-cookies (before the remove-cookie event uses the jar)
    await loadSocketClient();

// @patch cookies-once-loaded (instead of reading cookie vars whenever asked)
  // agency-site: before the first connection has loaded the cookie jar there is nothing
  // to send; the hydrate of that connection reads them.
  if (client_storage.cookies && cookies) {
    for (const state_key in client_storage.cookies) {

// @patch token-per-page-view (after the session storage key of the token)
// agency-site: each page load starts a new session. Reflex would resume the tab's last
// one, bringing back the contact form's messages of an earlier visit (in the language the
// visitor left, say); nothing here is worth resuming, and an unused session expires.
if (typeof window !== "undefined") {
  try {
    window.sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage blocked: getToken makes a token of its own all the same.
  }
}

// @patch no-warm-socket (after the first condition that skips the early transport)
      !connectionWanted ||

// @patch connect-loads-socket-client (before connect() looks at its socket)
  // agency-site: the socket client arrives with the first connection (loadSocketClient).
  // If it cannot be fetched, that is a connection error like any other; the next event
  // that needs the server tries again.
  if (!io) {
    try {
      await loadSocketClient();
    } catch (error) {
      console.error("Could not load the connection to the server", error);
      setConnectErrors((errors) => [...errors.slice(-9), error]);
      return;
    }
  }

// @patch connect-only-when-wanted (instead of "the app has state")
      connectionWanted &&

// @patch intent-opens-connection (before addEvents connects for an event)
    // agency-site: the first event that needs the server opens the connection. Until
    // then frontend error reports are dropped here (the console has them), so they never
    // queue up in front of the page's own browser-only events.
    if (!connectionWanted) {
      connectionWanted = _events.some(needsServer);
      if (!connectionWanted && _events.some(isBackendEvent)) {
        return;
      }
    }

// @patch on-load-only-when-connected (instead of sending on_load after every navigation)
    // agency-site: a page that never connected has no on_load to run; the first
    // connection's hydrate runs the current page's.
    if (connectionWanted) addEvents(app.onLoadInternalEvent());
