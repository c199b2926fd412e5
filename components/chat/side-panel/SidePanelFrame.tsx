"use client";

import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { useStoredText } from "@/components/chat/use-stored-flag.ts";

/** Below this row width the panel is laid over the chat; from it on (1280 px screens), beside it. */
export const BESIDE_MIN_PX = 560;
/** Neither the chat nor the panel gets narrower than this when beside each other. */
const MIN_PX = 272;
const KEY_STEP_PX = 32;
const WIDTH_KEY = "arbor.chat.panel-width";

/** The panel's width in px within a row `rowWidth` wide: the stored choice, else half, kept in bounds. Pure. */
export function panelWidth(stored: number | null, rowWidth: number): number {
  const wanted = stored ?? Math.round(rowWidth / 2);
  return Math.max(MIN_PX, Math.min(rowWidth - MIN_PX, wanted));
}

/**
 * Where a side panel (Changes, Checks, Timeline) sits: beside the chat, resizable by its edge (drag,
 * or the arrow keys on it), when the row is wide enough; laid over the chat otherwise.
 */
export function SidePanelFrame(props: { rowWidth: number; children: ReactNode }) {
  const [stored, setStored] = useStoredText(WIDTH_KEY);
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const isBeside = props.rowWidth >= BESIDE_MIN_PX;
  if (!isBeside) {
    return (
      <div data-testid="side-panel" data-placement="over" className="absolute inset-0 z-20 flex shadow-xl">
        {props.children}
      </div>
    );
  }
  const width = panelWidth(stored === null ? null : Number(stored), props.rowWidth);
  const resizeTo = (next: number) => setStored(String(panelWidth(Math.round(next), props.rowWidth)));
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) resizeTo(drag.current.startWidth + drag.current.startX - event.clientX);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    resizeTo(width + (event.key === "ArrowLeft" ? KEY_STEP_PX : -KEY_STEP_PX));
  };
  return (
    <div
      data-testid="side-panel"
      data-placement="beside"
      className="relative flex shrink-0"
      style={{ width: `${width}px` }}
    >
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the panel (arrow keys)"
        aria-valuemin={MIN_PX}
        aria-valuemax={props.rowWidth - MIN_PX}
        aria-valuenow={width}
        tabIndex={0}
        data-testid="side-panel-resize"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
        className="absolute inset-y-0 -left-1 z-10 w-2 cursor-col-resize touch-none hover:bg-emerald-500/30 focus-visible:bg-emerald-500/40 focus-visible:outline-none"
      />
      {props.children}
    </div>
  );
}
