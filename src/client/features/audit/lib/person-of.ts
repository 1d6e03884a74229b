import type { AuditEntry } from '../api/list-audit';

/**
 * Who an entry names: a person; a removed account, by its id; someone not signed in, of whom
 * only the address is known (a failed sign-in, a form answered through its public link); or,
 * with neither a person nor an address, the portal itself (retention's clean-up).
 */
export const personOf = (entry: Pick<AuditEntry, 'actor' | 'clientIp'>) =>
  entry.actor
    ? entry.actor.name || entry.actor.email || `Removed account (${entry.actor.id})`
    : entry.clientIp
      ? 'Someone not signed in'
      : 'The portal';
