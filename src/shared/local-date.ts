/** The calendar date in this process's time zone (TZ) `days` after `now`, as YYYY-MM-DD. */
export function localDate(now: Date, days = 0): string {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
