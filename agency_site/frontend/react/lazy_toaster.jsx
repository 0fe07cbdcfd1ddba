// Reflex's sonner toaster, loaded on the first toast instead of in the first bundle
// (wrapped by LazyToaster in agency_site/components/ui/toaster.py). Toasts only follow a
// visitor's action (the contact form, 'purchase now'), so sonner (~9 KB) is neither in
// the bundle nor fetched while the page loads.
//
// `refs["__toast"]` (what rx.toast events and our handlers call) starts as a stand-in
// with sonner's API. The first call imports sonner, mounts its Toaster and replays the
// calls made meanwhile, once the Toaster has subscribed (a child's effects run before
// its parent's, so the parent's effect after the mount is late enough).
import { useEffect, useRef, useState } from "react";
import { refs } from "$/utils/state";

const TOAST_METHODS = ["success", "error", "info", "warning", "loading", "message", "dismiss", "promise", "custom"];

export function AgencyToaster(props) {
  const [Toaster, setToaster] = useState(null);
  const pending = useRef([]);
  const sonner = useRef(null);
  useEffect(() => {
    let loading = false;
    const call = (method) => (...args) => {
      const toast = sonner.current;
      if (toast) return method ? toast[method](...args) : toast(...args);
      pending.current.push([method, args]);
      if (loading) return undefined;
      loading = true;
      import("sonner")
        .then((module) => {
          sonner.current = module.toast;
          setToaster(() => module.Toaster);
        })
        .catch((error) => console.error("Toasts could not load", error));
      return undefined;
    };
    const standIn = call(null);
    TOAST_METHODS.forEach((method) => {
      standIn[method] = call(method);
    });
    refs["__toast"] = standIn;
  }, []);
  useEffect(() => {
    if (!Toaster) return;
    refs["__toast"] = sonner.current;
    const calls = pending.current;
    pending.current = [];
    calls.forEach(([method, args]) => (method ? sonner.current[method] : sonner.current)(...args));
  }, [Toaster]);
  return Toaster ? <Toaster {...props} /> : null;
}
