/**
 * What a log may say about an error: what failed and where, never what a person typed (issue
 * 26: a failed query's log carried its parameters, which hold chat text and partners' notes).
 *
 * drizzle's query errors carry the SQL and its parameters in `params` and in their message;
 * PostgreSQL's errors can quote values in `detail` and `where`. Those are left out; the SQL with
 * its placeholders, the SQLSTATE code, the constraint, table and column, and the stack are kept.
 */
export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  query?: string;
  cause?: SafeError;
}

const FAILED_QUERY = /^Failed query: /;

export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'a non-Error value was thrown' };
  const e = err as Error & Partial<Record<'code' | 'constraint' | 'table' | 'column' | 'query', unknown>>;
  // drizzle's message is "Failed query: <sql>\nparams: <values>" (the SQL is kept in `query`).
  // PostgreSQL quotes a bad value in some messages ('invalid input syntax for type uuid: "…"').
  const message = FAILED_QUERY.test(e.message) ? 'Failed query' : e.message.replace(/"[^"]*"/g, '"…"');
  // The frames only: the stack's head repeats the message, on as many lines as it has.
  const stack = e.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  const safe: SafeError = { type: e.name, message, ...(stack ? { stack } : {}) };
  for (const key of ['code', 'constraint', 'table', 'column'] as const) {
    if (typeof e[key] === 'string') safe[key] = e[key] as string;
  }
  if (typeof e.query === 'string') safe.query = e.query;
  if (e.cause !== undefined && depth < 3) safe.cause = safeError(e.cause, depth + 1);
  return safe;
}
