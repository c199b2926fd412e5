"use client";

import { buttonClass } from "@/components/ui/Button.tsx";

/**
 * A remote image in Claude's Markdown, not loaded: Arbor's pages may only show images from Arbor
 * itself (fetching one would tell its host when this answer was read). The user can open it in
 * a new tab, without a referrer and without giving that tab a handle on Arbor's window.
 */
export function RemoteImage(props: { href: string; host: string; alt: string }) {
  return (
    <a
      data-testid="remote-image"
      data-host={props.host}
      href={props.href}
      target="_blank"
      rel="noopener noreferrer"
      title={props.href}
      className={buttonClass({
        variant: "secondary",
        size: "md",
        className: "inline-flex items-baseline gap-1 no-underline",
      })}
    >
      <span aria-hidden="true">🖼</span>
      <span>
        Image from <strong>{props.host}</strong>
        {props.alt ? <> “{props.alt}”</> : null}, not loaded: open it in a new tab
      </span>
    </a>
  );
}
