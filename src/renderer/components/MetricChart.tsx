// Small time-series charts of one metric over the stored snapshots, drawn by uPlot on a canvas (the
// CSP holds: uPlot sizes its elements through the CSSOM, never a style attribute). A sparkline for
// the lists, a small chart with a time axis for the panel. Its axes speak like the rest of the app:
// dates and times through the app's formatter (not uPlot's own "10/2" and "12:50pm"), counts in
// whole steps (never a tick at 537.5 likes), rates as percentages.
import { useEffect, useRef } from 'react';
import { useResolvedTheme } from './useResolvedTheme.ts';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { countTicks } from '../logic/chartTicks.ts';
import { fmt } from '../logic/format.ts';
import { formatFigure, type FigureKind } from '../logic/metricFigures.ts';
import { useSettingsStore } from '../stores/settingsStore.ts';
import './postMetrics.css';

function cssColor(element: Element, name: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

interface ChartProps {
  x: number[];
  y: number[];
  /** What the chart shows, for assistive technology. */
  label: string;
  kind: 'spark' | 'chart';
  /** What the numbers are: a count's axis steps by whole numbers; a rate's reads in percent. A count when absent. */
  figure?: FigureKind;
  width?: number;
  height?: number;
}

/** At most this many value ticks on a panel's chart (it is 96 px tall). */
const VALUE_TICKS = 4;

/** The time axis's labels (uPlot's splits are in seconds): the clock within a day, the day beyond. */
function timeLabels(splits: number[]): string[] {
  const first = splits[0] ?? 0;
  const last = splits[splits.length - 1] ?? first;
  const withinDay = last - first < 86_400 && fmt.dayKey(first * 1000) === fmt.dayKey(last * 1000);
  return splits.map((s) => (withinDay ? fmt.time(s * 1000) : fmt.dayMonth(s * 1000)));
}

export function MetricChart({ x, y, label, kind, figure = 'count', width, height }: ChartProps) {
  const host = useRef<HTMLDivElement | null>(null);
  const w = width ?? (kind === 'spark' ? 72 : 170);
  const h = height ?? (kind === 'spark' ? 22 : 96);
  const data = JSON.stringify([x, y]);
  // Colours come from the theme's custom properties: redraw when the theme or the system's scheme changes.
  const theme = useSettingsStore((state) => state.settings.theme);
  // The theme in effect (chosen or the system's): the chart re-reads its colours when it changes.
  const scheme = useResolvedTheme();

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const [xs, ys] = JSON.parse(data) as [number[], number[]];
    // One point draws as a flat line: repeat it so the chart is never blank.
    const plotted: uPlot.AlignedData =
      xs.length === 1
        ? [
            [(xs[0] ?? 0) - 60, xs[0] ?? 0],
            [ys[0] ?? 0, ys[0] ?? 0],
          ]
        : [xs, ys];
    const stroke = cssColor(element, '--accent', '#4f5fd6');
    const axisColor = cssColor(element, '--muted', '#586072');
    const gridColor = cssColor(element, '--line', '#e2e5eb');
    const spark = kind === 'spark';
    const options: uPlot.Options = {
      width: w,
      height: h,
      legend: { show: false },
      cursor: spark ? { show: false } : { y: false, points: { size: 6 } },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: {
        x: { time: true },
        y: { range: (_u, min, max) => (min !== max ? [min, max] : figure === 'count' ? [Math.max(0, min - 1), max + 1] : [min * 0.9, max * 1.1 || 1]) },
      },
      axes: spark
        ? [{ show: false }, { show: false }]
        : [
            {
              stroke: axisColor,
              grid: { show: false },
              ticks: { stroke: gridColor },
              size: 28,
              font: '10px system-ui',
              values: (_u, splits) => timeLabels(splits),
            },
            {
              stroke: axisColor,
              grid: { stroke: gridColor, width: 1 },
              ticks: { show: false },
              size: 52,
              font: '10px system-ui',
              ...(figure === 'count' ? { splits: (_u: uPlot, _axis: number, min: number, max: number) => countTicks(min, max, VALUE_TICKS) } : {}),
              values: (_u, splits) => splits.map((v) => formatFigure(figure, v)),
            },
          ],
      series: [{}, { stroke, width: spark ? 1.5 : 2, points: { show: !spark && xs.length < 12 } }],
    };
    const plot = new uPlot(options, plotted, element);
    // A panel chart takes the width of its tile.
    const fit = () => {
      const available = element.clientWidth;
      if (!spark && available > 0 && Math.abs(available - plot.width) > 1) plot.setSize({ width: available, height: h });
    };
    fit();
    const observer = spark ? null : new ResizeObserver(fit);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [data, kind, figure, w, h, theme, scheme]);

  return <div ref={host} className={`metric-chart metric-chart-${kind}`} role="img" aria-label={label} />;
}
