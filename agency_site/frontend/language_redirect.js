// The one inline script of the site's <head> (agency_site/components/head_script.py reads this
// file when the app is built and inlines it; the Content-Security-Policy lists its hash).
// It must run before anything is painted, so it cannot wait for the bundle:
//
// - a visitor who chose German and opens an unprefixed URL goes to its German twin at once
//   (docs/product.md §4, docs/architecture.md §2); only the exact stored value "de" counts. German paths
//   have German words (/de/ueber-uns): a page that is its own canonical names its twin in
//   its hreflang links (written before this script); any other URL (an unknown id, the
//   SPA fallback) swaps its first part through the sections of content/slugs.yaml;
// - a page served from the SPA fallback was prerendered for "/": its <html lang> follows
//   the path now;
// - one delegated click listener, working before hydration and without the backend:
//   a language link (the header's dropdown, data-language-choice) stores the choice and
//   completes its twin URL with the current query and hash; and a link tapped inside an
//   open popover (the mobile menu, the language dropdown) closes that popover, which
//   light dismiss does only for taps outside it (docs/product.md §2: tapping a link or the
//   Schedule button closes the panel);
// - Escape in a popover gives focus back to the button that opened it. The browser does
//   that itself, except for a popover inside another one (the language list in the mobile
//   menu), where Chromium leaves focus on the page's body;
// - focus moving on past an open popover (Tab after the menu's last control) closes it:
//   left open, it would cover the control that now has focus. Its own button keeps it open
//   (Shift+Tab back to the toggle, which closes it on Enter);
// - a twin URL is always on this site: made from the address bar, a path such as
//   /de//evil.com/x would otherwise give //evil.com/x, another host to a browser.
//
// The German prefix and the German sections come from the element's data-languages
// attribute (agency_site.i18n.browser_languages, the value usePageLanguage gets too), the
// storage key from data-storage-key (agency_site.constants), so each is written in one
// place. No "<" in this file: it is
// the text of a <script> element.
(function () {
  var script = document.currentScript;
  var languages = JSON.parse(script.getAttribute("data-languages"));
  var prefix = languages.germanPrefix;
  var storageKey = script.getAttribute("data-storage-key");
  var toGerman = languages.germanSections;
  var toEnglish = {};
  Object.keys(toGerman).forEach(function (section) {
    toEnglish[toGerman[section]] = section;
  });

  function isGermanPath(path) {
    return path === prefix || path.indexOf(prefix + "/") === 0;
  }

  function pathOf(selector) {
    var link = document.querySelector(selector);
    return link ? new URL(link.href, window.location.href).pathname : null;
  }

  // The page's own twin from its hreflang link, when the page is its canonical URL.
  function namedTwin(lang) {
    if (pathOf('link[rel="canonical"]') !== window.location.pathname) return null;
    return pathOf('link[rel="alternate"][hreflang="' + lang + '"]');
  }

  // The twin made part by part: the first part through the sections, the rest as it is.
  function madeTwin(lang) {
    var path = window.location.pathname;
    var german = isGermanPath(path);
    if (german) path = path.slice(prefix.length) || "/";
    if (german === (lang === "de")) return window.location.pathname;
    var parts = path.split("/");
    var words = german ? toEnglish : toGerman;
    if (Object.prototype.hasOwnProperty.call(words, parts[1])) parts[1] = words[parts[1]];
    path = parts.join("/");
    return lang === "de" ? prefix + (path === "/" ? "" : path) : path;
  }

  // The twin of the current URL in `lang`, keeping its query and hash: an absolute URL
  // of this origin, its path with no empty part (two slashes, or a slash and a backslash,
  // which browsers read as one, start another host's address).
  function twinPath(lang) {
    var path = (namedTwin(lang) || madeTwin(lang)).replace(/[/\\]+/g, "/");
    return window.location.origin + path + window.location.search + window.location.hash;
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

  document.addEventListener("focusin", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    document.querySelectorAll("[popover]").forEach(function (popover) {
      if (!popover.matches(":popover-open") || popover.contains(target)) return;
      if (popover.id && target.closest('[popovertarget="' + popover.id + '"]')) return;
      popover.hidePopover();
    });
  });

  document.addEventListener("keydown", function (event) {
    var focused = document.activeElement;
    if (event.key !== "Escape" || !(focused instanceof Element)) return;
    var popover = focused.closest("[popover]");
    if (!popover || !popover.matches(":popover-open") || !popover.id) return;
    var opener = document.querySelector('[popovertarget="' + popover.id + '"]');
    if (!opener) return;
    // The browser hides the popover after this event; its toggle event comes after that.
    popover.addEventListener("toggle", function closed(toggle) {
      if (toggle.newState !== "closed") return;
      popover.removeEventListener("toggle", closed);
      var now = document.activeElement;
      if (!now || now === document.body || popover.contains(now)) opener.focus();
    });
  });
})();
