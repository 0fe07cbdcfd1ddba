// A native modal <dialog> driven by state (agency_site/components/ui/dialogs.py): the video
// card's fullscreen dialog, opened by a button on wide screens and by a double click on
// the video, which no invoker command can do.
//
// Props in: `open`; callback out: `onClose`, when the dialog closes by itself (Escape, a
// click on the backdrop with closedby="any", a button with command="close"). Everything
// else is the browser's: showModal() moves focus in and makes the page behind inert,
// closing gives focus back to the control that opened it. Other props go to the <dialog>.
import { useEffect, useRef } from "react";

export function ModalDialog({ open = false, onClose, children, ...props }) {
  const dialog = useRef(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    // After the other props: Reflex passes a ref of its own for the dialog's id.
    <dialog {...props} ref={dialog} onClose={onClose}>
      {children}
    </dialog>
  );
}
