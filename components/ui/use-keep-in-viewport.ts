"use client";

import { useLayoutEffect, type RefObject } from "react";

/** Space kept between a popup and the window's edges, in px. */
const MARGIN_PX = 8;

/** How far to move a box sideways so it lies inside a window `viewportWidth` wide (0 when it does). Pure. */
export function shiftIntoView(box: { left: number; right: number }, viewportWidth: number): number {
  if (box.right - box.left > viewportWidth - 2 * MARGIN_PX) return MARGIN_PX - box.left;
  if (box.left < MARGIN_PX) return MARGIN_PX - box.left;
  if (box.right > viewportWidth - MARGIN_PX) return viewportWidth - MARGIN_PX - box.right;
  return 0;
}

/**
 * While `isOpen`, moves the popup `ref` sideways so that none of it is off screen: a menu anchored
 * to a button near the edge of a phone's screen stays readable whichever way it opens.
 */
export function useKeepInViewport(ref: RefObject<HTMLElement | null>, isOpen: boolean): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!isOpen || !element) return;
    element.style.translate = "";
    const shift = shiftIntoView(element.getBoundingClientRect(), document.documentElement.clientWidth);
    if (shift !== 0) element.style.translate = `${Math.round(shift)}px 0`;
  }, [ref, isOpen]);
}
