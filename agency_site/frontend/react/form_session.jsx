// The browser side of one contact form (agency_site/pages/contact/form.py).
//
// - Connect on intent: the page opens no connection to the server until the visitor
//   starts using the form (first focus, input or submit); then `onIntent` sends the
//   form's first event, which connects (see agency_site/frontend/patches/connect_on_intent.py).
// - A form shown again on a page that is already connected (the visitor went elsewhere
//   in the site and came back) sends `onStartOver` as it appears: the server's messages
//   of the earlier attempt go, before anything the visitor sends from this form.
// - Exactly once: a hidden input carries a key for the message being written, random,
//   made in the browser. Every submission of that message, repeated clicks, the queue
//   replayed after a reconnect, a click after a server restart, carries the same key, and
//   the server stores a key once (agency_site/leads/idempotency.py). Once the server says
//   it stored this key (`sentKey`), the success toast shows, the form is cleared and the
//   next message gets a new key. (Here, not sent from the server as a script: the
//   Content-Security-Policy allows no eval.)
// - While a submission waits for a server that cannot be reached, `children` (the
//   translated notice) is shown; the typed text stays in the form.
// - A submission that nothing answers is sent again. One sent just as the server shut
//   down is lost with its connection, and Reflex does not reconnect to a server that
//   closed the connection itself (as a deploy's restart does): without this, nothing
//   would ever answer the visitor or tell them. Sent again, it reconnects, or fails to
//   and the notice shows; the key keeps it to one stored message.
// - A field far longer than the server accepts (a long paste) would make a frame larger
//   than the websocket takes (agency_site/server/event_limit.py): the server would close the
//   connection and nothing would answer. Such a form is sent by `onOversize` instead, each
//   such field cut to one character over its limit, so the server answers with its message
//   under that field; the form keeps everything that was typed.
// - A field the last answer marked, fixed and left, is checked again at once (`onRecheck`),
//   so its mark and message go before the next submission. Only marked fields: nothing
//   else the visitor typed travels before they send. Cut like an oversized form (a long
//   paste left would otherwise make a frame the server closes the connection for). Not
//   while Send is held down: the answer would remove the message above the button, the
//   button would move up under the pointer, and the release would land beside it, so the
//   click would send nothing; the check goes as the button is released, before its click
//   sends the form (which is checked whole anyway).
// - A submission answered with messages under the fields moves focus to the first field
//   marked invalid: its message is read with it (aria-describedby), and the form's live
//   region says that the message was not sent (pages/contact/form.py).
import { useContext, useEffect, useRef, useState } from "react";
import { EventLoopContext } from "$/utils/context";
import { isConnectionWanted, refs } from "$/utils/state";

// How long a submission may go without any answer before it is sent again. The server
// answers a reachable visitor at once ('Sending...', or the messages under the fields).
const UNANSWERED_RESEND_MS = 2000;

// A field's text as sent: at most one character over the server's limit, which is enough
// for its "too long" message and keeps every frame under the socket's limit.
function cut(limits, name, value) {
  return value.slice(0, limits[name] + 1);
}

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
  received,
  successTitle,
  successDescription,
  onIntent,
  onStartOver,
  maxLengths,
  onOversize,
  onRecheck,
  children,
}) {
  const [, connectErrors] = useContext(EventLoopContext);
  const input = useRef(null);
  // Made after hydration: the prerendered page has no key, and the server needs none
  // before the visitor sends.
  const [key, setKey] = useState("");
  // The submission the server has not answered yet (null: none). A new object for each
  // one, so every submission restarts the wait for an answer.
  const [pending, setPending] = useState(null);
  const waiting = pending !== null;
  const connectErrorsRef = useRef(connectErrors);
  connectErrorsRef.current = connectErrors;
  const intentRef = useRef(onIntent);
  intentRef.current = onIntent;
  // The server's limits and the two events that send cut text (the latest props).
  const limitsRef = useRef({ maxLengths, onOversize, onRecheck });
  limitsRef.current = { maxLengths, onOversize, onRecheck };

  useEffect(() => setKey(newSubmissionKey()), []);

  // Shown again on a connected page: the messages on the server are an earlier form's.
  // (Runs once, as the form appears; the latest `onStartOver` is the one to call.)
  const startOverRef = useRef(onStartOver);
  startOverRef.current = onStartOver;
  useEffect(() => {
    if (isConnectionWanted()) startOverRef.current?.();
  }, []);

  // From now on the server checks the fields (in the page's language); the prerendered
  // form, before this runs and with JavaScript off, is checked by the browser.
  useEffect(() => {
    const form = input.current?.form;
    if (form) form.noValidate = true;
  }, []);

  // The server stored this message: clear the form and start the next message.
  useEffect(() => {
    if (!sentKey || sentKey !== key) return;
    // The app's toaster (components/ui/toaster.py) keeps the toast until sonner has loaded.
    refs["__toast"]?.success(successTitle, { description: successDescription });
    input.current?.form?.reset();
    setKey(newSubmissionKey());
  }, [sentKey, key, successTitle, successDescription]);

  // The server received a submission (`received` counts them), or answered one (sending,
  // sent, messages under the fields, a failure): the wait is over.
  useEffect(() => setPending(null), [received, status, failure, errors]);

  // Each answer with messages under the fields (`received` counts the answers, so the same
  // messages twice still move focus): focus the first field marked invalid. React has
  // written the fields' aria-invalid when this runs.
  const answered = useRef(received);
  useEffect(() => {
    if (received === answered.current) return;
    answered.current = received;
    if (!errors || Object.keys(errors).length === 0) return;
    input.current?.form?.querySelector('[aria-invalid="true"]')?.focus();
  }, [received, errors]);

  // No answer in time: send it again, unless Reflex is already retrying the connection
  // (then the submission waits in its queue and goes once connected).
  useEffect(() => {
    if (pending === null) return undefined;
    const timer = setTimeout(() => {
      if (connectErrorsRef.current.length === 0) input.current?.form?.requestSubmit();
    }, UNANSWERED_RESEND_MS);
    return () => clearTimeout(timer);
  }, [pending]);

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
      setPending({});
    };
    // Runs before Reflex's own submit handler (capture, on the form itself; React's
    // listens at the root) and, for an oversized form, stops it.
    const oversized = (event) => {
      const { maxLengths: limits = {}, onOversize: send } = limitsRef.current;
      const data = Object.fromEntries(new FormData(form).entries());
      const over = Object.keys(limits).filter(
        (name) => typeof data[name] === "string" && data[name].length > limits[name],
      );
      if (over.length === 0 || !send) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      for (const name of over) data[name] = cut(limits, name, data[name]);
      submitted();
      send(data);
    };
    // A marked field left: checked again now, or as a press on Send ends.
    let pressingSend = false;
    let recheckAfterPress = null;
    const recheck = (event) => {
      const field = event.target;
      const { maxLengths: limits = {}, onRecheck: send } = limitsRef.current;
      if (!send || !(field.name in limits) || field.getAttribute("aria-invalid") !== "true") return;
      const value = cut(limits, field.name, field.value);
      const check = () => send(field.name, value);
      if (pressingSend) recheckAfterPress = check;
      else check();
    };
    const pressed = (event) => {
      pressingSend = event.target.closest?.('[type="submit"]')?.form === form;
    };
    const released = () => {
      pressingSend = false;
      const check = recheckAfterPress;
      recheckAfterPress = null;
      check?.();
    };
    form.addEventListener("focusin", intend);
    form.addEventListener("input", intend);
    form.addEventListener("submit", oversized, true);
    form.addEventListener("submit", submitted);
    form.addEventListener("focusout", recheck);
    form.addEventListener("pointerdown", pressed, true);
    window.addEventListener("pointerup", released, true);
    window.addEventListener("pointercancel", released, true);
    return () => {
      form.removeEventListener("focusin", intend);
      form.removeEventListener("input", intend);
      form.removeEventListener("submit", oversized, true);
      form.removeEventListener("submit", submitted);
      form.removeEventListener("focusout", recheck);
      form.removeEventListener("pointerdown", pressed, true);
      window.removeEventListener("pointerup", released, true);
      window.removeEventListener("pointercancel", released, true);
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
