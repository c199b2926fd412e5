"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ServiceWorker } from "@/components/pwa/ServiceWorker.tsx";
import { RealtimeProvider } from "@/components/realtime/RealtimeProvider.tsx";
import { SignedOutNotice } from "@/components/shell/SignedOutNotice.tsx";

/** One QueryClient and one WebSocket per browser tab; the server never shares one between requests. */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <RealtimeProvider>{children}</RealtimeProvider>
      <ServiceWorker />
      <SignedOutNotice />
    </QueryClientProvider>
  );
}
