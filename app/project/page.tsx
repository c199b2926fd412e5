import type { Metadata } from "next";
import { ProjectPage } from "@/components/policies/ProjectPage.tsx";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Project · Arbor" };

export default function ProjectRoute() {
  return <ProjectPage />;
}
