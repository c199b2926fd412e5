"use client";

import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { classNames } from "./class-names.ts";

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native `<dialog>` element: the page behind it is inert, Tab and
 * Shift+Tab stay inside it, Escape calls `onCancel`, the element marked `autoFocus` (else the
 * first control) gets the focus, and the focus returns where it was when the dialog closes. Name
 * it with the id of its heading (`labelledBy`).
 */
export function Dialog(props: {
  isOpen: boolean;
  onCancel: () => void;
  labelledBy: string;
  describedBy?: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const { isOpen } = props;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !isOpen) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, [isOpen]);

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !ref.current) return;
    const controls = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!isOpen) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      data-testid={props.testId}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
      onKeyDown={trapTab}
      className={classNames(
        "m-auto w-[calc(100%-1.5rem)] max-w-3xl rounded-lg border border-zinc-300 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100",
        props.className,
      )}
    >
      {props.children}
    </dialog>
  );
}
