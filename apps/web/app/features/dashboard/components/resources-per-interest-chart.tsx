import { Box, ColorSwatch, Group, SimpleGrid, Text } from "@mantine/core";
import { PIE_COLORS } from "@serene/contract";
import { Pie, PieChart, Tooltip } from "recharts";
import { formatCount, plural } from "../../../lib/format";
import { useResourcesPerInterest } from "../api";
import { ChartFigure } from "./chart-figure";
import { tooltipStyle } from "./users-gained-chart";

interface Slice {
  interest: string;
  count: number;
  fill: string;
}

/** Six fixed colours: the five largest interests keep their own, the rest share the sixth as "Other". */
function toSlices(rows: { interest: string; count: number }[]): Slice[] {
  const shown = rows.length > PIE_COLORS.length ? rows.slice(0, PIE_COLORS.length - 1) : rows;
  const rest = rows.slice(shown.length);
  const slices: Slice[] = shown.map((row, index) => ({ ...row, fill: PIE_COLORS[index]! }));
  if (rest.length) {
    slices.push({
      interest: `Other (${plural(rest.length, "interest")})`,
      count: rest.reduce((sum, row) => sum + row.count, 0),
      fill: PIE_COLORS[PIE_COLORS.length - 1]!,
    });
  }
  return slices;
}

/** Resources Per Interest: a pie in the spec's six colours, with its legend. */
export function ResourcesPerInterestChart() {
  const perInterest = useResourcesPerInterest();
  const rows = perInterest.data ?? [];
  const slices = toSlices(rows);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const summary =
    rows.length > 0
      ? `${plural(total, "content")} in ${plural(rows.length, "interest")}; the largest is ${rows[0]!.interest} (${formatCount(rows[0]!.count)}).`
      : null;
  const percent = (count: number) => `${Math.round((count / (total || 1)) * 100)}%`;

  return (
    <ChartFigure
      title="Resources Per Interest"
      summary={summary}
      state={perInterest}
      empty={rows.length === 0}
      emptyText="No contents yet."
      table={
        <table>
          <caption>Contents per interest</caption>
          <thead>
            <tr>
              <th scope="col">Interest</th>
              <th scope="col">Contents</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.interest}>
                <th scope="row">{row.interest}</th>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" style={{ alignItems: "center" }}>
        <PieChart responsive accessibilityLayer={false} style={{ width: "100%", height: 220 }}>
          <Pie
            data={slices}
            dataKey="count"
            nameKey="interest"
            innerRadius="55%"
            outerRadius="90%"
            paddingAngle={slices.length > 1 ? 1 : 0}
            stroke="var(--mantine-color-body)"
            isAnimationActive={false}
            rootTabIndex={-1}
          />
          <Tooltip
            formatter={(value, name) => [`${formatCount(Number(value))} (${percent(Number(value))})`, name]}
            contentStyle={tooltipStyle}
          />
        </PieChart>
        <Box component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {slices.map((slice) => (
            <Group key={slice.interest} component="li" gap="xs" wrap="nowrap" py={3}>
              <ColorSwatch color={slice.fill} size={12} withShadow={false} style={{ flexShrink: 0 }} />
              <Text size="sm" truncate style={{ flex: 1 }}>
                {slice.interest}
              </Text>
              <Text size="sm" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
                {formatCount(slice.count)}
              </Text>
            </Group>
          ))}
        </Box>
      </SimpleGrid>
    </ChartFigure>
  );
}
