import type { CrowdFigures } from './scenarios/crowd';
import type { EmailFigures } from './scenarios/email';
import type { AuditFigures } from './scenarios/audit';
import type { GivingFigures } from './scenarios/giving';
import type { TagFilterFigures } from './scenarios/tag-filter';
import type { ImportFigures } from './scenarios/import';
import type { FormFigures } from './scenarios/forms';
import type { ChatHistoryFigures } from './scenarios/chat-history';
import type { CalendarFigures } from './scenarios/calendar';
import type { VideoFigures } from './scenarios/video';
import type { ExportFigures } from './scenarios/export';
import type { BusyFigures } from './scenarios/busy';
/** The shape of docs/benchmarks.json: every raw figure a run produced. */
import type { ClientSizes } from './scenarios/client';
import type { FanOutFigure } from './scenarios/chat';
import type { PortalHttpFigures } from './scenarios/http';
import type { Summary } from './stats';

export type Mode = 'full' | 'quick';

export interface Scale {
  partners: number;
  donations: number;
  streams: number[];
  httpSeconds: number;
  /** Rounds of bare node:http, Hono and /api/health in turns; each keeps its median. */
  httpRounds: number;
  dashboardSamples: number;
  searchSamples: number;
  startupRuns: number;
  /** Writes timed with and without a queued email, and emails delivered (scenarios/email.ts). */
  emailSamples: number;
  emailDeliveries: number;
  /** Entries in the audit log, and samples of each audit timing (scenarios/audit.ts). */
  auditEntries: number;
  auditSamples: number;
  /** Many people at once (scenarios/crowd.ts): seconds measured and warmed up per screen. */
  crowdSeconds: number;
  crowdWarmUpSeconds: number;
  /** Rows of the large gift import (scenarios/import.ts); the small one is a tenth. */
  importRows?: number;
  /** Responses to the form whose 'View Responses' pages are timed (scenarios/forms.ts). */
  formResponses?: number;
  /** Messages in the one long chat channel (scenarios/chat-history.ts). */
  chatMessages?: number;
}

export interface SearchFigures {
  term: string;
  matches: number;
  api: Summary;
  direct: Summary;
}

export interface DatabaseFigures {
  seed: { partners: number; donations: number; seconds: number };
  /** Measured with this database's portal running: baselines and health in turns (scenarios/http.ts). */
  http: PortalHttpFigures;
  dashboard: { api: Summary; direct: Summary; statements: number };
  search: { common: SearchFigures; rare: SearchFigures };
  /** The directory filtered by one tag (scenarios/tag-filter.ts); absent from runs made before it existed. */
  tagFilter?: TagFilterFigures;
  chat: FanOutFigure[];
  email: EmailFigures;
  /** Absent from runs made before the audit scenario existed. */
  audit?: AuditFigures;
  /** The Giving screen's filtered pages (scenarios/giving.ts); absent from runs made before it existed. */
  giving?: GivingFigures;
  /** 50 connections per screen (scenarios/crowd.ts); absent from runs made before it existed. */
  crowd?: CrowdFigures;
  /** Gift imports through the API (scenarios/import.ts); absent from runs made before it existed. */
  import?: ImportFigures;
  /** Partner imports the same way (issue 20); absent from runs made before it existed. */
  partnerImport?: ImportFigures;
  /** 'View Responses' pages and public submissions (issue 21); absent from runs made before it existed. */
  forms?: FormFigures;
  /** A channel of 1,000,000 messages opened and searched (issue 23); absent from runs made before it existed. */
  chatHistory?: ChatHistoryFigures;
  /** The month grid at 2,000 occurrences in a month (issue 22); absent from runs made before it existed. */
  calendar?: CalendarFigures;
  /** A 1 GB onboarding video streamed by range to 20 clients (issue 22); absent from runs made before it existed. */
  video?: VideoFigures;
  /** The complete export of 1,000,000 gifts and every other table (issue 25); absent from runs made before it existed. */
  export?: ExportFigures;
  /** Health and chat fan-out while an import and the export run (issue 18); absent from runs made before it existed. */
  busy?: BusyFigures;
  startup: { emptyMs: number[]; populatedMs: number[] };
}

export interface BenchResults {
  meta: {
    date: string;
    mode: Mode;
    scale: Scale;
    machine: { cpus: number; cpuModel: string; memoryGiB: number; os: string; node: string };
    postgresVersion?: string;
    seconds: number;
    /** One-minute load average: above the core count, other work shared the machine. */
    loadAverage?: { atStart: number; atEnd: number };
  };
  databases: {
    pglite: DatabaseFigures | { skipped: string };
    postgres: DatabaseFigures | { skipped: string };
  };
  client: ClientSizes;
}

export function ran(figures: DatabaseFigures | { skipped: string }): figures is DatabaseFigures {
  return !('skipped' in figures);
}
