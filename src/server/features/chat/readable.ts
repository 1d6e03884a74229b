import type { Access } from '#server/auth/permissions';
import type { ChatType } from '#shared/chat';

/**
 * The channel types a person may read (D6): VIP channels need cardholder_success. Replay,
 * attachments and search filter by it on the server.
 */
export function readableChatTypes(access: Pick<Access, 'permissions'>): ChatType[] {
  return access.permissions.cardholder_success
    ? ['partner', 'coordinator', 'cardholder_success']
    : ['partner', 'coordinator'];
}
