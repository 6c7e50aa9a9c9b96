import { VictoryAxis, VictoryChart, VictoryLine, VictoryScatter } from "victory";

import { MONTH_SHORT_NAMES, usageNumber, type UsageEntry } from "./usageMath";

export interface UsageChartProps {
  entries: readonly UsageEntry[];
  /** kWh or Therms. */
  unit: string;
  title: string;
}

const LINE_COLOUR = "#17a7b5";

/** 1,250,000 -> "1.25M", 12,500 -> "12.5k": short ticks that fit the axis. */
export function shortNumber(value: number): string {
  const abs = Math.abs(value);
  const [divisor, suffix] = abs >= 1e9 ? [1e9, "B"] : abs >= 1e6 ? [1e6, "M"] : abs >= 1e3 ? [1e3, "k"] : [1, ""];
  return `${Number((value / divisor).toFixed(2))}${suffix}`;
}

/** The months' usage as a line, as typed (months left empty are skipped). */
export function UsageChart({ entries, unit, title }: UsageChartProps) {
  const points = entries.flatMap((entry, index) => {
    const y = usageNumber(entry.value);
    return y === null ? [] : [{ x: index + 1, y }];
  });
  return (
    <figure className="eris-usage-chart" aria-label={title} data-points={points.length}>
      <VictoryChart
        height={300}
        width={640}
        padding={{ top: 16, bottom: 36, left: 64, right: 20 }}
        domain={{ x: [1, 12] }}
        domainPadding={{ x: 12, y: 12 }}
      >
        <VictoryAxis
          tickValues={MONTH_SHORT_NAMES.map((_, i) => i + 1)}
          tickFormat={(t: number) => MONTH_SHORT_NAMES[t - 1]}
        />
        <VictoryAxis
          dependentAxis
          label={unit}
          tickFormat={(t: number) => shortNumber(t)}
          style={{ axisLabel: { padding: 48 } }}
        />
        {points.length > 1 && <VictoryLine data={points} style={{ data: { stroke: LINE_COLOUR, strokeWidth: 2 } }} />}
        {points.length > 0 && <VictoryScatter data={points} size={3} style={{ data: { fill: LINE_COLOUR } }} />}
      </VictoryChart>
    </figure>
  );
}
