import { ArborShell } from "@/components/shell/ArborShell";

export const dynamic = "force-dynamic";

export default function HomePage() {
  return <ArborShell />;
}
