// A small bar chart of one daily figure (sent, opened or clicked), drawn as SVG with a text summary.
import type { EmailStatsPoint } from '../../api';

interface Props {
  title: string;
  points: EmailStatsPoint[];
  field: 'sent' | 'opened' | 'clicked';
  color: string;
}

export function DailyChart({ title, points, field, color }: Props) {
  const max = Math.max(1, ...points.map((point) => point[field]));
  const total = points.reduce((sum, point) => sum + point[field], 0);
  const width = 300;
  const height = 120;
  const slot = points.length ? width / points.length : width;
  const barWidth = Math.max(2, slot * 0.7);
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={`chart-${field}`}>
      <figcaption className="flex items-baseline justify-between">
        <span className="text-sm font-semibold text-slate-900">{title}</span>
        <span className="text-xs text-slate-500">{total} total</span>
      </figcaption>
      {points.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">No data yet</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${width} ${height}`}
            className="mt-3 h-32 w-full"
            preserveAspectRatio="none"
            role="img"
            aria-label={`${title} per day`}
          >
            <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="#e2e8f0" />
            {points.map((point, index) => {
              const barHeight = (point[field] / max) * (height - 8);
              return (
                <rect
                  key={point.date}
                  x={index * slot + (slot - barWidth) / 2}
                  y={height - barHeight}
                  width={barWidth}
                  height={barHeight}
                  rx="1.5"
                  fill={color}
                >
                  <title>{`${point.date}: ${point[field]}`}</title>
                </rect>
              );
            })}
          </svg>
          <div className="mt-1 flex justify-between text-xs text-slate-600">
            <span>{points[0]?.date}</span>
            <span>{points.at(-1)?.date}</span>
          </div>
        </>
      )}
    </figure>
  );
}
