/** A field the refusal is about, as the API's standard error carries it (`http/validate.ts`). */
export interface FieldIssue {
  path: string;
  message: string;
}

export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

/**
 * The one way a service refuses: a status, one readable sentence (shown after 'Failed to …'),
 * and optionally the fields it concerns. Thrown, so a refusal inside a change's transaction
 * rolls the whole change back; `app.ts`'s error handler answers it as `{ error, issues? }`.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: RefusalStatus,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** Throws the refusal: `if (!row) refuse(404, 'Task not found')`. */
export function refuse(status: RefusalStatus, message: string, issues?: FieldIssue[]): never {
  throw new ServiceError(status, message, issues);
}
