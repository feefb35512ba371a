import { describe, expect, it } from 'vitest';
import { ConfigError, isLocalOrigin, loadConfig } from './config.ts';

const SECRET = 'k'.repeat(40);
const problem = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return null;
};

describe('a production server at a public address', () => {
  const deployed = { NODE_ENV: 'production', PUBLIC_URL: 'https://beesang.example' } as NodeJS.ProcessEnv;

  it('does not start without AUTH_SECRET, and says so in Korean', () => {
    expect(problem(deployed)).toContain('AUTH_SECRET이 필요합니다');
    expect(problem({ ...deployed, DATABASE_URL: 'postgres://db/beesang' })).toContain('AUTH_SECRET');
  });

  it('keeps no readable copy of sent codes, and refuses to be told to', () => {
    expect(loadConfig({ ...deployed, AUTH_SECRET: SECRET }).devSmsOutbox).toBe(false);
    // Embedded database or not: what matters is that the world can reach it.
    expect(loadConfig({ ...deployed, AUTH_SECRET: SECRET, DATA_DIR: '/srv/data' }).devSmsOutbox).toBe(false);
    expect(problem({ ...deployed, AUTH_SECRET: SECRET, DEV_SMS_OUTBOX: 'true' })).toContain('DEV_SMS_OUTBOX');
  });
});

describe('a server on the machine itself', () => {
  it('npm start (production build on localhost): the outbox is on and the key may live in the database', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.devSmsOutbox).toBe(true);
    expect(config.authSecret).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:4100' }).devSmsOutbox).toBe(true);
  });

  it('development at any address keeps the outbox unless it is turned off', () => {
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://dev.beesang.example' }).devSmsOutbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEV_SMS_OUTBOX: 'false' }).devSmsOutbox).toBe(false);
  });

  it('tells local origins from public ones', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:9', 'http://[::1]:3000']) expect(isLocalOrigin(url)).toBe(true);
    for (const url of ['https://beesang.example', 'http://10.0.0.5:3000', 'http://localhost.example.com'])
      expect(isLocalOrigin(url)).toBe(false);
  });
});
