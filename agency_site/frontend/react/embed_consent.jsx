// Remembered consent for click-to-load embeds (agency_site/components/embeds/consent.py).
//
// A visitor may always allow one provider's content (Vimeo, the map, the voice agent, the
// avatar): the provider's id is added to a space-separated list in local storage under
// `storageKey` (documented in the privacy policy, § 25(2) no. 2 TDDDG). Only ids on that
// list ever load by themselves; every other provider waits for a click.
// - `RememberButton`: 'always load <provider>': stores the id, tells the page's other
//   placeholders of that provider, then calls `onRemember` (which loads this one).
// - `RememberedEmbed`: renders nothing; calls `onRemembered` once the page has hydrated
//   if the provider is on the list, or when a `RememberButton` of the page adds it, as
//   long as its placeholder is `waiting` (not loaded already by a click).
// - `ProviderConsent`: one provider's line in the privacy settings: whether it loads by
//   itself, and a button that withdraws that (the list as read after hydration).
import { useEffect, useRef, useState } from "react";

const PROVIDER_ID = /^[a-z0-9-]+$/;
const ADDED = "agency:embed-consent";

function readAllowed(storageKey) {
  try {
    const value = window.localStorage.getItem(storageKey) || "";
    return value.split(" ").filter((id) => PROVIDER_ID.test(id));
  } catch {
    return []; // storage blocked: nothing is remembered, every embed asks
  }
}

function writeAllowed(storageKey, ids) {
  try {
    if (ids.length) window.localStorage.setItem(storageKey, ids.join(" "));
    else window.localStorage.removeItem(storageKey);
  } catch (error) {
    console.warn("Embed consent not stored", error);
  }
}

export function RememberButton({ storageKey, provider, onRemember, children, ...props }) {
  const remember = () => {
    const allowed = readAllowed(storageKey);
    if (!allowed.includes(provider)) writeAllowed(storageKey, [...allowed, provider]);
    window.dispatchEvent(new CustomEvent(ADDED, { detail: provider }));
    onRemember?.();
  };
  return (
    <button type="button" {...props} onClick={remember}>
      {children}
    </button>
  );
}

export function RememberedEmbed({ storageKey, provider, waiting, onRemembered }) {
  const load = useRef(null);
  load.current = () => {
    if (waiting) onRemembered?.();
  };
  useEffect(() => {
    if (readAllowed(storageKey).includes(provider)) load.current();
    const added = (event) => {
      if (event.detail === provider) load.current();
    };
    window.addEventListener(ADDED, added);
    return () => window.removeEventListener(ADDED, added);
  }, [storageKey, provider]);
  return null;
}

export function ProviderConsent({ storageKey, provider, allowedText, askText, withdrawText, className }) {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    setAllowed(readAllowed(storageKey).includes(provider));
  }, [storageKey, provider]);
  const withdraw = () => {
    writeAllowed(
      storageKey,
      readAllowed(storageKey).filter((id) => id !== provider),
    );
    setAllowed(false);
  };
  return (
    <>
      <span data-consent-status={allowed ? "allowed" : "ask"} aria-live="polite">
        {allowed ? allowedText : askText}
      </span>
      <button type="button" className={className} disabled={!allowed} onClick={withdraw}>
        {withdrawText}
      </button>
    </>
  );
}
