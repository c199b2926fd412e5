/** How a notification of each type reads: a glyph, a title and its colours. */
export function notificationLook(type: string): { icon: string; title: string; tone: string } {
  if (type === "error") {
    return {
      icon: "✗",
      title: "Claude stopped on an error",
      tone: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
    };
  }
  return {
    icon: "✓",
    title: "Claude finished",
    tone: "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
  };
}
