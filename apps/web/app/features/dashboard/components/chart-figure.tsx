import { Center, Loader, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { LoadError } from "../../../components/ui/load-error";

interface ChartFigureProps {
  title: string;
  /** One sentence saying what the chart shows, for everyone (and the figure's caption). */
  summary: string | null;
  /** The chart's numbers as a table, for screen readers (the drawing itself is hidden from them). */
  table: ReactNode;
  state: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** A chart with its title, a one-line summary and a hidden data table as its text alternative. */
export function ChartFigure({ title, summary, table, state, empty, emptyText, children }: ChartFigureProps) {
  const titleId = useId();
  return (
    <Stack component="figure" m={0} gap="xs" aria-labelledby={titleId} miw={0}>
      <Title order={3} fz="md" id={titleId}>
        {title}
      </Title>
      {state.isPending ? (
        <Center h={240}>
          <Loader role="status" aria-label={`Loading ${title}`} />
        </Center>
      ) : state.isError ? (
        <LoadError
          title={`${title} could not be loaded`}
          error={state.error ?? new Error("Unknown error")}
          onRetry={() => void state.refetch()}
        />
      ) : empty ? (
        <Center h={240}>
          <Text c="dimmed" size="sm">
            {emptyText}
          </Text>
        </Center>
      ) : (
        <>
          <div aria-hidden="true">{children}</div>
          <VisuallyHidden>{table}</VisuallyHidden>
        </>
      )}
      {summary && !state.isPending && !state.isError && (
        <Text component="figcaption" size="sm" c="dimmed">
          {summary}
        </Text>
      )}
    </Stack>
  );
}
