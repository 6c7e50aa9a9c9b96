import { VictoryAxis, VictoryChart, VictoryLine, VictoryScatter } from "victory";

import { shortNumber } from "../../lib/numberText";
import { PRIMARY_COLOUR } from "../../styles/palette";
import { MONTH_SHORT_NAMES, usageNumber, type UsageEntry } from "./usageMath";

export interface UsageChartProps {
  entries: readonly UsageEntry[];
  /** kWh or Therms. */
  unit: string;
  title: string;
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
        {points.length > 1 && (
          <VictoryLine data={points} style={{ data: { stroke: PRIMARY_COLOUR, strokeWidth: 2 } }} />
        )}
        {points.length > 0 && <VictoryScatter data={points} size={3} style={{ data: { fill: PRIMARY_COLOUR } }} />}
      </VictoryChart>
    </figure>
  );
}
