import type { Metadata } from "next";
import { SettingsPage } from "@/components/settings/SettingsPage.tsx";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Settings · Arbor" };

export default function SettingsRoute() {
  return <SettingsPage />;
}
