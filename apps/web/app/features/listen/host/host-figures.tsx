import { Text } from "@mantine/core";
import { plural } from "../../../lib/format";

/** A published content's figures, as the issue names them: plays, unique listeners, average listened share. */
export function HostFigures({
  plays,
  listeners,
  averageShare,
}: {
  plays: number;
  listeners: number;
  averageShare: number | null;
}) {
  const figures = [
    plural(plays, "play"),
    plural(listeners, "unique listener"),
    averageShare === null ? "No listening yet" : `${Math.round(averageShare * 100)}% listened on average`,
  ];
  return (
    <Text size="sm" data-testid="host-figures">
      {figures.join(" · ")}
    </Text>
  );
}
