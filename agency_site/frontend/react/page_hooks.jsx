// Small page-level behaviours Reflex has no component or event for, used by
// agency_site/agency_site.py, pages/not_found.py, pages/redirects.py, pages/blocks.py and
// components/layout/footer.py. Each needs either the router's location, which Reflex
// exposes only through the backend's state (readers never connect), or a
// browser call Reflex's events cannot make (a timer, location.replace, the year now).
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

// "de" on a German page (its path starts with the German prefix of `languages`, the
// value agency_site.i18n.browser_languages makes), else "en". Called in place (the
// document root may call a hook but not declare one): <html lang> and the not-found
// page, one document for both languages, follow the path.
export function usePageLanguage({ germanPrefix }) {
  const { pathname } = useLocation();
  return pathname === germanPrefix || pathname.startsWith(germanPrefix + "/") ? "de" : "en";
}

// docs/product.md §2 (contact, services, articles, legal pages): the page opens at its top, also
// after a client-side navigation (React Router keeps the scroll position), unless the URL
// names a fragment to show. Returns `marker`, so it can stand as an attribute's value.
export function useScrollTopOnOpen(marker) {
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, []);
  return marker;
}

// docs/product.md 'Not-found page': logs the missing path to the console.
// With JavaScript off, a page whose only job is to send the visitor elsewhere (the
// portfolio's index, the assistant product's page) does so by a refresh in a <noscript>
// of the <head>, the one place HTML allows it; `targets` maps those pages' paths to where
// they lead. With script on, a <noscript> is inert: the page's own redirect runs.
export function NoScriptRedirect({ targets }) {
  const { pathname } = useLocation();
  const target = targets[pathname.replace(/\/+$/, "") || "/"];
  if (!target) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`0; url=${target}`} />
    </noscript>
  );
}

export function MissingPathLog({ message }) {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error(message, pathname);
  }, [message, pathname]);
  return null;
}

// docs/product.md 'Botagent': leave for `href` at once, replacing this history entry (the back
// button returns to where the visitor came from, not here); if the page is still here
// after `fallbackMs`, go to `fallbackPath` inside the site.
export function LeaveFor({ href, fallbackPath, fallbackMs }) {
  const navigate = useNavigate();
  useEffect(() => {
    window.location.replace(href);
    const timer = setTimeout(() => navigate(fallbackPath), fallbackMs);
    return () => clearTimeout(timer);
  }, [href, fallbackPath, fallbackMs, navigate]);
  return null;
}

// The current year, from the visitor's clock: a page prerendered last year shows this year.
export function CurrentYear(props) {
  return (
    <span {...props} suppressHydrationWarning>
      {new Date().getFullYear()}
    </span>
  );
}
