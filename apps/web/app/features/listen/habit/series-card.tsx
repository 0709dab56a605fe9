import { Box, Card, Progress, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link } from "react-router";
import type { AppResource, AppSeries } from "@serene/contract";
import { CoverImage } from "../shared/cover-image";

/** "2 of 5 finished". */
export const progressWords = (series: Pick<AppSeries, "finishedCount" | "itemCount">) =>
  `${series.finishedCount} of ${series.itemCount} finished`;

/** A series in a list: cover, title, how far the listener is and what comes next. */
function SeriesCard({
  series,
  next,
  eager,
}: {
  series: AppSeries;
  next: AppResource | undefined;
  eager: boolean;
}) {
  return (
    <Card
      component={Link}
      to={`/listen/series/${series._id}`}
      padding="xs"
      radius="lg"
      withBorder
      className="listen-card"
    >
      <Card.Section>
        {series.image ? (
          <CoverImage
            src={series.image}
            sizes="series"
            h={120}
            fit="cover"
            loading={eager ? "eager" : "lazy"}
          />
        ) : (
          <Box h={120} bg="var(--mantine-primary-color-light)" />
        )}
      </Card.Section>
      <Text fw={700} mt="xs" lineClamp={2} size="sm">
        {series.locked && <IconLock size={12} aria-label="Paid" style={{ marginRight: 4 }} />}
        {series.title}
      </Text>
      <Progress
        value={series.itemCount ? (series.finishedCount / series.itemCount) * 100 : 0}
        size="sm"
        my={6}
        aria-hidden="true"
      />
      <Text size="xs" c="dimmed" truncate>
        {progressWords(series)}
        {next && series.finishedCount < series.itemCount ? ` · Next: ${next.title}` : ""}
      </Text>
    </Card>
  );
}

/**
 * The home's series, side by side; `items` holds each one's next item, in the same order. `eager`
 * when the rail is on the first screen: its first cover loads at once, not when laid out.
 */
export function SeriesRail({
  series,
  items,
  label,
  eager = false,
}: {
  series: AppSeries[];
  items: AppResource[];
  label: string;
  eager?: boolean;
}) {
  return (
    <Box component="ul" className="listen-rail listen-rail--wide" aria-label={label}>
      {series.map((one, index) => (
        <li key={one._id}>
          <SeriesCard series={one} next={items[index]} eager={eager && index === 0} />
        </li>
      ))}
    </Box>
  );
}
