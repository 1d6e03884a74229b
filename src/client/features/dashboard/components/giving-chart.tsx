import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMoney } from '@/features/organization/api/use-money';
import type { DashboardSummary } from '../api/get-dashboard-summary';

const monthLabel = (key: string, style: 'short' | 'long') => {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return new Date(year, month - 1, 1).toLocaleDateString(
    'en-US',
    style === 'short' ? { month: 'short' } : { month: 'long', year: 'numeric' },
  );
};

/** Giving per month for the last twelve months; a table carries the same numbers for screen readers. */
export function GivingChart({ months }: { months: NonNullable<DashboardSummary['months']> }) {
  const money = useMoney();
  const data = months.map((m) => ({ key: m.month, label: monthLabel(m.month, 'short'), total: Number(m.total) }));
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
                    formatter={(value) => [money.whole(Number(value)), 'Giving']}
                    labelFormatter={(_, payload) =>
                      payload?.[0] ? monthLabel(String(payload[0].payload.key), 'long') : ''
                    }
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
          <p className="text-sm text-muted-foreground">No gifts in the last twelve months yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
