import { eq } from 'drizzle-orm';
import { tasks } from '#server/db/schema';
import type { ChangeContext } from '#server/service/context';

/** A partner merge's part in tasks (issue 20 item 6): the merged partner's follow-ups become the survivor's. */
export const tasksMergeMove = {
  noun: 'tasks',
  async move(tx: ChangeContext, parties: { merged: { id: string }; survivor: { id: string } }) {
    const moved = await tx.db
      .update(tasks)
      .set({ partnerId: parties.survivor.id })
      .where(eq(tasks.partnerId, parties.merged.id))
      .returning({ id: tasks.id });
    const announce = moved.map((task) => ({
      audience: { feature: 'tasks' as const },
      event: { type: 'tasks.changed' as const, taskId: task.id, change: 'updated' as const },
    }));
    return { count: moved.length, announce };
  },
};
