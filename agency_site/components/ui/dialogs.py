"""Modal dialogs (video fullscreen, image preview): focus stays in, and goes back.

Both are native `<dialog>` elements opened with `showModal()`, which moves focus into
the dialog, makes the page behind inert and closes on Escape. This part of the shared
script (see `behaviours.py`) adds the rest of the keyboard contract:
- Tab and Shift+Tab cycle inside the dialog. Two invisible focus guards, put at the
  dialog's start and end while it is open, send focus round to the other end; they
  work even when focus leaves a cross-origin player iframe, whose keys we never see.
- Closing (button, Escape, backdrop) gives focus back to the control that opened it.
Limit: while focus is inside the video player (a cross-origin iframe) the browser hands
Escape to the player, not to our page; Tab or Shift+Tab back to the close button first.
"""

from __future__ import annotations

DIALOG_SCRIPT = """
(function () {
  var FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), ' +
    'select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';
  var openers = new WeakMap();

  function targets(dialog) {
    return Array.prototype.filter.call(dialog.querySelectorAll(FOCUSABLE), function (element) {
      return !element.hasAttribute("data-focus-guard") && element.getClientRects().length > 0;
    });
  }

  function guard(dialog, atEnd) {
    var element = document.createElement("span");
    element.tabIndex = 0;
    element.setAttribute("data-focus-guard", atEnd ? "end" : "start");
    element.style.cssText = "position:fixed;width:1px;height:1px;overflow:hidden;opacity:0;";
    element.addEventListener("focus", function () {
      var inside = targets(dialog);
      if (!inside.length) return;
      (atEnd ? inside[0] : inside[inside.length - 1]).focus();
    });
    return element;
  }

  var showModal = HTMLDialogElement.prototype.showModal;
  HTMLDialogElement.prototype.showModal = function () {
    var opener = this.open ? null : document.activeElement;
    var result = showModal.apply(this, arguments);
    // After opening, so the browser's initial focus lands on the first real control.
    if (opener) {
      openers.set(this, opener);
      if (!this.querySelector("[data-focus-guard]")) {
        this.insertBefore(guard(this, false), this.firstChild);
        this.appendChild(guard(this, true));
      }
    }
    return result;
  };

  document.addEventListener("close", function (event) {
    var dialog = event.target;
    if (!(dialog instanceof HTMLDialogElement)) return;
    Array.prototype.forEach.call(dialog.querySelectorAll("[data-focus-guard]"), function (element) {
      element.remove();
    });
    var opener = openers.get(dialog);
    openers.delete(dialog);
    if (opener && opener.isConnected && opener !== document.body) opener.focus();
  }, true);
})();
"""
