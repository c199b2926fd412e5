"use client";

import { useState } from "react";
import { THEME_COOKIE, THEMES, parseTheme, themeAttribute, type Theme } from "./theme.ts";

const LABELS: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };

/** System, Light or Dark: applied at once and remembered for a year in a cookie. */
export function ThemeSwitch() {
  const [theme, setTheme] = useState<Theme>(() =>
    typeof document === "undefined" ? "system" : parseTheme(document.documentElement.dataset.theme),
  );
  const choose = (next: Theme) => {
    setTheme(next);
    const attribute = themeAttribute(next);
    if (attribute) document.documentElement.dataset.theme = attribute;
    else delete document.documentElement.dataset.theme;
    document.cookie = `${THEME_COOKIE}=${next}; path=/; max-age=31536000; samesite=strict`;
  };
  return (
    <label className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
      Theme
      <select
        value={theme}
        onChange={(event) => choose(parseTheme(event.target.value))}
        className="rounded border border-zinc-300 bg-transparent px-1 py-0.5 text-xs dark:border-zinc-700"
        data-testid="theme-switch"
      >
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
