/**
 * A small grouped bar chart in plain SVG (no chart library in the console chunk): one group per label, one bar
 * per series, scaled to the largest value. Colours come from classes (console.css), so the CSP holds.
 */
export const BarChart = ({
  labels,
  series,
  testId,
  title,
}: {
  labels: string[];
  series: { name: string; values: number[]; tone: 'a' | 'b' | 'c' }[];
  testId: string;
  title: string;
}) => {
  const width = 320;
  const height = 120;
  const axis = 16;
  const top = Math.max(0, ...series.flatMap((s) => s.values));
  const group = width / Math.max(1, labels.length);
  const bar = Math.max(2, (group - 6) / Math.max(1, series.length));
  return (
    <figure className="console-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height + axis}`} preserveAspectRatio="none" role="img" aria-label={title}>
        <line x1={0} y1={height} x2={width} y2={height} className="console-chart-axis" />
        {labels.map((label, i) =>
          series.map((s, j) => {
            const value = s.values[i] ?? 0;
            const h = top > 0 ? Math.max(value > 0 ? 1 : 0, (value / top) * (height - 4)) : 0;
            return (
              <rect
                key={`${label}-${s.name}`}
                x={i * group + 3 + j * bar}
                y={height - h}
                width={bar - 1}
                height={h}
                className={`console-chart-bar-${s.tone}`}
              >
                <title>{`${label} · ${s.name}: ${value}`}</title>
              </rect>
            );
          }),
        )}
        {labels.map((label, i) => (
          <text key={label} x={i * group + group / 2} y={height + 12} className="console-chart-label">
            {label}
          </text>
        ))}
      </svg>
      <div className="console-chart-legend">
        {series.map((s) => (
          <span key={s.name}>
            <i className={`console-chart-key console-chart-bar-${s.tone}`} />
            {s.name}
          </span>
        ))}
      </div>
    </figure>
  );
};
