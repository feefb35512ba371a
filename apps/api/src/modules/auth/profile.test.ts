import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@beesang/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/http.ts';
import { newPhone, verifiedTicket } from '../../test/phone.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Profile photos (own uploads only) and the expert office rules on sign-up and PUT /api/user/myPage. */

let t: TestApp;
let dir: string;
let ipSeq = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'beesang-profile-'));
  t = await createTestApp({ seed: false, config: { uploadDir: dir } });
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** URLs that are not one of our uploads: another site, script and inline data, and look-alikes. */
const FOREIGN = [
  'https://evil.example/a.png',
  'javascript:alert(document.cookie)',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  `https://evil.example/uploads/${'a'.repeat(32)}.webp`,
  `/uploads/../${'a'.repeat(32)}.webp`,
  '/uploads/avatar.png',
];

/** A real upload through POST /api/upload/image, as the photo picker does it. */
async function uploadPhoto(): Promise<string> {
  const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer();
  const boundary = `----beesang${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/image',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    remoteAddress: `198.51.100.${++ipSeq}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { fileUrl: string } }).result.fileUrl;
}

const signUpBody = (phone: string, extra: Record<string, unknown> = {}) => ({
  userId: `${phone}@example.com`,
  userName: '사진회원',
  phoneNumber: phone,
  profileUrl: '',
  ...extra,
});

const office = {
  PB: { expertType: 'PB', expertName: '김피비', officeInfo: { name: '비상증권', dept: 'WM센터' } },
  CTA: { expertType: 'CTA', expertName: '이세무', officeInfo: { name: '비상세무사무소' } },
};

/** A member through the real phone sign-up; returns its bearer header and id. */
async function member(extra: Record<string, unknown> = {}) {
  const phone = newPhone();
  const ticket = await verifiedTicket(t.app, phone);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sms/sign-up',
    payload: signUpBody(phone, extra),
    headers: { 'x-verification-ticket': ticket },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { accessToken } = (res.json() as { result: { result11: { accessToken: string } } }).result.result11;
  const headers = { authorization: `Bearer ${accessToken}` };
  const me = await t.app.inject({ method: 'GET', url: '/api/user/myPage/detail', headers });
  return { headers, id: (me.json() as { result: { userIdx: number } }).result.userIdx };
}

const stored = (id: number) =>
  t.db
    .selectFrom('users')
    .select(['profile_image_url', 'office_name', 'office_dept', 'nickname'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The stored photo of the member who signed up with `phone`. */
const photoOf = async (phone: string) =>
  (await t.db.selectFrom('users').select('profile_image_url').where('email', '=', `${phone}@example.com`).executeTakeFirstOrThrow())
    .profile_image_url;

const putMyPage = (headers: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/user/myPage', payload, headers });

describe('profile photo: our own uploads only', () => {
  it('phone sign-up refuses any other URL with 400 and creates no member; an own upload is kept', async () => {
    const phone = newPhone();
    const ticket = await verifiedTicket(t.app, phone);
    for (const [i, profileUrl] of FOREIGN.entries()) {
      const extra = i === 0 ? { ...office.PB, profileUrl } : { profileUrl };
      const body = await expectError(
        t.app,
        { method: 'POST', url: '/api/auth/sms/sign-up', payload: signUpBody(phone, extra), headers: { 'x-verification-ticket': ticket } },
        400,
        messages.profilePhotoInvalid,
      );
      expect(body.fields).toEqual({ profileUrl: messages.profilePhotoInvalid });
    }
    const users = await t.db.selectFrom('users').select('id').where('email', '=', `${phone}@example.com`).execute();
    expect(users).toEqual([]);

    // The refusals did not use up the ticket: the same phone signs up with its uploaded photo.
    const photo = await uploadPhoto();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sms/sign-up',
      payload: signUpBody(phone, { ...office.PB, profileUrl: photo }),
      headers: { 'x-verification-ticket': ticket },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await photoOf(phone)).toBe(photo);
  });

  it('id sign-up takes no photo: a profile URL sent along is not stored', async () => {
    const phone = newPhone();
    const ticket = await verifiedTicket(t.app, phone);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { ...signUpBody(phone, { profileUrl: FOREIGN[0], profileImageUrl: FOREIGN[0] }), userPassword: 'long enough 1' },
      headers: { 'x-verification-ticket': ticket },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await photoOf(phone)).toBe('');
  });

  it('PUT /api/user/myPage refuses other URLs and changes nothing; an own upload is saved and "" clears', async () => {
    const first = await uploadPhoto();
    const m = await member({ profileUrl: first });
    const before = await stored(m.id);
    expect(before.profile_image_url).toBe(first);
    for (const profileImageUrl of FOREIGN) {
      const body = await expectError(
        t.app,
        { method: 'PUT', url: '/api/user/myPage', payload: { profileImageUrl, userNickname: '바꿀이름' }, headers: m.headers },
        400,
        messages.profilePhotoInvalid,
      );
      expect(body.fields).toEqual({ profileImageUrl: messages.profilePhotoInvalid });
    }
    expect(await stored(m.id)).toEqual(before);

    const second = await uploadPhoto();
    const saved = await putMyPage(m.headers, { profileImageUrl: second });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { result: { profileImageUrl: string } }).result.profileImageUrl).toBe(second);

    const cleared = await putMyPage(m.headers, { profileImageUrl: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await stored(m.id)).profile_image_url).toBe('');
  });
});

describe('expert office on /myPage (spec §5 sign-up rules)', () => {
  it('a PB member may change office and department but not empty either', async () => {
    const m = await member({ ...office.PB, profileUrl: await uploadPhoto() });
    const before = await stored(m.id);
    const cases = [
      { payload: { officeName: '' }, fields: { officeName: messages.officeRequiredPb } },
      { payload: { officeName: '   ', officeDept: 'IB' }, fields: { officeName: messages.officeRequiredPb } },
      { payload: { officeDept: '' }, fields: { officeDept: messages.deptRequired } },
      {
        payload: { officeName: '', officeDept: ' ' },
        fields: { officeName: messages.officeRequiredPb, officeDept: messages.deptRequired },
      },
    ];
    for (const c of cases) {
      const body = await expectError(
        t.app,
        { method: 'PUT', url: '/api/user/myPage', payload: c.payload, headers: m.headers },
        400,
        Object.values(c.fields)[0],
      );
      expect(body.fields).toEqual(c.fields);
    }
    expect(await stored(m.id)).toEqual(before);

    const res = await putMyPage(m.headers, { officeName: '새증권', officeDept: 'IB본부' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { result: object }).result).toMatchObject({ officeName: '새증권', officeDept: 'IB본부' });
    expect(await stored(m.id)).toMatchObject({ office_name: '새증권', office_dept: 'IB본부' });
  });

  it('an approved expert who changes name, office or department goes back to the operators before the badge shows again', async () => {
    const m = await member({ ...office.PB, profileUrl: await uploadPhoto() });
    await t.db
      .updateTable('users')
      .set({ expert_status: 'APPROVED', expert_proof_url: '/uploads/card.webp' })
      .where('id', '=', m.id)
      .execute();
    const badge = () =>
      t.db.selectFrom('users').select(['expert_status', 'public_expert_type']).where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(await badge()).toEqual({ expert_status: 'APPROVED', public_expert_type: 1 });
    // An introduction is the member's own words, not what the badge vouches for: the badge stays.
    expect((await putMyPage(m.headers, { introduction: '장기 투자를 돕습니다.' })).statusCode).toBe(200);
    expect((await badge()).expert_status).toBe('APPROVED');
    // The same office again changes nothing either.
    expect((await putMyPage(m.headers, { officeName: office.PB.officeInfo.name })).statusCode).toBe(200);
    expect((await badge()).expert_status).toBe('APPROVED');
    // Another firm: the claim waits for an operator, and others see a normal member meanwhile.
    const res = await putMyPage(m.headers, { officeName: '다른증권' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { result: { expertStatus: string } }).result.expertStatus).toBe('PENDING');
    expect(await badge()).toEqual({ expert_status: 'PENDING', public_expert_type: 0 });
  });

  it('a CTA member may change the office but not empty it', async () => {
    const m = await member({ ...office.CTA, profileUrl: await uploadPhoto() });
    const before = await stored(m.id);
    const body = await expectError(
      t.app,
      { method: 'PUT', url: '/api/user/myPage', payload: { officeName: ' ' }, headers: m.headers },
      400,
      messages.officeRequiredCta,
    );
    expect(body.fields).toEqual({ officeName: messages.officeRequiredCta });
    expect(await stored(m.id)).toEqual(before);

    const res = await putMyPage(m.headers, { officeName: '새세무법인' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(m.id)).toMatchObject({ office_name: '새세무법인' });
  });

  it('a normal member has no office: the rule does not apply and nothing is stored', async () => {
    const m = await member();
    const res = await putMyPage(m.headers, { officeName: '', officeDept: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(m.id)).toMatchObject({ office_name: null, office_dept: null });
  });
});
