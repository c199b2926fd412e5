"use client";

import { Button } from "@/components/ui/Button.tsx";
import "./globals.css";

// Replaces the root layout when it fails. Next's default one styles itself with an inline
// <style>, which the CSP refuses; this one uses Arbor's stylesheet.
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="h-screen">
        <main className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center">
          <h1 className="text-lg font-semibold">Arbor could not show this page</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">The server log has the details.</p>
          <Button variant="primary" onClick={() => reset()}>
            Try again
          </Button>
        </main>
      </body>
    </html>
  );
}
