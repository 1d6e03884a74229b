import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('fills in defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.DATA_DIR)).toBe(true);
    expect(config.BASE_URL).toBe('http://localhost:3000');
    expect(config.MAX_UPLOAD_MB).toBe(50);
    expect(config.TRUSTED_PROXIES).toEqual([]);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_EMAIL).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(config.AUTH_SECRET).toBeUndefined();
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.NODE_ENV).toBe('production');
  });

  it('resolves a relative DATA_DIR to an absolute path', () => {
    expect(loadConfig({ DATA_DIR: 'some/dir' }).DATA_DIR).toBe(path.resolve('some/dir'));
  });

  it('derives BASE_URL from PORT, and drops a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).BASE_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080' }).PORT).toBe(8080);
    expect(loadConfig({ BASE_URL: 'https://portal.example.org/' }).BASE_URL).toBe('https://portal.example.org');
  });

  it('treats empty and blank strings as unset', () => {
    const config = loadConfig({
      PORT: '',
      HOST: ' ',
      DATA_DIR: '',
      DATABASE_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '  ',
      BASE_URL: '',
      AUTH_SECRET: '',
      TRUSTED_PROXIES: '',
      MAX_UPLOAD_MB: '',
      LOG_LEVEL: '',
    });
    expect(config).toEqual(loadConfig({}));
  });

  it('splits TRUSTED_PROXIES on commas and trims the entries', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 192.168.0.0/16 ,,::1' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
  });

  it('accepts good values', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://portal@db:5432/portal',
      ADMIN_EMAIL: 'pastor@example.org',
      ADMIN_PASSWORD: 'secret1',
      MAX_UPLOAD_MB: '2.5',
    });
    expect(config.DATABASE_URL).toBe('postgresql://portal@db:5432/portal');
    expect(config.ADMIN_EMAIL).toBe('pastor@example.org');
    expect(config.ADMIN_PASSWORD).toBe('secret1');
    expect(config.MAX_UPLOAD_MB).toBe(2.5);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).DATABASE_URL).toBe('postgres://x/y');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '1.5'],
    ['DATABASE_URL', 'mysql://portal@db/portal'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'abc'],
    ['MAX_UPLOAD_MB', '-1'],
    ['MAX_UPLOAD_MB', '0'],
    ['BASE_URL', 'portal.example.org'],
    ['AUTH_SECRET', 'too-short'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s with a ConfigError naming the variable', (name, value) => {
    const err = configError({ [name]: value });
    expect(err.message).toContain('Invalid configuration');
    expect(err.message).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
  });

  it('lists every bad variable at once', () => {
    const err = configError({ PORT: 'abc', ADMIN_EMAIL: 'nope' });
    expect(err.message).toMatch(/^\s*PORT: /m);
    expect(err.message).toMatch(/^\s*ADMIN_EMAIL: ADMIN_EMAIL must be an email address$/m);
  });

  it('explains the rule, not only the variable', () => {
    expect(configError({ ADMIN_PASSWORD: 'abc' }).message).toContain('ADMIN_PASSWORD must be at least 6 characters');
    expect(configError({ DATABASE_URL: 'mysql://x' }).message).toContain(
      'DATABASE_URL must start with postgres:// or postgresql://',
    );
  });

  describe('S3 storage', () => {
    const s3 = {
      S3_ENDPOINT: 'https://s3.example.org',
      S3_BUCKET: 'ministry-files',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'key-secret',
    };

    it('is off (local disk) when no S3 setting is given', () => {
      expect(loadConfig({}).S3).toBeUndefined();
      expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: ' ' }).S3).toBeUndefined();
    });

    it('collects the settings, with a default region and virtual-host style', () => {
      expect(loadConfig(s3).S3).toEqual({
        endpoint: 'https://s3.example.org',
        bucket: 'ministry-files',
        region: 'us-east-1',
        accessKeyId: 'key-id',
        secretAccessKey: 'key-secret',
        forcePathStyle: false,
      });
      const custom = loadConfig({ ...s3, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'true' }).S3!;
      expect(custom.region).toBe('eu-central-1');
      expect(custom.forcePathStyle).toBe(true);
      // Without an endpoint the SDK talks to AWS itself.
      const { S3_ENDPOINT: _ignored, ...aws } = s3;
      expect(loadConfig(aws).S3!.endpoint).toBeUndefined();
    });

    it('refuses a partial S3 configuration, naming each missing setting', () => {
      const err = configError({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'ministry-files' });
      expect(err.message).toMatch(/^\s*S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is required when S3 storage is configured/m);
      expect(err.message).toMatch(/^\s*S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is required/m);
      expect(err.message).not.toMatch(/^\s*S3_BUCKET:/m);
      expect(configError({ S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }).message).toMatch(
        /^\s*S3_BUCKET: S3_BUCKET is required/m,
      );
    });

    it.each([
      ['S3_ENDPOINT', 'minio:9000'],
      ['S3_BUCKET', 'Ministry Files'],
      ['S3_BUCKET', 'ab'],
      ['S3_FORCE_PATH_STYLE', 'yes'],
    ])('refuses %s=%s', (name, value) => {
      expect(configError({ ...s3, [name]: value }).message).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
    });
  });
});
