import { pino, type Logger, type LoggerOptions } from 'pino';
import { safeError } from './log-safe-error';

export type { Logger };

/** Errors are logged without the user content they may carry (log-safe-error.ts). */
export const LOG_SERIALIZERS: LoggerOptions['serializers'] = { err: safeError };

/** JSON logs for machines; LOG_PRETTY=1 (set by `npm run dev`) for humans. */
export function createLogger(level: string): Logger {
  if (process.env.LOG_PRETTY === '1') {
    return pino({
      level,
      serializers: LOG_SERIALIZERS,
      transport: { target: 'pino-pretty', options: { colorize: true } },
    });
  }
  return pino({ level, serializers: LOG_SERIALIZERS });
}
