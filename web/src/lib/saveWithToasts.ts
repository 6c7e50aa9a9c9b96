import { Code } from "@connectrpc/connect";

import { failureText, hasCode } from "../api/errors";
import { toast } from "./toaster";

export interface SaveTexts {
  /** The toast after a save. */
  done: string;
  /** The toast after a failure; the server's reason follows it for `detailCodes`. */
  failed: string;
  detailCodes: readonly Code[];
}

/**
 * A form dialog's save: on success the done toast, then `onDone` with the answer. A stale update
 * (ABORTED) goes to `onStale` when given; any other failure gets the failed toast.
 */
export async function saveWithToasts<T>(
  save: () => Promise<T>,
  texts: SaveTexts,
  onDone: (answer: T) => void,
  onStale?: (err: unknown) => Promise<void> | void,
): Promise<void> {
  try {
    const answer = await save();
    void toast.success(texts.done);
    onDone(answer);
  } catch (err) {
    if (onStale && hasCode(err, Code.Aborted)) {
      await onStale(err);
    } else {
      void toast.error(failureText(err, texts.failed, ...texts.detailCodes));
    }
  }
}
