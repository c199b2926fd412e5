import { ArborShell } from "@/components/shell/ArborShell.tsx";

export const dynamic = "force-dynamic";

export default function HomePage() {
  return <ArborShell />;
}
