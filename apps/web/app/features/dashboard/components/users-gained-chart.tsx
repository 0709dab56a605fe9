import { useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount, formatMonth, plural } from "../../../lib/format";
import { useUsersGained } from "../api";
import { ChartFigure } from "./chart-figure";

const axis = { fontSize: 12, fill: "var(--mantine-color-dimmed)" };

/** Users Gained: one bar per month over the last 12 months. */
export function UsersGainedChart() {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.xs})`);
  const gained = useUsersGained();
  const months = gained.data ?? [];
  const total = months.reduce((sum, month) => sum + month.count, 0);
  const best = months.reduce<(typeof months)[number] | null>(
    (top, month) => (month.count > (top?.count ?? 0) ? month : top),
    null,
  );
  const summary = gained.data
    ? total === 0
      ? "No new users in the last 12 months."
      : `${plural(total, "new user")} in the last 12 months; the most in ${formatMonth(best!._id, "long")} (${formatCount(best!.count)}).`
    : null;

  return (
    <ChartFigure
      title="Users Gained"
      summary={summary}
      state={gained}
      empty={false}
      emptyText=""
      table={
        <table>
          <caption>Users gained per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Users gained</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month._id}>
                <th scope="row">{formatMonth(month._id, "long")}</th>
                <td>{month.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <BarChart
        data={months}
        responsive
        accessibilityLayer={false}
        style={{ width: "100%", height: 240 }}
        margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} stroke="var(--mantine-color-default-border)" />
        <XAxis
          dataKey="_id"
          // On phones every other month is named, ending with the current one.
          tickFormatter={(month: string, index: number) =>
            phone && index % 2 !== (months.length - 1) % 2 ? "" : formatMonth(month)
          }
          tick={axis}
          tickLine={false}
          axisLine={false}
          interval={0}
        />
        <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} width={36} />
        <Tooltip
          cursor={{ fill: "var(--mantine-color-default-hover)" }}
          labelFormatter={(month) => formatMonth(String(month), "long")}
          formatter={(value) => [formatCount(Number(value)), "Users gained"]}
          contentStyle={tooltipStyle}
        />
        <Bar
          dataKey="count"
          fill="var(--mantine-primary-color-filled)"
          radius={[4, 4, 0, 0]}
          maxBarSize={32}
        />
      </BarChart>
    </ChartFigure>
  );
}

export const tooltipStyle = {
  background: "var(--mantine-color-body)",
  border: "1px solid var(--mantine-color-default-border)",
  borderRadius: 8,
  fontSize: 13,
  color: "var(--mantine-color-text)",
};
