/** The plan shown on the dashboard lives in the URL (`?plan=`) next to the repository, so a reload keeps it. */
export function readPlanParam(params: { get(name: string): string | null }): string | null {
  return params.get("plan");
}

export function writePlanParam(planId: string | null): void {
  const params = new URLSearchParams(window.location.search);
  if (planId) params.set("plan", planId);
  else params.delete("plan");
  const query = params.toString();
  window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
}
