import { z } from 'zod';
import type { ChatType } from './chat';

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE = 20;

export const chatSearchQuerySchema = z.object({
  q: z
    .string('Type something to search for')
    .trim()
    .min(1, 'Type something to search for')
    .max(SEARCH_QUERY_MAX, `Searches are limited to ${SEARCH_QUERY_MAX} characters`),
  before: z.coerce
    .number('Invalid cursor')
    .int('Invalid cursor')
    .positive('Invalid cursor')
    .max(Number.MAX_SAFE_INTEGER, 'Invalid cursor')
    .optional(),
});
export type ChatSearchQuery = z.infer<typeof chatSearchQuerySchema>;

export interface ChatSearchResult {
  id: number;
  chatType: ChatType;
  partner: string;
  userName: string;
  content: string;
  createdAt: string;
}

export interface ChatSearchPage {
  results: ChatSearchResult[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}

/**
 * The words of a query: runs of letters and digits, lower-cased. Everything else (tsquery
 * operators, quotes, emoji, punctuation) separates words and is never passed to PostgreSQL as
 * query syntax. The client highlights the same words.
 */
export function searchWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 20);
}
