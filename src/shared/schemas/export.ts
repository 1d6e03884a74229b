// The complete export (issue 25 item 4, decision 0128): every entity as JSON and CSV in one zip.
import { z } from 'zod';

/** The job that builds an export archive into storage (decision 0107). */
export const EXPORT_JOB = 'export.full';
/** The hourly clean-up of export archives older than EXPORT_KEEP_DAYS. */
export const EXPORT_PRUNE_JOB = 'export.archives_prune';
/** How long a built export stays downloadable: all of the ministry's data should not lie in storage. */
export const EXPORT_KEEP_DAYS = 7;

export const exportJobParamSchema = z.object({ jobId: z.uuid({ error: 'Export not found' }) });

/** POST /api/export?tz=Zone: the browser's zone names the archive by the asker's day. */
export const exportStartQuerySchema = z.object({ tz: z.string().max(100, 'Unknown time zone').optional() });
/** An export job's input (older jobs have none). */
export type ExportInput = z.output<typeof exportStartQuerySchema> | undefined;

/** What an export job answers when it has finished. */
export interface ExportResult {
  /** The archive's name for the download, such as `portal-export-2026-11-25.zip`. */
  fileName: string;
  /** Data files written (each as JSON and CSV). */
  entities: number;
  /** Rows written across all of them. */
  rows: number;
  /** Stored files whose contents are in the archive. */
  files: number;
  /** Set by the clean-up once the archive is removed. */
  archiveRemoved?: boolean;
}

export const EXPORT_REASONS = {
  notReady: 'This export is not ready, or no longer exists',
} as const;
