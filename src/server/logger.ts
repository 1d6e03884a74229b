import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs for machines; LOG_PRETTY=1 (set by `npm run dev`) for humans. */
export function createLogger(level: string): Logger {
  if (process.env.LOG_PRETTY === '1') {
    return pino({ level, transport: { target: 'pino-pretty', options: { colorize: true } } });
  }
  return pino({ level });
}
