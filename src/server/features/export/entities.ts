/**
 * What the complete export holds (issue 25 item 4, decision 0128): one entry per data file, in
 * the order the archive writes them, kept in four lists by area. Secrets are left out by naming
 * columns, never by leaving them out of a `select *` (entity-shape.ts says more).
 */
import { PARTNER_ENTITIES } from './entities-partners';
import { PEOPLE_ENTITIES } from './entities-people';
import { SHARED_ENTITIES } from './entities-shared';
import { WORK_ENTITIES } from './entities-work';
import type { ExportEntity } from './entity-shape';

export type { ColumnType, ExportColumn, ExportEntity } from './entity-shape';

export const EXPORT_ENTITIES: readonly ExportEntity[] = [
  ...PEOPLE_ENTITIES,
  ...PARTNER_ENTITIES,
  ...WORK_ENTITIES,
  ...SHARED_ENTITIES,
];
