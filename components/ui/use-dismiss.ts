"use client";

import { useEffect, type RefObject } from "react";

/** While `isOpen`, a pointer press outside `container` or the Escape key calls `onDismiss` (popovers, menus). */
export function useDismiss(input: {
  isOpen: boolean;
  container: RefObject<HTMLElement | null>;
  onDismiss: () => void;
}): void {
  const { isOpen, container, onDismiss } = input;
  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) onDismiss();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onDismiss();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [isOpen, container, onDismiss]);
}
