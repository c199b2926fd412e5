// GET /api/health – liveness probe used by tests and scripts
export function GET(): Response {
  return Response.json({ ok: true });
}
