"use client";

import { useState } from "react";
import type { NotificationPrefs } from "@/lib/settings/notification-prefs.ts";
import { useSaveSettings } from "@/components/api/settings-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Checkbox } from "@/components/ui/FormFields.tsx";

const SWITCHES: Array<{ name: keyof NotificationPrefs; label: string; hint: string }> = [
  {
    name: "notifyWaiting",
    label: "Waiting for you",
    hint: "Claude asks for a permission, an answer or a plan's approval.",
  },
  { name: "notifyFailed", label: "Failed", hint: "A run fails or times out, or a session reports an error." },
  { name: "notifyFinished", label: "Finished", hint: "A run finishes, or a session says it completed its task." },
];

/**
 * The notification switches, saved as they are flipped. They are Arbor's settings (stored on the
 * server) because they decide what the server collects in the inbox, which every browser shares;
 * quiet mode is stored with them so one switch silences every open tab and device at once.
 */
export function NotificationSettings(props: { prefs: NotificationPrefs }) {
  const save = useSaveSettings();
  // Flipped switches show their new position at once; a refused save puts them back (and says why).
  const [flipped, setFlipped] = useState<Partial<NotificationPrefs>>({});
  const prefs = { ...props.prefs, ...flipped };
  const toggle = (name: keyof NotificationPrefs, value: boolean) => {
    setFlipped((current) => ({ ...current, [name]: value }));
    save.mutate({ [name]: value }, { onSettled: () => setFlipped(({ [name]: _settled, ...rest }) => rest) });
  };
  return (
    <section
      aria-labelledby="notification-settings-title"
      className="mt-10 space-y-3"
      data-testid="notification-settings"
    >
      <h2 id="notification-settings-title" className="text-base font-semibold">
        Notifications
      </h2>
      <p className="text-sm text-zinc-500">
        What reaches the inbox and the desktop. Changes apply at once, in every open tab.
      </p>
      <fieldset className="space-y-2">
        <legend className="sr-only">Notify me when a worktree is</legend>
        {SWITCHES.map((item) => (
          <label key={item.name} className="flex items-start gap-3 text-sm">
            <Checkbox
              role="switch"
              className="mt-0.5"
              data-testid={`settings-${item.name}`}
              checked={prefs[item.name]}
              aria-checked={prefs[item.name]}
              onChange={(event) => toggle(item.name, event.target.checked)}
            />
            <span>
              <span className="font-medium">{item.label}</span>
              <span className="block text-xs text-zinc-500">{item.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="flex items-start gap-3 border-t border-zinc-200 pt-3 text-sm dark:border-zinc-800">
        <Checkbox
          role="switch"
          className="mt-0.5"
          data-testid="settings-quietMode"
          checked={prefs.quietMode}
          aria-checked={prefs.quietMode}
          onChange={(event) => toggle("quietMode", event.target.checked)}
        />
        <span>
          <span className="font-medium">Quiet mode</span>
          <span className="block text-xs text-zinc-500">
            No desktop notifications, pop-ups or sounds; the inbox still collects everything switched on above.
          </span>
        </span>
      </label>
      {save.error ? <ErrorNotice error={save.error} testId="notification-settings-error" /> : null}
    </section>
  );
}
