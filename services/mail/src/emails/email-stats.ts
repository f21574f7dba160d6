// GET /emails/analytics/stats: counts, open and click rates (percent of sent, one decimal), bounce and reply rates,
// and a daily series.
import type { EmailStats, StatsQuery } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { statsByDay, statsTotals } from '../db/queries/email-stats';
import { rangeFrom, rangeTo } from './date-range';
import type { EmailLogDeps } from './deps';

const DAY_MS = 86_400_000;
const DEFAULT_SERIES_DAYS = 30;
const MAX_SERIES_DAYS = 366;

export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

const startOfDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

export async function emailStats(deps: Pick<EmailLogDeps, 'db'>, userId: string, query: StatsQuery): Promise<EmailStats> {
  const from = rangeFrom(query.from);
  const toExclusive = rangeTo(query.to);
  if (from && toExclusive && from >= toExclusive) throw new AppError('VALIDATION_ERROR', 'from must be before to');

  const seriesEnd = startOfDay(toExclusive ? new Date(toExclusive.getTime() - 1) : new Date());
  let seriesStart = startOfDay(from ?? new Date(seriesEnd.getTime() - (DEFAULT_SERIES_DAYS - 1) * DAY_MS));
  if ((seriesEnd.getTime() - seriesStart.getTime()) / DAY_MS >= MAX_SERIES_DAYS) {
    seriesStart = new Date(seriesEnd.getTime() - (MAX_SERIES_DAYS - 1) * DAY_MS);
  }
  const seriesStop = new Date(seriesEnd.getTime() + DAY_MS);

  const [totals, days] = await Promise.all([
    statsTotals(deps.db.$client, userId, from, toExclusive),
    statsByDay(
      deps.db.$client,
      userId,
      from && from > seriesStart ? from : seriesStart,
      toExclusive && toExclusive < seriesStop ? toExclusive : seriesStop,
    ),
  ]);
  const series = new Map<string, { date: string; sent: number; opened: number; clicked: number }>();
  for (let at = seriesStart.getTime(); at <= seriesEnd.getTime(); at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10);
    series.set(date, { date, sent: 0, opened: 0, clicked: 0 });
  }
  for (const { day, kind, count } of days) {
    const point = series.get(day);
    if (point) point[kind] += count;
  }
  return {
    ...totals,
    openRate: percentOf(totals.opened, totals.sent),
    clickRate: percentOf(totals.clicked, totals.sent),
    // A bounced email was handed to its provider too: bounce and reply rates are of sent + bounced.
    bounceRate: percentOf(totals.bounced, totals.sent + totals.bounced),
    replyRate: percentOf(totals.replied, totals.sent + totals.bounced),
    series: [...series.values()],
  };
}
