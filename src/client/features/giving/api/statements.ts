import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { browserTimeZone } from '@/lib/time-zone';
import type { JobView } from '#shared/jobs';
import { EARLIEST_YEAR } from '#shared/limits';
import { latestStatementYear } from '#shared/schemas/giving-statements';
import { givingKeys } from './keys';

/** The zone whose calendar year a statement covers: the browser's, else UTC (decision 0112). */
export const statementZone = () => browserTimeZone() ?? 'UTC';

/** The years offered: this year and the nine before it, newest first. */
export function statementYears(): number[] {
  const latest = latestStatementYear(statementZone());
  return Array.from({ length: 10 }, (_, i) => latest - i).filter((year) => year >= EARLIEST_YEAR);
}

/** Where one partner's statement downloads (a plain link: the browser saves the PDF). */
export const statementUrl = (partnerId: string, year: number) =>
  `/api/giving/statements/${partnerId}?${new URLSearchParams({ year: String(year), tz: statementZone() })}`;

export const archiveUrl = (jobId: string) => `/api/giving/statements/batches/${jobId}/download`;

/** How many partners gave in the year, and how many of them have an email address. */
export function statementRecipientsQueryOptions(year: number) {
  return queryOptions({
    queryKey: [...givingKeys.all, 'statement-recipients', year] as const,
    queryFn: async () => {
      const response = await ensureOk(
        await api.api.giving.statements.recipients.$get({ query: { year: String(year), tz: statementZone() } }),
      );
      return (await response.json()) as { partners: number; withEmail: number; emailEnabled: boolean };
    },
  });
}

export const useStatementRecipients = (year: number) => useQuery(statementRecipientsQueryOptions(year));

/** Starts the job that builds every statement of the year into one archive. */
export async function startStatementArchive(year: number): Promise<JobView> {
  const response = await ensureOk(
    await api.api.giving.statements.batches.$post({ json: { year, tz: statementZone() } }),
  );
  return ((await response.json()) as { job: JobView }).job;
}

export const useStartStatementArchive = () => useMutation({ mutationFn: startStatementArchive });

/** Starts the job that emails each partner with an email address their statement of the year. */
export async function startStatementEmails(year: number): Promise<JobView> {
  const response = await ensureOk(
    await api.api.giving.statements.emails.$post({ json: { year, tz: statementZone() } }),
  );
  return ((await response.json()) as { job: JobView }).job;
}

export const useStartStatementEmails = () => useMutation({ mutationFn: startStatementEmails });
