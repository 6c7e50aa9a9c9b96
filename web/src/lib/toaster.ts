import { Intent, Position, type Toaster } from "@blueprintjs/core";
import type { ReactElement } from "react";
import { createRoot } from "react-dom/client";

/** Messages hide after 3 seconds (spec section 8). */
export const TOAST_TIMEOUT_MS = 3000;

let toaster: Promise<Toaster> | null = null;
let unmountToaster: (() => void) | null = null;

// Blueprint's toaster is fetched with the first message, not with every screen that might show one
// (the dashboard's first load stays within its budget).
const loadOverlayToaster = () =>
  import("@blueprintjs/core/lib/esm/components/toast/overlayToaster").then((m) => m.OverlayToaster);

function getToaster(): Promise<Toaster> {
  toaster ??= loadOverlayToaster().then((OverlayToaster) =>
    OverlayToaster.create(
      { position: Position.TOP, maxToasts: 4 },
      {
        domRenderer: (element: ReactElement, container: Element | DocumentFragment) => {
          const root = createRoot(container);
          root.render(element);
          unmountToaster = () => {
            root.unmount();
            if (container instanceof Element) container.remove();
          };
        },
      },
    ),
  );
  return toaster;
}

/** Takes the toaster and the messages it shows off the page; the next message makes a new one. */
export function removeToaster(): void {
  unmountToaster?.();
  unmountToaster = null;
  toaster = null;
}

async function show(message: string, intent: Intent): Promise<void> {
  (await getToaster()).show({ message, intent, timeout: TOAST_TIMEOUT_MS });
}

/** The app's snackbar: one toaster at the top of the page. */
export const toast = {
  success: (message: string) => show(message, Intent.SUCCESS),
  error: (message: string) => show(message, Intent.DANGER),
  info: (message: string) => show(message, Intent.PRIMARY),
  warning: (message: string) => show(message, Intent.WARNING),
};
