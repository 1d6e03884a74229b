import type { Db } from '#server/db/client';
import type { DonationType } from '#shared/schemas/giving';
import type { TaskPriority, TaskStatus } from '#shared/schemas/tasks';

/**
 * What the dashboard asks of the features that own its figures (D9). The dashboard reads no
 * other feature's tables: src/server/feature-wiring.ts hands it each feature's answer, and
 * TypeScript checks there that the answers have these shapes (docs/decisions/0098).
 */
export interface DashboardSources {
  /** Giving: the Monthly Giving card and the twelve months of the chart, in `timeZone` (D10). */
  giving(db: Db, now: Date, timeZone: string): Promise<GivingFigures>;
  /** Partners: the 'Active Partners' card. */
  activePartners(db: Db): Promise<number>;
  /** Tasks: tasks pending now, and the change from seven days ago. */
  pendingTasks(db: Db, now: Date): Promise<{ count: number; change: number }>;
  /** Calendar: events that have not started. */
  upcomingEvents(db: Db, now: Date): Promise<number>;
  /** Partners: the latest additions and contacts, up to `limit` of each. */
  partnerActivity(db: Db, timeZone: string, limit: number): Promise<PartnerActivity[]>;
  /** Giving: the latest gifts. */
  giftActivity(db: Db, limit: number): Promise<GiftActivity[]>;
  /** Tasks: tasks not completed, soonest due first. */
  upcomingTasks(db: Db, limit: number): Promise<UpcomingTask[]>;
}

export interface GivingFigures {
  giving: {
    month: string;
    total: string;
    lastMonthTotal: string;
    changePercent: string | null;
    donors: number;
    gifts: number;
    averageGift: string;
    recurring: string;
  };
  months: { month: string; total: string }[];
}

/** One entry of 'Recent Partner Activity'; `at` (ISO) orders them, `key` tells them apart. */
interface ActivityBase {
  key: string;
  partnerName: string;
  at: string;
}
export type PartnerActivity = ActivityBase & ({ kind: 'added' } | { kind: 'contacted'; date: string });
export type GiftActivity = ActivityBase & { kind: 'gift'; amount: string; donationType: DonationType };
export type ActivityItem = PartnerActivity | GiftActivity;

export interface UpcomingTask {
  id: string;
  title: string;
  dueDate: string | null;
  priority: TaskPriority;
  status: TaskStatus;
  /** A follow-up's partner (issue 20), or null. */
  partnerName: string | null;
}
