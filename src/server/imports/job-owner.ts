import { loadAccess } from '../auth/permissions';
import type { AppDeps } from '../http/app-env';
import type { JobContext } from '../jobs/handlers';
import { serviceContext, type ServiceContext } from '../service/context';

/**
 * An import job acts as the person who asked for it, with their access as it is now (read
 * afresh on every run: it may have been withdrawn since), from the address they asked from.
 */
export async function jobOwnerContext(
  job: JobContext<unknown>,
  deps: AppDeps,
  clientIp: string | null,
): Promise<ServiceContext> {
  if (!job.ownerId) throw new Error('An import job needs the person who asked for it.');
  const access = await loadAccess(job.db, job.ownerId);
  return serviceContext(deps, { id: job.ownerId, ...access, clientIp });
}
