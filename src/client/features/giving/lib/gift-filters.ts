/**
 * The Giving screen's filters as the address bar holds them (so a filtered view can be
 * bookmarked), and as the server reads them: date presets become the instants that bound the
 * person's own days, months and years, in the browser's zone as the dashboard's months are.
 */

export const DATE_PRESETS = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-year': 'This year',
  'last-year': 'Last year',
  all: 'All dates',
  custom: 'Custom dates',
} as const;
export type DatePreset = keyof typeof DATE_PRESETS;

export interface GiftFilterValues {
  range: DatePreset;
  /** YYYY-MM-DD, for a custom range. */
  from: string;
  to: string;
  partner: string;
  /** The chosen partner's name, kept beside the id so the filter can say whose gifts these are. */
  partnerName: string;
  type: string;
  method: string;
  min: string;
  max: string;
  q: string;
  voided: boolean;
}

const FILTER_KEYS = ['from', 'to', 'partner', 'partnerName', 'type', 'method', 'min', 'max', 'q'] as const;

/** The month's gifts unless the address says otherwise: the view a treasurer opens most. */
export const DEFAULT_RANGE: DatePreset = 'this-month';

export function readGiftFilters(params: URLSearchParams): GiftFilterValues {
  const range = params.get('range');
  const values = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? '']));
  return {
    ...(values as Record<(typeof FILTER_KEYS)[number], string>),
    range: range && range in DATE_PRESETS ? (range as DatePreset) : DEFAULT_RANGE,
    voided: params.get('voided') === '1',
  };
}

/** The address bar's parameters for the values: only what differs from the defaults. */
export function giftFilterParams(values: GiftFilterValues): Record<string, string> {
  const params: Record<string, string> = {};
  if (values.range !== DEFAULT_RANGE) params.range = values.range;
  for (const key of FILTER_KEYS) {
    if ((key === 'from' || key === 'to') && values.range !== 'custom') continue;
    if (key === 'partnerName' && !values.partner) continue;
    const value = values[key].trim();
    if (value) params[key] = value;
  }
  if (values.voided) params.voided = '1';
  return params;
}

/** The first instant of a local day (month and day may overflow, as Date's do). */
const dayStart = (year: number, month: number, day: number) => {
  const at = new Date(year, month, day);
  at.setFullYear(year, month, day); // years below 100 are not 19xx
  return at;
};

function parseDay(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return dayStart(y, m - 1, d);
}

/** The range's bounds: `from` inclusive, `to` its last millisecond. */
export function dateBounds(values: GiftFilterValues, now: Date): { from?: Date; to?: Date } {
  const year = now.getFullYear();
  const month = now.getMonth();
  const last = (next: Date) => new Date(next.getTime() - 1);
  switch (values.range) {
    case 'this-month':
      return { from: dayStart(year, month, 1), to: last(dayStart(year, month + 1, 1)) };
    case 'last-month':
      return { from: dayStart(year, month - 1, 1), to: last(dayStart(year, month, 1)) };
    case 'this-year':
      return { from: dayStart(year, 0, 1), to: last(dayStart(year + 1, 0, 1)) };
    case 'last-year':
      return { from: dayStart(year - 1, 0, 1), to: last(dayStart(year, 0, 1)) };
    case 'all':
      return {};
    case 'custom': {
      const from = parseDay(values.from);
      const to = parseDay(values.to);
      return {
        from,
        to: to ? last(dayStart(to.getFullYear(), to.getMonth(), to.getDate() + 1)) : undefined,
      };
    }
  }
}

/** The query the server reads (GET /api/giving/gifts and gifts.csv). */
export function giftServerQuery(values: GiftFilterValues, now: Date): Record<string, string> {
  const { from, to } = dateBounds(values, now);
  const query: Record<string, string> = {};
  if (from) query.from = from.toISOString();
  if (to) query.to = to.toISOString();
  if (values.partner) query.partnerId = values.partner;
  if (values.type) query.type = values.type;
  if (values.method) query.method = values.method;
  if (values.min.trim()) query.min = values.min.trim();
  if (values.max.trim()) query.max = values.max.trim();
  if (values.q.trim()) query.q = values.q.trim();
  if (values.voided) query.voided = 'true';
  return query;
}
