import { Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function PageHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <div style={{ marginBottom: "var(--mantine-spacing-md)" }}>
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        {title}
      </Title>
      {intro && <Text c="dimmed">{intro}</Text>}
    </div>
  );
}
