import { useCallback, useEffect, useLayoutEffect, useRef, type SyntheticEvent } from "react";

import { Classes } from "@blueprintjs/core";

/** The fields a dialog starts on: what can be typed in or chosen. */
const FIELDS = ["input:not([type=hidden])", "select", "textarea"]
  .map((tag) => `${tag}:not(:disabled):not([readonly])`)
  .join(", ");

/** What Tab reaches. */
const TABBABLE = [
  "button:not(:disabled)",
  "a[href]",
  "input:not(:disabled):not([type=hidden])",
  "select:not(:disabled)",
  "textarea:not(:disabled)",
  "[tabindex]",
].join(", ");

/** Blueprint's own stand-ins for "no control focused": the overlay's wrappers and focus traps. */
const OVERLAY_PARTS = [Classes.OVERLAY_CONTENT, Classes.OVERLAY_START_FOCUS_TRAP, Classes.OVERLAY_END_FOCUS_TRAP]
  .map((name) => `.${name}`)
  .join(", ");

/** How long a control focused on close is watched, in case the change it led to removes it (a deleted row). */
const WATCH_AFTER_CLOSE_MS = 5_000;

const shown = (element: Element) => !element.closest("[hidden], [aria-hidden='true'], [inert]");

function firstOf(root: ParentNode, selector: string): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>(selector)) {
    if (shown(element) && element.tabIndex >= 0) {
      return element;
    }
  }
  return null;
}

/** A dialog's first field (input, select or text area), wherever its body is. */
export function firstField(dialog: ParentNode): HTMLElement | null {
  return firstOf(dialog, FIELDS);
}

/**
 * Where focus goes in a dialog without a field: the first control of its body, else the last button of
 * its footer (Close, or a confirmation's Cancel: Blueprint puts the safe choice last).
 */
function firstControl(dialog: ParentNode): HTMLElement | null {
  for (const body of dialog.querySelectorAll(`.${Classes.DIALOG_BODY}`)) {
    const control = firstOf(body, TABBABLE);
    if (control) {
      return control;
    }
  }
  const footers = [...dialog.querySelectorAll(`.${Classes.DIALOG_FOOTER}, .${Classes.ALERT_FOOTER}`)];
  const buttons = footers.flatMap((footer) => [...footer.querySelectorAll<HTMLElement>("button:not(:disabled)")]);
  return buttons.filter(shown).pop() ?? null;
}

/** True when nothing a person chose has focus: the page, a removed element or an overlay's wrapper. */
function focusIsIdle(active: Element | null, closing?: Element | null): boolean {
  return (
    active === null ||
    active === document.body ||
    !active.isConnected ||
    active.matches(OVERLAY_PARTS) ||
    (closing?.contains(active) ?? false)
  );
}

/**
 * Somewhere sensible near an element that is gone: the closest of its former ancestors still on the
 * page, if focusable, else that ancestor's first control (the next row of a table whose row was deleted).
 */
function nearestFocusable(ancestors: readonly Element[]): HTMLElement | null {
  const kept = ancestors.find((element) => element.isConnected);
  if (!kept || kept === document.body || kept === document.documentElement) {
    return null;
  }
  if (kept instanceof HTMLElement && kept.matches(TABBABLE) && kept.tabIndex >= 0) {
    return kept;
  }
  return firstOf(kept, TABBABLE) ?? nearestFocusable(ancestors.slice(ancestors.indexOf(kept) + 1));
}

function ancestorsOf(element: Element): Element[] {
  const chain: Element[] = [];
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    chain.push(parent);
  }
  return chain;
}

/**
 * Gives focus back after a dialog closes: to the control that opened it, or when that is gone, to
 * the nearest control still there. Done only when focus is nowhere a person put it, and done again
 * if the control is removed soon after (a list read again after a delete).
 */
function returnFocus(opener: HTMLElement, ancestors: readonly Element[], dialog: Element | null): () => void {
  let watch: MutationObserver | null = null;
  let stopTimer = 0;
  const stop = () => {
    watch?.disconnect();
    window.clearTimeout(stopTimer);
    document.removeEventListener("focusin", onFocusIn);
  };
  function onFocusIn(event: FocusEvent) {
    if (event.target !== target && !focusIsIdle(event.target as Element)) {
      stop();
    }
  }
  let target: HTMLElement | null = null;
  const place = () => {
    target = opener.isConnected ? opener : nearestFocusable(ancestors);
    target?.focus();
  };
  const timer = window.setTimeout(() => {
    if (!focusIsIdle(document.activeElement, dialog)) {
      return;
    }
    place();
    watch = new MutationObserver(() => {
      if (target && !target.isConnected && focusIsIdle(document.activeElement)) {
        target = nearestFocusable(ancestors);
        target?.focus();
      }
    });
    watch.observe(document.body, { childList: true, subtree: true });
    document.addEventListener("focusin", onFocusIn);
    stopTimer = window.setTimeout(stop, WATCH_AFTER_CLOSE_MS);
  }, 0);
  return () => {
    window.clearTimeout(timer);
    stop();
  };
}

export interface DialogFocusOptions {
  isOpen: boolean;
  /** Whether Escape closes the dialog now (e.g. not while a save is on its way). */
  canEscapeKeyClose?: boolean;
  onClose?: (event: SyntheticEvent<HTMLElement>) => void;
}

export interface DialogFocus {
  /** For the dialog's `onOpening` (Blueprint's Dialog and Alert): the dialog's element, once shown. */
  onOpening: (node: HTMLElement) => void;
}

/**
 * The keyboard in a modal dialog (Blueprint's Dialog or Alert):
 * - on open, focus goes to the first field (input, select or text area), or without one to the first
 *   control of the body, else to the footer's last button; a field that shows later (after loading)
 *   takes focus as long as the person has not moved it;
 * - on close (or unmount: the app's dialogs mostly close by unmounting, which Blueprint's
 *   `shouldReturnFocusOnClose` never sees), focus goes back to the control that opened the dialog,
 *   or near it when that control is gone;
 * - Escape closes the dialog even when focus was lost to the page (e.g. the focused button was
 *   disabled by a save), which Blueprint's own handler on the dialog does not hear.
 */
export function useDialogFocus({ isOpen, canEscapeKeyClose = true, onClose }: DialogFocusOptions): DialogFocus {
  const dialog = useRef<HTMLElement | null>(null);
  // Set once Blueprint has taken this opening into its overlay stack (its effects run before ours).
  const settled = useRef(false);
  // What this opening focused by itself (so that a move by the person is told apart).
  const placed = useRef<HTMLElement | null>(null);
  const stopWatching = useRef<() => void>(() => undefined);
  const cancelReturn = useRef<() => void>(() => undefined);
  const escape = useRef({ canEscapeKeyClose, onClose });
  useEffect(() => {
    escape.current = { canEscapeKeyClose, onClose };
  });

  // Layout effect: the opener still has focus here; Blueprint moves it into the dialog later.
  useLayoutEffect(() => {
    if (!isOpen) {
      return;
    }
    cancelReturn.current();
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && !focusIsIdle(active) ? active : null;
    const ancestors = opener ? ancestorsOf(opener) : [];
    // Also on unmount: giving focus back outlives the dialog (it is short and stops by itself).
    return () => {
      settled.current = false;
      placed.current = null;
      stopWatching.current();
      if (opener) {
        cancelReturn.current = returnFocus(opener, ancestors, dialog.current);
      }
      dialog.current = null;
    };
  }, [isOpen]);

  const focusFirst = useCallback((node: HTMLElement) => {
    stopWatching.current();
    const overlay = node.closest(`.${Classes.OVERLAY}`) ?? node;
    const mayPlace = () => {
      const active = document.activeElement;
      if (active !== null && overlay.contains(active) && active.matches(OVERLAY_PARTS)) {
        return true;
      }
      // Before anything is placed, focus is still outside (on the opener); after, only what was placed is ours.
      return placed.current === null
        ? active === null || !overlay.contains(active)
        : active === placed.current || focusIsIdle(active);
    };
    // True once there is nothing more to wait for: a field has focus, or the person moved it.
    const place = (): boolean => {
      if (!mayPlace()) {
        return true;
      }
      const field = firstField(node);
      const target = field ?? (placed.current ? null : firstControl(node));
      if (target && target !== document.activeElement) {
        target.focus();
      }
      placed.current = target ?? placed.current;
      return field !== null;
    };
    if (place()) {
      return;
    }
    // The fields may come later (a record still loading, a form opened from the body).
    const watch = new MutationObserver(() => {
      if (place()) {
        watch.disconnect();
      }
    });
    watch.observe(node, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled", "hidden"] });
    stopWatching.current = () => watch.disconnect();
  }, []);

  // Passive effect, after Blueprint's (a child's): a dialog opened from another has by now taken
  // over the keyboard, so focusing inside it is not pulled back into the first dialog.
  useEffect(() => {
    if (!isOpen) {
      return;
    }
    settled.current = true;
    if (dialog.current) {
      focusFirst(dialog.current);
    }
    function onKeyDown(event: KeyboardEvent) {
      const { canEscapeKeyClose: can, onClose: close } = escape.current;
      const node = dialog.current;
      if (event.key !== "Escape" || event.defaultPrevented || !can || !close || !node?.isConnected) {
        return;
      }
      // Only when focus is lost to the page, for the topmost dialog: otherwise Blueprint's handler hears it.
      const open = document.querySelectorAll(`.${Classes.OVERLAY_OPEN} .${Classes.DIALOG_CONTAINER}`);
      if (focusIsIdle(document.activeElement) && open[open.length - 1] === node) {
        event.preventDefault();
        close(event as unknown as SyntheticEvent<HTMLElement>);
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isOpen, focusFirst]);

  const onOpening = useCallback(
    (node: HTMLElement) => {
      dialog.current = node;
      if (settled.current) {
        focusFirst(node);
      }
    },
    [focusFirst],
  );

  return { onOpening };
}
