import { VictoryAxis, VictoryBar, VictoryChart, VictoryPie, VictoryStack } from "victory";

import type { GetRevenueBySupplierResponse } from "../../gen/eris/reporting/v1/reporting_pb";
import { shortNumber } from "../../lib/numberText";
import { formatMoney } from "../../lib/records/contractFormat";
import { chartSeries, MONTH_ABBREVIATIONS, revenueNumber, shareText } from "./revenueData";
import { REVENUE_TEXTS } from "./texts";

const T = REVENUE_TEXTS;

/** Slices (and stacks) the charts draw at most: the largest suppliers, then the others together. */
const MOST_SERIES = 9;
/** The theme's colours first, then others that stay apart from them. */
export const CHART_COLOURS = [
  "#17a7b5",
  "#0005dc",
  "#8c9eff",
  "#b0bec5",
  "#f29d49",
  "#62d96b",
  "#d13913",
  "#9179f2",
  "#f5498b",
  "#738091",
  "#c87619",
  "#238551",
];

interface LegendEntry {
  name: string;
  amount: number;
}

/** The names, amounts and shares beside a pie: readable where the slices are too small to label. */
function Legend({ entries, whole }: { entries: LegendEntry[]; whole: number }) {
  return (
    <ul className="eris-revenue-legend">
      {entries.map((entry, i) => (
        <li key={entry.name}>
          <span className="eris-revenue-swatch" style={{ background: CHART_COLOURS[i % CHART_COLOURS.length] }} />
          <span className="eris-revenue-name">{entry.name}</span>
          <span>{formatMoney(entry.amount.toFixed(2))}</span>
          <span>({shareText(entry.amount, whole)})</span>
        </li>
      ))}
    </ul>
  );
}

function Pie({ entries }: { entries: LegendEntry[] }) {
  return (
    <div className="eris-revenue-plot">
      <VictoryPie
        width={300}
        height={300}
        padding={10}
        colorScale={CHART_COLOURS}
        labels={() => null}
        data={entries.map((entry) => ({ x: entry.name, y: entry.amount }))}
      />
    </div>
  );
}

export interface RevenueChartsProps {
  /** A year with revenue (an empty year shows no charts). */
  report: GetRevenueBySupplierResponse;
}

/** The year's revenue as a supplier pie, a month pie and bars by month stacked by supplier. */
export function RevenueCharts({ report }: RevenueChartsProps) {
  const series = chartSeries(report, MOST_SERIES);
  const whole = revenueNumber(report.total);
  // Pies draw only the positive amounts (a month of refunds has no slice); the legend lists all.
  const suppliers = series.map((s) => ({ name: s.name, amount: s.total }));
  const months = MONTH_ABBREVIATIONS.map((name, i) => ({ name, amount: revenueNumber(report.monthTotals[i]) }));
  const positive = (entries: LegendEntry[]) => entries.map((e) => ({ ...e, amount: Math.max(e.amount, 0) }));
  return (
    <div className="eris-revenue-charts">
      <figure className="eris-revenue-chart" aria-label={T.supplierChart} data-slices={suppliers.length}>
        <figcaption>{T.supplierChart}</figcaption>
        <div className="eris-revenue-chart-body">
          <Pie entries={positive(suppliers)} />
          <Legend entries={suppliers} whole={whole} />
        </div>
      </figure>
      <figure className="eris-revenue-chart" aria-label={T.monthChart} data-slices={months.length}>
        <figcaption>{T.monthChart}</figcaption>
        <div className="eris-revenue-chart-body">
          <Pie entries={positive(months)} />
          <Legend entries={months} whole={whole} />
        </div>
      </figure>
      <figure
        className="eris-revenue-chart eris-revenue-chart-wide"
        aria-label={T.stackChart}
        data-stacks={series.length}
      >
        <figcaption>{T.stackChart}</figcaption>
        <div className="eris-revenue-chart-body">
          <div className="eris-revenue-plot">
            <VictoryChart
              width={900}
              height={340}
              padding={{ top: 16, bottom: 36, left: 72, right: 16 }}
              domainPadding={{ x: 24 }}
            >
              <VictoryAxis
                tickValues={MONTH_ABBREVIATIONS.map((_, i) => i + 1)}
                tickFormat={(t: number) => MONTH_ABBREVIATIONS[t - 1]}
              />
              <VictoryAxis dependentAxis tickFormat={(t: number) => `$${shortNumber(t)}`} />
              <VictoryStack colorScale={CHART_COLOURS}>
                {series.map((s) => (
                  <VictoryBar key={s.name} data={s.monthly.map((y, i) => ({ x: i + 1, y }))} barRatio={0.7} />
                ))}
              </VictoryStack>
            </VictoryChart>
          </div>
          <Legend entries={suppliers} whole={whole} />
        </div>
      </figure>
    </div>
  );
}
