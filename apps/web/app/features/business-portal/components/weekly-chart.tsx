import type { Report } from "@serene/contract";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";

const axis = { fontSize: 12, fill: "var(--muted)" };

/** Minutes listened per week, as the back office draws its charts (Recharts, loaded on demand). */
export default function WeeklyChart({ weeks }: { weeks: NonNullable<Report["weekly"]> }) {
  return (
    <BarChart
      data={weeks}
      responsive
      accessibilityLayer={false}
      style={{ width: "100%", height: 220 }}
      margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
    >
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis
        dataKey="weekStart"
        tickFormatter={(d: string) => d.slice(5)}
        tick={axis}
        tickLine={false}
        axisLine={false}
      />
      <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} width={40} />
      <Tooltip
        labelFormatter={(d) => `Week of ${String(d)}`}
        formatter={(value) => [String(value ?? "withheld"), "Minutes"]}
        contentStyle={{ background: "var(--surface)", border: "1px solid var(--border)", borderRadius: 8 }}
      />
      <Bar dataKey="minutes" fill="var(--accent)" radius={[4, 4, 0, 0]} maxBarSize={32} />
    </BarChart>
  );
}
