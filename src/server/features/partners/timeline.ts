import type { Db } from '#server/db/client';
import {
  compareNewestFirst,
  decodeTimelineCursor,
  encodeTimelineCursor,
  type TimelinePage,
  type TimelinePosition,
} from '#server/db/timeline-keyset';
import type { ActingPerson, Permissions } from '#shared/permissions';
import { TIMELINE_PAGE_SIZE } from '#shared/schemas/partner-contacts';
import { contactEntries, type ContactEntry } from './timeline-contacts';
import { changeEntries, type ChangeEntry } from './timeline-records';

/** A gift of the partner, from the giving feature (src/server/feature-wiring.ts). */
export interface GiftEntry extends TimelinePosition {
  source: 'gift';
  id: string;
  amount: string;
  donationType: 'one-time' | 'monthly';
  voided: boolean;
}

/** A task linked to the partner was created or completed, from the tasks feature. */
export interface TaskEntry extends TimelinePosition {
  source: 'task';
  taskId: string;
  event: 'created' | 'completed';
  title: string;
  by: string | null;
}

/** A response the partner gave through their personal link, whole, from the forms feature (issue 21). */
export interface FormResponseEntry extends TimelinePosition {
  source: 'form-response';
  id: string;
  formId: string;
  formTitle: string;
  answers: { fieldId: string; label: string; type: string; value: string | number | string[] }[];
}

export type TimelineEntry = ContactEntry | GiftEntry | TaskEntry | ChangeEntry | FormResponseEntry;

/** What the partners feature asks other features for its timeline and details (the wiring file). */
export interface PartnerRelations {
  /** A page of the partner's gifts, voided ones included, newest first (giving). */
  giftEntries(db: Db, partnerId: string, page: TimelinePage): Promise<GiftEntry[]>;
  /** A page of the creations and completions of the partner's tasks, newest first (tasks). */
  taskEntries(db: Db, partnerId: string, page: TimelinePage): Promise<TaskEntry[]>;
  /** The partner's tasks not completed yet, soonest due first (tasks). */
  openTasks(db: Db, partnerId: string): Promise<OpenTask[]>;
  /** A page of the partner's form responses, newest first (forms, issue 21). */
  formResponseEntries(db: Db, partnerId: string, page: TimelinePage): Promise<FormResponseEntry[]>;
}

/** A task of the partner's still to do, as partner details lists it. */
export interface OpenTask {
  id: string;
  title: string;
  dueDate: string | null;
  priority: 'high' | 'medium' | 'low';
  status: 'pending' | 'in-progress' | 'completed';
  assignedToName: string | null;
}

/** Who reads the timeline: what they may see and which contact entries they may delete. */
export interface TimelineViewer extends ActingPerson {
  permissions: Permissions;
}

/**
 * The timeline's sources, in one list: each says who may see it and answers, for a page, at
 * most `limit` + 1 entries after the cursor, newest first, with bounded queries.
 */
interface TimelineSource {
  visibleTo(viewer: TimelineViewer): boolean;
  page(db: Db, partnerId: string, page: TimelinePage, viewer: TimelineViewer): Promise<TimelineEntry[]>;
}

function sources(relations: PartnerRelations): TimelineSource[] {
  return [
    { visibleTo: () => true, page: contactEntries },
    { visibleTo: () => true, page: changeEntries },
    { visibleTo: (viewer) => viewer.permissions.giving, page: relations.giftEntries },
    { visibleTo: (viewer) => viewer.permissions.tasks, page: relations.taskEntries },
    { visibleTo: (viewer) => viewer.permissions.more, page: relations.formResponseEntries },
  ];
}

/**
 * One page of the partner's timeline, newest first: each visible source's next `limit` + 1
 * entries after the cursor, merged, and the first `limit` of them. The page is exact: no
 * source can hold an entry newer than the last one kept that it did not return.
 */
export async function partnerTimeline(
  db: Db,
  relations: PartnerRelations,
  partnerId: string,
  viewer: TimelineViewer,
  cursor: string | undefined,
  limit = TIMELINE_PAGE_SIZE,
) {
  const page: TimelinePage = { before: cursor ? decodeTimelineCursor(cursor) : null, limit };
  const visible = sources(relations).filter((source) => source.visibleTo(viewer));
  const answers = await Promise.all(visible.map((source) => source.page(db, partnerId, page, viewer)));
  const merged = answers.flat().sort(compareNewestFirst);
  const entries = merged.slice(0, limit);
  const last = entries.at(-1);
  return {
    entries,
    nextCursor: merged.length > limit && last ? encodeTimelineCursor({ at: last.at, key: last.key }) : null,
  };
}
