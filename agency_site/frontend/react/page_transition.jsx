// A link that plays the page-transition overlay before it navigates (docs/product.md §4, §9;
// wrapped by `PageTransitionLink` in agency_site/components/ui/transition.py).
//
// Why React code of ours: the overlay itself is Reflex (a client-state colour and a CSS
// animation, transition.py), but the timing around a click is not something Reflex
// events can say: follow the link only after a delay, ignore new starts for 1200 ms,
// and for a back button go back in history when a page of this site is behind us, or
// else open the fallback page.
//
// It renders React Router's <Link>, a real <a href>: before hydration and with
// JavaScript off it is an ordinary link (then without the overlay).
//
// Props: `to` (the link's page), `back` (go back in history instead, `to` being the
// fallback), `delayMs` / `mobileDelayMs` (wait before navigating, the second below the
// `mobileQuery` media query), `lockMs` (ignore new starts for that long), `onStart`
// (called when the overlay should play: not with reduced motion, where navigation is
// immediate); everything else goes to the <a>.
import { Link, useNavigate } from "react-router";

// One lock for the whole page: a start within `lockMs` of the last one is ignored.
let lockedUntil = 0;

function motionReduced() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// React Router numbers its history entries: idx > 0 means a page of this site is behind
// us. A full page load from another page of the site has no idx; its referrer tells.
function siteHistoryBehind() {
  const state = window.history.state;
  if (state && state.idx > 0) return true;
  const sameSiteReferrer = document.referrer.startsWith(window.location.origin + "/");
  return sameSiteReferrer && window.history.length > 1;
}

export function PageTransition({
  to,
  back = false,
  delayMs = 0,
  mobileDelayMs = 0,
  mobileQuery = "",
  lockMs = 0,
  onStart,
  children,
  ...anchor
}) {
  const navigate = useNavigate();

  const onClick = (event) => {
    // A new tab or window (modifier keys, middle button) is the browser's to open.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const now = Date.now();
    if (now < lockedUntil) return;
    lockedUntil = now + lockMs;
    const reduced = motionReduced();
    if (!reduced) onStart?.();
    const mobile = mobileQuery !== "" && window.matchMedia(mobileQuery).matches;
    const delay = reduced ? 0 : mobile ? mobileDelayMs : delayMs;
    window.setTimeout(() => {
      if (back && siteHistoryBehind()) navigate(-1);
      else navigate(to);
    }, delay);
  };

  return (
    <Link to={to} onClick={onClick} {...anchor}>
      {children}
    </Link>
  );
}
