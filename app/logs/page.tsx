import type { Metadata } from "next";
import { LogsPage } from "@/components/logs/LogsPage.tsx";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Logs · Arbor" };

export default function LogsRoute() {
  return <LogsPage />;
}
