// The browser side of one contact form (agency_site/pages/contact/form.py, issue 12).
//
// - Connect on intent: the page opens no connection to the server until the visitor
//   starts using the form (first focus, input or submit); then `onIntent` sends the
//   form's first event, which connects (see agency_site/connect_on_intent.py).
// - Exactly once: a hidden input carries a key for the message being written, random,
//   made in the browser. Every submission of that message, repeated clicks, the queue
//   replayed after a reconnect, a click after a server restart, carries the same key, and
//   the server stores a key once (agency_site/leads/idempotency.py). Once the server says
//   it stored this key (`sentKey`), the success toast shows, the form is cleared and the
//   next message gets a new key. (Here, not sent from the server as a script: the
//   Content-Security-Policy allows no eval.)
// - While a submission waits for a server that cannot be reached, `children` (the
//   translated notice) is shown; the typed text stays in the form.
import { useContext, useEffect, useRef, useState } from "react";
import { EventLoopContext } from "$/utils/context";
import { refs } from "$/utils/state";

// 128 random bits as hex. crypto.getRandomValues, unlike crypto.randomUUID, also works on
// pages served over plain http from another host than localhost.
function newSubmissionKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function ContactFormSession({
  keyField,
  sentKey,
  status,
  failure,
  errors,
  successTitle,
  successDescription,
  onIntent,
  children,
}) {
  const [, connectErrors] = useContext(EventLoopContext);
  const input = useRef(null);
  // Made after hydration: the prerendered page has no key, and the server needs none
  // before the visitor sends.
  const [key, setKey] = useState("");
  // A submission was made and the server has not answered it yet.
  const [waiting, setWaiting] = useState(false);
  const intentRef = useRef(onIntent);
  intentRef.current = onIntent;

  useEffect(() => setKey(newSubmissionKey()), []);

  // The server stored this message: clear the form and start the next message.
  useEffect(() => {
    if (!sentKey || sentKey !== key) return;
    // The app's toaster (components/browser.py) keeps the toast until sonner has loaded.
    refs["__toast"]?.success(successTitle, { description: successDescription });
    input.current?.form?.reset();
    setKey(newSubmissionKey());
  }, [sentKey, key, successTitle, successDescription]);

  // Any answer (sending, sent, messages under the fields, a failure) ends the wait.
  useEffect(() => setWaiting(false), [status, failure, errors]);

  useEffect(() => {
    const form = input.current?.form;
    if (!form) return undefined;
    let intended = false;
    const intend = () => {
      if (intended) return;
      intended = true;
      intentRef.current?.();
    };
    const submitted = () => {
      intend();
      setWaiting(true);
    };
    form.addEventListener("focusin", intend);
    form.addEventListener("input", intend);
    form.addEventListener("submit", submitted);
    return () => {
      form.removeEventListener("focusin", intend);
      form.removeEventListener("input", intend);
      form.removeEventListener("submit", submitted);
    };
  }, []);

  const unreachable =
    connectErrors.length > 0 && (waiting || status === "sending");
  return (
    <>
      <input ref={input} type="hidden" name={keyField} value={key} />
      {unreachable ? children : null}
    </>
  );
}
