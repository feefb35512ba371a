import type { Random } from '../db/seed/random.ts';
import { TINY_PNG } from './openapi-requests.ts';

/** What the fuzz suite sends (fuzz.test.ts): bad values, their encodings and whole bad bodies. */

/** Dates and times that look right but cannot exist, years no database holds, and a few that do exist (issue 21). */
export const DATES = [
  '2024-13-45',
  '2023-02-30',
  '2023-02-29',
  '0000-00-00',
  '0000-01-01',
  '9999-12-31',
  '2024-02-29',
  '24:61',
  '2023-02-29T24:61:00Z',
  '2024-13-45T00:00:00Z',
  '0000-00-00T00:00:00Z',
  '9999-12-31T23:59:59-14:00',
  '275760-09-13T00:00:00Z',
  '2026-11-20T14:00:00+09:00',
  '2026-11-20T05:00:00.000Z',
  '1969-12-31T23:59:59Z',
];

export const FIXED = [
  ...DATES,
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '+1',
  '1.5',
  '1e3',
  '1e308',
  '-1e308',
  '0x1F',
  '0b11',
  '1_000',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '9'.repeat(40),
  '٣',
  '１２３',
  "' OR '1'='1",
  '1; DROP TABLE companies; --',
  "1' UNION SELECT password_hash FROM users --",
  '"; select pg_sleep(5); --',
  '\\',
  '%',
  '%00',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '....//....//etc/passwd',
  '/etc/passwd',
  'file:///etc/passwd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  '__proto__',
  'constructor',
  'TODAY',
  'today',
  '1M',
  'VC',
  'ADMIN',
  'HIDE',
  'ㅂㅅ',
  '비상테크',
  '🚀🚀🚀',
  '\u202Eevil',
  '\u200B',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\ud800',
  'A'.repeat(2_000),
  '가'.repeat(200),
];
export const WEIRD: unknown[] = [null, -1, 0, 1.5, 2 ** 53 + 1, 1e308, '1', '', true, [], {}, [1, 'x'], { $gt: 0 }, 'x'.repeat(5000)];

/** Byte sequences that are not UTF-8: the probe's C3 28 FF, overlong, an encoded surrogate, past U+10FFFF, cut short. */
export const INVALID_UTF8 = [
  [0xc3, 0x28, 0xff],
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe4, 0xbd],
  [0x80],
  [0xb0, 0xa1], // 가 in CP949
].map((bytes) => Buffer.from(bytes));

// NUL and lone surrogates (issue 10 §5) among the rest: every route must refuse them with a 400.
const ALPHABET = Array.from('abcXYZ019 -_.~!*\'();:@&=+$,/?#[]%"<>\\^`{|}가나ㅂㅅ😀\u0000\ud800-\udfff\t\nT');

export function randomString(random: Random, max: number): string {
  let out = '';
  const length = random.int(0, max);
  for (let i = 0; i < length; i++) out += random.pick(ALPHABET);
  return out;
}

export function badValue(random: Random): string {
  switch (random.int(0, 6)) {
    case 0:
    case 1:
      return random.pick(FIXED);
    case 2:
      return randomString(random, 40);
    case 3:
      return String(random.pick([-1, 1]) * Math.floor(random.next() * 10 ** random.int(0, 25)));
    case 4:
      return random.pick(FIXED) + randomString(random, 8);
    case 5:
      return random.pick(DATES);
    default:
      return String(random.int(-5, 5) + random.pick([0, 2_147_483_647, 987_654]));
  }
}

const hex = (bytes: Buffer) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Percent-encodes, or — now and then — sends raw, possibly invalid, escapes and bytes that are not UTF-8. */
export function encode(random: Random, value: string): string {
  if (random.chance(0.05)) return hex(random.pick(INVALID_UTF8));
  if (random.chance(0.05)) {
    return Array.from({ length: random.int(1, 6) }, () => `%${random.int(0, 255).toString(16).padStart(2, '0')}`).join('');
  }
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate: invalid UTF-8
  }
}

export interface Body {
  payload: string | Buffer;
  contentType: string;
}

const json = (value: unknown): Body => ({ payload: JSON.stringify(value), contentType: 'application/json' });

/** `shape` as JSON with bytes that are not UTF-8 inside one of its strings (or a new one). */
function withInvalidBytes(random: Random, shape: Record<string, unknown>): Body {
  const marker = 'MARKER4f1c';
  const strings = Object.keys(shape).filter((k) => typeof shape[k] === 'string');
  const field = strings.length > 0 ? random.pick(strings) : random.pick(['content', 'detail', 'reason', 'x']);
  const text = JSON.stringify({ ...shape, [field]: `${random.chance(0.5) ? '의견 ' : ''}${marker}` });
  const [before, after] = text.split(marker) as [string, string];
  return { payload: Buffer.concat([Buffer.from(before), random.pick(INVALID_UTF8), Buffer.from(after)]), contentType: 'application/json' };
}

/** A multipart/form-data body: the right field or another, a real image or not, names that are not UTF-8. */
export function multipartBody(random: Random, fields: string[]): Body {
  const boundary = `----fuzz${random.int(0, 1e9)}`;
  const chunks: Buffer[] = [];
  for (let i = 0; i < random.int(0, 3); i++) {
    const name = random.chance(0.7) && fields.length > 0 ? random.pick(fields) : badValue(random).replaceAll('"', '');
    const nameBytes = random.chance(0.1) ? random.pick(INVALID_UTF8) : Buffer.from(name);
    const file = random.pick([
      TINY_PNG,
      Buffer.from(randomString(random, 60)),
      random.pick(INVALID_UTF8),
      Buffer.from('code,name\n가,나\n'),
    ]);
    const asFile = random.chance(0.8);
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`),
      nameBytes,
      Buffer.from(asFile ? `"; filename="${random.pick(['a.png', 'x.csv', '..\\..\\x', ''])}"\r\n` : '"\r\n'),
      Buffer.from(asFile ? `Content-Type: ${random.pick(['image/png', 'text/csv', 'application/octet-stream'])}\r\n\r\n` : '\r\n'),
      file,
      Buffer.from('\r\n'),
    );
  }
  if (random.chance(0.9)) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A bad body for an operation whose well-formed body is `shape` (its properties: `fields`): one
 * field broken at a time most often, otherwise bytes that are not UTF-8, malformed or nested JSON,
 * other content types.
 */
export function badBody(random: Random, shape: Record<string, unknown>, fields: string[]): Body {
  switch (random.int(0, 11)) {
    case 0:
      return withInvalidBytes(random, shape);
    case 1:
      return {
        payload: Buffer.concat([random.pick(INVALID_UTF8), Buffer.from(randomString(random, 20))]),
        contentType: 'application/json',
      };
    case 2:
      return json(random.pick([null, 0, -1, 'x', [], [shape], true, { $ne: null }, [shape, shape]]));
    case 3: {
      let nested: unknown = shape;
      for (let i = 0; i < random.int(1, 200); i++) nested = { [random.pick([...fields, 'x'])]: nested };
      return json(nested);
    }
    case 4:
      return { payload: randomString(random, 80), contentType: 'application/json' };
    case 5: {
      const bytes = random.chance(0.5) ? random.pick(INVALID_UTF8) : Buffer.from(randomString(random, 40));
      return { payload: bytes, contentType: random.pick(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', '']) };
    }
    case 6:
      return multipartBody(random, fields);
    case 7:
      return {
        payload: `${random.pick(fields.length > 0 ? fields : ['x'])}=${encode(random, badValue(random))}`,
        contentType: 'application/x-www-form-urlencoded',
      };
    default: {
      const broken = { ...shape };
      const field = random.pick([...fields, ...fields, 'tradeStatus', 'userIdx', 'createdAt', '__proto__']);
      broken[field] = random.chance(0.4) ? random.pick(WEIRD) : badValue(random);
      return json(broken);
    }
  }
}
