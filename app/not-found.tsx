import Link from "next/link";

// Arbor's own 404: Next's default one styles itself with an inline <style>, which the CSP refuses.
export default function NotFound() {
  return (
    <main className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center">
      <h1 className="text-lg font-semibold">This page does not exist</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        <Link className="underline hover:text-emerald-700" href="/">
          Back to your worktrees
        </Link>
      </p>
    </main>
  );
}
