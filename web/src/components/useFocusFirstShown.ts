import { useCallback, useEffect, useRef, type RefObject } from "react";

/**
 * Where focus goes after a list's "Show all": the button goes once the rest are shown, so the
 * keyboard carries on at the first item it brought (the `first`th match of `selector` in `list`).
 * Returns what the button calls when pressed.
 */
export function useFocusFirstShown(
  list: RefObject<HTMLElement | null>,
  selector: string,
  shown: number,
  first: number,
): () => void {
  const pressed = useRef(false);
  useEffect(() => {
    if (pressed.current && shown > first) {
      list.current?.querySelectorAll<HTMLElement>(selector)[first]?.focus();
      pressed.current = false;
    }
  }, [list, selector, shown, first]);
  return useCallback(() => {
    pressed.current = true;
  }, []);
}
