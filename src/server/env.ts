import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_MB } from '#shared/schemas/files';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** S3 settings that only mean something together; S3_REGION and S3_FORCE_PATH_STYLE have defaults. */
const S3_SETTINGS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
        .optional(),
    ),
    ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an email address').optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional()),
    BASE_URL: optionalText.pipe(z.url('BASE_URL must be a full URL such as https://portal.example.org').optional()),
    AUTH_SECRET: optionalText.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    MAX_UPLOAD_MB: z.coerce.number().positive().max(10_240).default(DEFAULT_MAX_UPLOAD_MB),
    // An onboarding video's own limit (issue 22, decision 0122): training videos are larger than files.
    ONBOARDING_VIDEO_MAX_MB: z.coerce.number().positive().max(10_240).default(2048),
    // S3-compatible object storage instead of DATA_DIR/storage; see the checks below.
    S3_ENDPOINT: optionalText.pipe(
      z
        .url({
          protocol: /^https?$/,
          error: 'S3_ENDPOINT must be a full http:// or https:// URL such as https://s3.example.org',
        })
        .optional(),
    ),
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots or dashes)',
        )
        .optional(),
    ),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'], 'S3_FORCE_PATH_STYLE must be true or false')
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    // Outgoing email (issue 16, docs/decisions/0099): without SMTP_URL emails wait in the outbox.
    SMTP_URL: optionalText.pipe(
      z
        .url({
          protocol: /^smtps?$/,
          error: 'SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.org:587',
        })
        .optional(),
    ),
    MAIL_FROM: optionalText.pipe(
      z
        .string()
        .regex(
          /^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/,
          'MAIL_FROM must be an address, such as "Grace Ministry <office@example.org>"',
        )
        .optional(),
    ),
    MINISTRY_NAME: optionalText.pipe(z.string().max(100, 'MINISTRY_NAME must be 100 characters or less').optional()),
    // The hour (0-23, the server's TZ) daily notification summaries go out (docs/decisions/0100).
    DIGEST_HOUR: z.coerce
      .number({ error: 'DIGEST_HOUR must be an hour from 0 to 23' })
      .int('DIGEST_HOUR must be an hour from 0 to 23')
      .min(0, 'DIGEST_HOUR must be an hour from 0 to 23')
      .max(23, 'DIGEST_HOUR must be an hour from 0 to 23')
      .default(7),
    // Snapshots taken before migrations that are kept in DATA_DIR/snapshots (issue 25, decision 0106).
    SNAPSHOTS_KEEP: z.coerce
      .number({ error: 'SNAPSHOTS_KEEP must be a whole number from 1 to 100' })
      .int('SNAPSHOTS_KEEP must be a whole number from 1 to 100')
      .min(1, 'SNAPSHOTS_KEEP must be a whole number from 1 to 100')
      .max(100, 'SNAPSHOTS_KEEP must be a whole number from 1 to 100')
      .default(3),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    NODE_ENV: z.string().default('production'),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message:
          'MAIL_FROM is required with SMTP_URL: the address emails come from, such as "Grace Ministry <office@example.org>"',
      });
    }
    // All or nothing: a half-configured S3 store must not silently fall back to local disk.
    const given = S3_SETTINGS.filter((name) => env[name] !== undefined);
    if (given.length === 0) return;
    for (const name of S3_REQUIRED) {
      if (env[name] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is required when S3 storage is configured (${given.join(', ')} given); set ${S3_REQUIRED.join(', ')} together, or none of the S3_* settings for local disk storage`,
        });
      }
    }
  })
  .transform(
    ({ S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, ...env }) => ({
      ...env,
      /** The name emails carry (the sender's display name, the greeting, the footer). */
      MINISTRY_NAME: env.MINISTRY_NAME ?? 'Ministry Portal',
      DATA_DIR: path.resolve(env.DATA_DIR),
      BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
      /** Set when files go to an S3-compatible store; otherwise they go to DATA_DIR/storage. */
      S3:
        S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
          ? {
              endpoint: S3_ENDPOINT,
              bucket: S3_BUCKET,
              region: S3_REGION,
              accessKeyId: S3_ACCESS_KEY_ID,
              secretAccessKey: S3_SECRET_ACCESS_KEY,
              forcePathStyle: S3_FORCE_PATH_STYLE,
            }
          : undefined,
    }),
  );

export type S3Config = NonNullable<z.output<typeof envSchema>['S3']>;

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {}

/** Validates the environment once at boot; a bad value stops start-up with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A blank value (`PORT=` in a .env file) means "not set", for every variable alike; without
  // this, PORT= would coerce to 0 and listen on a random port.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
