import { useId } from "react";

import { Dialog, DialogBody, Spinner } from "@blueprintjs/core";

import "./blockingLoader.css";

export interface BlockingLoaderProps {
  isOpen: boolean;
  /** Says what is loading; names the dialog. */
  label: string;
}

/**
 * A dialog with a spinner over the page while something loads: nothing can be clicked meanwhile,
 * and it cannot be closed (no close button, Escape or outside click); it goes when the loading ends.
 */
export function BlockingLoader({ isOpen, label }: BlockingLoaderProps) {
  const labelId = useId();
  return (
    <Dialog
      isOpen={isOpen}
      className="eris-blocking-loader"
      aria-labelledby={labelId}
      isCloseButtonShown={false}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
      style={{ width: 240 }}
    >
      <DialogBody>
        <div role="status" className="eris-blocking-loader-body">
          <Spinner size={40} />
          <span id={labelId}>{label}</span>
        </div>
      </DialogBody>
    </Dialog>
  );
}
