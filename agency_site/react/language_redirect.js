// The one inline script of the site's <head> (agency_site/components/browser.py reads this
// file when the app is built and inlines it; the Content-Security-Policy lists its hash).
// It must run before anything is painted, so it cannot wait for the bundle:
//
// - a visitor who chose German and opens an unprefixed URL goes to its /de twin at once
//   (SPEC.md §4, DESIGN.md §2); only the exact stored value "de" counts;
// - a page served from the SPA fallback was prerendered for "/": its <html lang> follows
//   the path now;
// - one delegated click listener, working before hydration and without the backend:
//   a language link (the header's dropdown, data-language-choice) stores the choice and
//   completes its twin URL with the current query and hash; and a link tapped inside an
//   open popover (the mobile menu, the language dropdown) closes that popover, which
//   light dismiss does only for taps outside it (SPEC.md §2: tapping a link or the
//   Schedule button closes the panel).
//
// The German prefix and the storage key come from the element's data attributes
// (agency_site.constants), so they are written in one place. No "<" in this file: it is
// the text of a <script> element.
(function () {
  var script = document.currentScript;
  var prefix = script.getAttribute("data-german-prefix");
  var storageKey = script.getAttribute("data-storage-key");

  function isGermanPath(path) {
    return path === prefix || path.indexOf(prefix + "/") === 0;
  }

  // The twin of the current URL in `lang`, keeping the rest of the path, query and hash.
  function twinPath(lang) {
    var path = window.location.pathname;
    if (isGermanPath(path)) path = path.slice(prefix.length) || "/";
    var twin = lang === "de" ? prefix + (path === "/" ? "" : path) : path;
    return twin + window.location.search + window.location.hash;
  }

  var isGerman = isGermanPath(window.location.pathname);
  document.documentElement.lang = isGerman ? "de" : "en";
  try {
    if (window.localStorage.getItem(storageKey) === "de" && !isGerman) {
      document.documentElement.style.visibility = "hidden";
      window.location.replace(twinPath("de"));
    }
  } catch {
    // Storage blocked (private mode, policy): stay on the page as opened.
  }

  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link) return;
    var choice = link.getAttribute("data-language-choice");
    if (choice === "en" || choice === "de") {
      try {
        window.localStorage.setItem(storageKey, choice);
      } catch (error) {
        console.warn("Language preference not stored", error);
      }
      link.href = twinPath(choice);
    }
    var popover = link.closest("[popover]");
    if (popover && popover.matches(":popover-open")) popover.hidePopover();
  });
})();
