import { BarChart3 } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState } from '@/components/empty-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMoney, type Money } from '@/features/organization/api/use-money';
import type { DashboardSummary } from '../api/get-dashboard-summary';

const monthLabel = (key: string, style: 'short' | 'long') => {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return new Date(year, month - 1, 1).toLocaleDateString(
    'en-US',
    style === 'short' ? { month: 'short' } : { month: 'long', year: 'numeric' },
  );
};

type Month = { key: string; label: string; total: number };

/**
 * The bar's tooltip as a sentence: "November 2026" over "Giving: $1,250", or "No gifts" for an
 * empty month. recharts' default reads "Giving : $0" (its name, " : ", the value: issue 27 item 8).
 */
function GivingTooltip({ active, month, money }: { active?: boolean; month: Month | undefined; money: Money }) {
  if (!active || !month) return null;
  return (
    <div className="rounded-md border bg-card px-3 py-2 text-sm shadow-md" data-testid="giving-tooltip">
      <p className="font-medium">{monthLabel(month.key, 'long')}</p>
      <p className="text-muted-foreground">{month.total > 0 ? `Giving: ${money.whole(month.total)}` : 'No gifts'}</p>
    </div>
  );
}

/** Giving per month for the last twelve months; a table carries the same numbers for screen readers. */
export function GivingChart({ months }: { months: NonNullable<DashboardSummary['months']> }) {
  const money = useMoney();
  const data: Month[] = months.map((m) => ({
    key: m.month,
    label: monthLabel(m.month, 'short'),
    total: Number(m.total),
  }));
  const anyGiving = data.some((d) => d.total > 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Giving over the last twelve months</CardTitle>
        <CardDescription>Total gifts received each month</CardDescription>
      </CardHeader>
      <CardContent>
        {anyGiving ? (
          <>
            <div className="h-56" aria-hidden="true">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  data={data}
                  margin={{ top: 8, right: 8, left: 8, bottom: 0 }}
                  // The picture is for the eye; the table below carries the numbers for screen
                  // readers, so the chart is hidden from them and must not take keyboard focus.
                  accessibilityLayer={false}
                >
                  <CartesianGrid vertical={false} strokeDasharray="3 3" />
                  <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} />
                  <YAxis
                    tickFormatter={(v: number) => money.whole(v)}
                    tickLine={false}
                    axisLine={false}
                    fontSize={12}
                    width={80}
                  />
                  <Tooltip
                    cursor={{ fill: 'var(--color-muted)' }}
                    content={({ active, payload }) => (
                      <GivingTooltip active={active} month={payload?.[0]?.payload as Month | undefined} money={money} />
                    )}
                  />
                  <Bar dataKey="total" fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <table className="sr-only">
              <caption>Giving per month</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Giving</th>
                </tr>
              </thead>
              <tbody>
                {data.map((d) => (
                  <tr key={d.key}>
                    <th scope="row">{monthLabel(d.key, 'long')}</th>
                    <td>{money.whole(d.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <EmptyState icon={BarChart3} size="inline">
            No gifts in the last twelve months yet.
          </EmptyState>
        )}
      </CardContent>
    </Card>
  );
}
