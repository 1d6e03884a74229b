import { and, eq, inArray } from 'drizzle-orm';
import { messages } from '#server/db/schema';
import type { ChangeContext } from '#server/service/context';

/**
 * A partner merge's part in chat (issue 20 item 6). A cardholder's channel is named after the
 * partner (DECISIONS.md D6): the merged partner's messages, and the survivor's own when the
 * merge changed its name, join the channel of the survivor's name. Open chats fetch again.
 */
export const cardholderChannelMergeMove = {
  noun: 'messages',
  async move(tx: ChangeContext, parties: { merged: { name: string }; survivor: { nameBefore: string; name: string } }) {
    const names = [...new Set([parties.merged.name, parties.survivor.nameBefore])].filter(
      (name) => name !== parties.survivor.name,
    );
    if (names.length === 0) return { count: 0, announce: [] };
    const moved = await tx.db
      .update(messages)
      .set({ partner: parties.survivor.name })
      .where(and(eq(messages.chatType, 'cardholder_success'), inArray(messages.partner, names)))
      .returning({ id: messages.id });
    const announce =
      moved.length > 0
        ? [
            {
              audience: { features: ['chat' as const, 'cardholder_success' as const] },
              event: { type: 'chat.resync' as const },
            },
          ]
        : [];
    return { count: moved.length, announce };
  },
};
