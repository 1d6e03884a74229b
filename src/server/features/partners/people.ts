import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** How a person is named beside what they did: display name, else name, else email. */
export const personName = (t: Record<'displayName' | 'name' | 'email', AnyPgColumn>): SQL<string> =>
  sql<string>`coalesce(nullif(${t.displayName}, ''), nullif(${t.name}, ''), ${t.email})`;
