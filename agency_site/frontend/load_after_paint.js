// React Router's module script, started after the first paint (agency_site/frontend/
// paint_before_hydration.py puts this file in its place in every prerendered page, with
// the modules React Router named in `data-modules`). React Router's own script imports
// the route modules and the entry at once, so the browser fetches, parses and compiles
// the whole JavaScript of the page (~130 KB compressed) while it is still to paint it,
// and on a slow phone the first paint waited for some of that. The page is complete
// without JavaScript, so here nothing is fetched before the frame that shows it; then the
// same modules load in the same way: the manifest and the route modules first, then
// `window.__reactRouterRouteModules`, then the entry (which hydrates, agency_site/
// frontend/entry.client.js). A tab opened hidden gets no frames and paints nothing, so it
// loads them at once.
(function () {
  var modules = JSON.parse(document.currentScript.getAttribute("data-modules"));
  var started = false;

  function load() {
    if (started) return;
    started = true;
    var first = [modules.manifest].concat(
      modules.routes.map(function (route) {
        return route[1];
      })
    );
    Promise.all(
      first.map(function (url) {
        return import(url);
      })
    ).then(function (loaded) {
      var routeModules = {};
      modules.routes.forEach(function (route, index) {
        routeModules[route[0]] = loaded[index + 1];
      });
      window.__reactRouterRouteModules = routeModules;
      return import(modules.entry);
    });
  }

  if (document.visibilityState === "hidden") {
    load();
    return;
  }
  var paintTiming = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (paintTiming && paintTiming.indexOf("paint") >= 0) {
    // Once the first paint is on the screen: its entry comes when the frame is presented.
    // A task queued after the frame is drawn (below) can still come before that, and
    // its requests then count as holding up the first paint (Lighthouse's estimate of
    // LCP took them in, on some loads and not others).
    new PerformanceObserver(function (list, observer) {
      observer.disconnect();
      load();
    }).observe({ type: "paint", buffered: true });
  }
  // Runs just before the next frame is painted; a task queued from it runs after it. With
  // paint timing it is the fall-back: a page hidden before its first paint reports none.
  requestAnimationFrame(function () {
    setTimeout(load, paintTiming ? 1000 : 0);
  });
})();
