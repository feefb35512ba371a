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
  // A demo site: the simulated providers' own refusal is tested below.
  const deployed = { NODE_ENV: 'production', PUBLIC_URL: 'https://beesang.example', ALLOW_SIMULATED_PROVIDERS: '1' } as NodeJS.ProcessEnv;

  it('takes AUTH_SECRETS as a key ring, and says what is wrong with one', () => {
    const one = 'a'.repeat(32);
    const two = 'b'.repeat(32);
    expect(loadConfig({ ...deployed, AUTH_SECRETS: `new:${two},default:${one}` }).authSecrets).toEqual([
      { kid: 'new', secret: two },
      { kid: 'default', secret: one },
    ]);
    expect(problem({ ...deployed, AUTH_SECRETS: `k1:${one},k1:${two}` })).toContain('duplicate key id');
    expect(problem({ ...deployed, AUTH_SECRETS: 'k1:short' })).toContain('32자 이상');
    expect(problem({ ...deployed, AUTH_SECRETS: one })).toContain('kid:secret');
    expect(problem({ ...deployed, AUTH_SECRETS: `k1:${one}`, AUTH_SECRET: two })).toContain('AUTH_SECRETS 의 마지막 항목');
  });

  it('does not start without AUTH_SECRET, and says so in Korean', () => {
    expect(problem(deployed)).toContain('AUTH_SECRETS(또는 AUTH_SECRET)가 필요합니다');
    expect(problem({ ...deployed, DATABASE_URL: 'postgres://db/beesang' })).toContain('AUTH_SECRET');
  });

  it('keeps no readable copy of sent codes, and refuses to be told to', () => {
    expect(loadConfig({ ...deployed, AUTH_SECRET: SECRET }).devSmsOutbox).toBe(false);
    // Embedded database or not: what matters is that the world can reach it.
    expect(loadConfig({ ...deployed, AUTH_SECRET: SECRET, DATA_DIR: '/srv/data' }).devSmsOutbox).toBe(false);
    expect(problem({ ...deployed, AUTH_SECRET: SECRET, DEV_SMS_OUTBOX: 'true' })).toContain('DEV_SMS_OUTBOX');
  });

  it('refuses the benchmark’s made-up live events (DEV_LIVE), which npm start on this machine may have', () => {
    expect(problem({ ...deployed, AUTH_SECRET: SECRET, DEV_LIVE: '1' })).toContain('DEV_LIVE');
    expect(loadConfig({ ...deployed, AUTH_SECRET: SECRET }).devLive).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:4100', DEV_LIVE: '1' }).devLive).toBe(true);
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

describe('where a deployment keeps uploads', () => {
  const deployment = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://beesang.example',
    AUTH_SECRET: SECRET,
    DATABASE_URL: 'postgres://db/beesang',
    ALLOW_SIMULATED_PROVIDERS: '1',
  };
  const s3 = { S3_BUCKET: 'media', S3_ENDPOINT: 'https://s3.example', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  it('on DATABASE_URL at a public address, local disk is refused with the S3 settings named', () => {
    const message = problem(deployment);
    expect(message).toContain('업로드를 이 서버의 디스크에 둘 수 없습니다');
    for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'UPLOADS_LOCAL_OK=1'])
      expect(message).toContain(name);
    // Whatever NODE_ENV says: the address and the shared database make it a deployment.
    expect(problem({ ...deployment, NODE_ENV: 'development' })).toContain('S3_BUCKET');
  });

  it('starts with S3, or with UPLOADS_LOCAL_OK=1 for a single instance', () => {
    expect(loadConfig({ ...deployment, ...s3 }).s3?.bucket).toBe('media');
    expect(loadConfig({ ...deployment, UPLOADS_LOCAL_OK: '1' }).s3).toBeUndefined();
    expect(problem({ ...deployment, UPLOADS_LOCAL_OK: '0' })).toContain('S3_BUCKET');
  });

  it('npm start, PostgreSQL on this machine, and the embedded database at a public address are not such deployments', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/beesang' }).databaseUrl).toBe('postgres://localhost/beesang');
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://beesang.example', AUTH_SECRET: SECRET, ALLOW_SIMULATED_PROVIDERS: '1' }).s3,
    ).toBeUndefined();
  });
});

describe('API_DOCS: whether /api/docs is served', () => {
  const deployment = { NODE_ENV: 'production', PUBLIC_URL: 'https://beesang.example', AUTH_SECRET: SECRET, ALLOW_SIMULATED_PROVIDERS: '1' };

  it('a deployment keeps the API map to itself unless API_DOCS=1', () => {
    expect(loadConfig(deployment).apiDocs).toBe(false);
    expect(loadConfig({ ...deployment, API_DOCS: '1' }).apiDocs).toBe(true);
    expect(loadConfig({ ...deployment, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('npm start on this machine and development serve it unless API_DOCS=0', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://dev.beesang.example' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: '0' }).apiDocs).toBe(false);
  });

  it('refuses a value it would have to guess at', () => {
    expect(problem({ API_DOCS: 'yes' })).toContain('API_DOCS');
  });
});

describe("INTRO_URL: the header's 서비스 소개 (decision 0020)", () => {
  it('an external http(s) page when set, none (the site’s own /intro) otherwise', () => {
    expect(loadConfig({ INTRO_URL: 'https://about.beesang.example/' }).introUrl).toBe('https://about.beesang.example/');
    expect(loadConfig({}).introUrl).toBeUndefined();
  });

  it('refuses what is not a web address', () => {
    expect(problem({ INTRO_URL: 'javascript:alert(1)' })).toContain('INTRO_URL');
    expect(problem({ INTRO_URL: 'about.beesang.example' })).toContain('INTRO_URL');
  });
});

describe('the simulated 본인확인 and SMS log in a deployment', () => {
  const deployment = { NODE_ENV: 'production', PUBLIC_URL: 'https://beesang.example', AUTH_SECRET: SECRET };
  const portone = {
    IDENTITY_PROVIDER: 'portone',
    PORTONE_API_SECRET: 'secret',
    PORTONE_STORE_ID: 'store-1',
    PORTONE_CHANNEL_KEY: 'channel-1',
  };
  const solapi = { SMS_PROVIDER: 'solapi', SOLAPI_API_KEY: 'key', SOLAPI_API_SECRET: 'secret', SOLAPI_SENDER: '0212345678' };

  it('are refused, in Korean and English, naming what to configure instead', () => {
    const message = problem(deployment) ?? '';
    expect(message).toContain('본인확인이 테스트 모드입니다');
    expect(message).toContain('SMS가 발송되지 않고 로그에만 남습니다');
    expect(message).toContain('identity verification is simulated in a deployment');
    for (const name of ['IDENTITY_PROVIDER=portone', 'PORTONE_API_SECRET', 'PORTONE_STORE_ID', 'PORTONE_CHANNEL_KEY'])
      expect(message).toContain(name);
    for (const name of ['SMS_PROVIDER=solapi', 'SOLAPI_API_KEY', 'SOLAPI_API_SECRET', 'SOLAPI_SENDER', 'ALLOW_SIMULATED_PROVIDERS=1'])
      expect(message).toContain(name);
    // Each on its own, and the simulated provider chosen by name too.
    const identityOnly = problem({ ...deployment, ...solapi, IDENTITY_PROVIDER: 'simulated' }) ?? '';
    expect(identityOnly).toContain('IDENTITY_PROVIDER=portone');
    expect(identityOnly).not.toContain('SMS_PROVIDER=solapi');
    const smsOnly = problem({ ...deployment, ...portone, SMS_PROVIDER: 'log' }) ?? '';
    expect(smsOnly).toContain('SMS_PROVIDER=solapi');
    expect(smsOnly).not.toContain('IDENTITY_PROVIDER=portone');
    expect(problem({ ...deployment, ALLOW_SIMULATED_PROVIDERS: '0' })).toContain('ALLOW_SIMULATED_PROVIDERS=1');
  });

  it('start with PortOne and Solapi, or with ALLOW_SIMULATED_PROVIDERS=1 for a demo or staging site', () => {
    const real = loadConfig({ ...deployment, ...portone, ...solapi });
    expect(real.identity.provider).toBe('portone');
    expect(real.sms.provider).toBe('solapi');
    const demo = loadConfig({ ...deployment, ALLOW_SIMULATED_PROVIDERS: '1' });
    expect(demo.identity.provider).toBe('simulated');
    expect(demo.sms.provider).toBe('log');
    // Still no readable copy of the codes at a public address.
    expect(demo.devSmsOutbox).toBe(false);
  });

  it('npm start on this machine, and development anywhere, need none of it', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).identity.provider).toBe('simulated');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:4100' }).sms.provider).toBe('log');
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://dev.beesang.example' }).identity.provider).toBe('simulated');
  });
});

describe('SMS_PER_IP_HOURLY', () => {
  it('sets how many codes one address may ask for in an hour; the default stays with the SMS service', () => {
    expect(loadConfig({}).smsPerIpHourly).toBeUndefined();
    expect(loadConfig({ SMS_PER_IP_HOURLY: '120' }).smsPerIpHourly).toBe(120);
  });

  it('refuses what is not a whole number of 1 or more, in Korean', () => {
    for (const bad of ['0', '-5', '2.5', 'many']) {
      expect(problem({ SMS_PER_IP_HOURLY: bad }), bad).toMatch(/SMS_PER_IP_HOURLY.*1 이상의 정수여야 합니다/);
    }
  });
});

describe('MIGRATION_DATABASE_URL: the owner migrates, the site serves as a role that owns nothing (decision 0022)', () => {
  it('is read beside DATABASE_URL, and absent by default', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://site@db/beesang' }).migrationDatabaseUrl).toBeUndefined();
    const both = loadConfig({ DATABASE_URL: 'postgres://site@db/beesang', MIGRATION_DATABASE_URL: 'postgresql://owner@db/beesang' });
    expect(both.migrationDatabaseUrl).toBe('postgresql://owner@db/beesang');
    expect(both.databaseUrl).toBe('postgres://site@db/beesang');
  });

  it('refuses an address that is not PostgreSQL, and one without DATABASE_URL', () => {
    expect(problem({ DATABASE_URL: 'postgres://site@db/beesang', MIGRATION_DATABASE_URL: 'mysql://owner@db/beesang' })).toMatch(
      /MIGRATION_DATABASE_URL.*postgres:\/\//,
    );
    expect(problem({ MIGRATION_DATABASE_URL: 'postgres://owner@db/beesang' })).toContain('MIGRATION_DATABASE_URL needs DATABASE_URL');
  });
});
