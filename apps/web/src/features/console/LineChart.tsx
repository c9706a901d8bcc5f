/**
 * A line chart in plain SVG (no chart library in the console chunk), oldest point first, with a dashed
 * reference line (100 % for the reserve ratio). Values above `ceiling` are drawn at the ceiling, so one huge
 * value does not flatten the rest; each point's title says its real value. Colours come from console.css.
 */
export const LineChart = ({
  labels,
  values,
  reference,
  ceiling,
  testId,
  title,
  format,
}: {
  labels: string[];
  values: (number | null)[];
  reference: number;
  ceiling: number;
  testId: string;
  title: string;
  format(value: number): string;
}) => {
  const width = 320;
  const height = 120;
  const axis = 16;
  const drawn = values.map((v) => (v === null ? null : Math.min(v, ceiling)));
  const top = Math.max(reference * 1.2, ...drawn.map((v) => v ?? 0));
  const x = (i: number) => (labels.length <= 1 ? width / 2 : 20 + (i * (width - 40)) / (labels.length - 1));
  const y = (v: number) => height - (v / top) * (height - 6);
  const points = drawn.flatMap((v, i) => (v === null ? [] : [`${x(i)},${y(v)}`])).join(' ');
  return (
    <figure className="console-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height + axis}`} preserveAspectRatio="none" role="img" aria-label={title}>
        <line x1={0} y1={height} x2={width} y2={height} className="console-chart-axis" />
        <line x1={0} y1={y(reference)} x2={width} y2={y(reference)} className="console-chart-reference" />
        <polyline points={points} className="console-chart-line" />
        {drawn.map((v, i) =>
          v === null ? null : (
            // A zero-length line with a round cap: a dot the stretched viewBox keeps round.
            <line
              // biome-ignore lint/suspicious/noArrayIndexKey: one point per position of the series
              key={i}
              x1={x(i)}
              y1={y(v)}
              x2={x(i)}
              y2={y(v)}
              data-testid="chart-point"
              className={values[i]! < reference ? 'console-chart-point-bad' : 'console-chart-point'}
            >
              <title>{`${labels[i]} · ${format(values[i]!)}`}</title>
            </line>
          ),
        )}
        {labels.map((label, i) =>
          labels.length > 8 && i % Math.ceil(labels.length / 8) !== 0 ? null : (
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat (two snapshots on one day)
            <text key={i} x={x(i)} y={height + 12} className="console-chart-label">
              {label}
            </text>
          ),
        )}
      </svg>
    </figure>
  );
};
