import {
  MARKETING_OPT_OUT,
  messages,
  type Notification,
  type NotificationSettings,
  PRICE_ALERTS_MAX,
  type PriceAlert,
  SanctionState,
} from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FcmMock, startFcmMock } from '../../../../../scripts/testing/fcm-mock.ts';
import { loadConfig } from '../../config/config.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { insertCompany } from '../../test/factories.ts';
import { expectError } from '../../test/http.ts';
import { createMember, freshHeaders, type TestMember } from '../../test/members.ts';
import { enterAndApprove } from '../../test/prices.ts';
import { createTestApp, LISTINGS_UNLIMITED, type TestApp } from '../../test/test-app.ts';
import { FAN_OUT_SLICE, UNPACED_SLICE } from './alerts/price-alerts.service.ts';
import { DeliveriesHeldError, STALE_CLAIM_MS } from './delivery/deliver.ts';

/** Issue 23: what members are told, from what, when, and through which channel. */
let t: TestApp;
let fcm: FcmMock;
let admin: TestMember;
let moderator: TestMember;

/** The app push a member's phone got through the local FCM (the provider is faked, our channel is real). */
const deviceToken = (userId: number) => `fNotify${userId}:APA91bH${'n'.repeat(120)}`;
const pushedTo = (userId: number) =>
  fcm.sent.filter((s) => s.message.token === deviceToken(userId)).map((s) => s.message.notification?.title ?? '');
async function withPhone(m: TestMember) {
  await t.app.services.push.devices.recordDeviceToken(m.id, deviceToken(m.id), 1);
  return m;
}

beforeAll(async () => {
  fcm = await startFcmMock();
  const config = loadConfig({
    NODE_ENV: 'test',
    FCM_SERVICE_ACCOUNT: JSON.stringify(fcm.serviceAccount),
    FCM_API_BASE: fcm.apiBase,
    FCM_TOKEN_URI: fcm.tokenUri,
  });
  t = await createTestApp({ seed: false, limits: { rules: LISTINGS_UNLIMITED }, config: { push: config.push } });
  admin = await createMember(t, { nickname: '관리자' });
  moderator = await createMember(t, { nickname: '운영자' });
  await t.db.updateTable('users').set({ staff_role: 'ADMIN' }).where('id', '=', admin.id).execute();
  await t.db.updateTable('users').set({ staff_role: 'MODERATOR' }).where('id', '=', moderator.id).execute();
});
afterAll(async () => {
  await t?.close();
  await fcm?.close();
});

async function call<T>(who: TestMember, method: InjectOptions['method'], url: string, payload?: object): Promise<T> {
  const res = await t.app.inject({ method, url, headers: await freshHeaders(t, who.id), ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 300)}`).toBe(200);
  return (res.json() as { result: T }).result;
}
const list = (who: TestMember) => call<{ data: Notification[]; unreadCount: number }>(who, 'GET', '/api/notifications?size=100');
const drain = () => t.app.services.jobs.drain();

describe('price alerts (issue 23 §1)', () => {
  it('a level 5 % above the price fires once when a second operator approves a price above it, linking to the company', async () => {
    const member = await withPhone(await createMember(t));
    const company = await insertCompany(t.db, { name: '알림전자', currentPrice: 20_000, previousClose: 20_000 });
    const alert = await call<PriceAlert>(member, 'POST', '/api/price-alerts', { companyIdx: company, direction: 'ABOVE', price: 21_000 });
    expect(alert).toMatchObject({ companyIdx: company, companyName: '알림전자', direction: 'ABOVE', price: 21_000, lastFiredAt: null });
    const below = await call<PriceAlert>(member, 'POST', '/api/price-alerts', { companyIdx: company, direction: 'BELOW', price: 19_000 });

    await enterAndApprove(t.app, {
      company,
      price: 21_500,
      by: await freshHeaders(t, admin.id),
      approver: await freshHeaders(t, moderator.id),
    });
    await drain();
    const first = await list(member);
    expect(first.unreadCount).toBe(1);
    expect(first.data[0]).toMatchObject({ kind: 'PRICE_ALERT', title: '알림전자 21,000원 돌파', url: `/stock/${company}`, readAt: null });
    expect(pushedTo(member.id)).toEqual(['알림전자 21,000원 돌파']);

    // Back under and over again the same day: the ABOVE alert does not fire twice; the BELOW one fires once.
    await enterAndApprove(t.app, {
      company,
      price: 18_500,
      by: await freshHeaders(t, admin.id),
      approver: await freshHeaders(t, moderator.id),
    });
    await enterAndApprove(t.app, {
      company,
      price: 22_000,
      by: await freshHeaders(t, admin.id),
      approver: await freshHeaders(t, moderator.id),
    });
    await drain();
    const after = await list(member);
    expect(after.data.map((n) => n.title).sort()).toEqual(['알림전자 19,000원 하회', '알림전자 21,000원 돌파']);
    expect(
      (await call<{ data: PriceAlert[] }>(member, 'GET', `/api/price-alerts?companyIdx=${company}`)).data.map((a) => a.alertId).sort(),
    ).toEqual([alert.alertId, below.alertId].sort());
  });

  it('a fan-out larger than one slice fires every crossed alert exactly once, each member seeing their own, and the metrics count them', async () => {
    // More than one slice on either database (paced slices on the embedded one, large ones on PostgreSQL).
    const count = Math.max(FAN_OUT_SLICE * 5, UNPACED_SLICE) + 537;
    const company = await insertCompany(t.db, { name: '대량알림', currentPrice: 10_000, previousClose: 10_000 });
    const users = await t.db
      .insertInto('users')
      .values(
        Array.from({ length: count }, (_, i) => ({ nickname: `알림회원${i}`, user_level: 2, sanction_state: 0, expert_type: 0 }) as never),
      )
      .returning('id')
      .execute();
    const at = new Date();
    // Levels spread over the move (and a few beyond it, which must stay silent), in id order unlike price order.
    await t.db
      .insertInto('price_alerts')
      .values(
        users.map(({ id }, i) => ({
          user_id: id,
          company_id: company,
          direction: 'ABOVE' as const,
          price: i % 50 === 0 ? 30_000 : 10_001 + ((i * 7919) % 2_800),
          created_at: at,
        })),
      )
      .execute();
    const crossing = users.filter((_, i) => i % 50 !== 0).map((u) => u.id);
    const before = t.app.services.notify.notifications.stats();
    const notesBefore = t.app.services.live.stats().notes;
    await enterAndApprove(t.app, {
      company,
      price: 12_900,
      by: await freshHeaders(t, admin.id),
      approver: await freshHeaders(t, moderator.id),
    });
    await drain();
    const written = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'title'])
      .where('kind', '=', 'PRICE_ALERT')
      .where('url', '=', `/stock/${company}`)
      .execute();
    expect(written).toHaveLength(crossing.length);
    expect(new Set(written.map((n) => n.user_id))).toEqual(new Set(crossing));
    expect(written.every((n) => /^대량알림 1\d,\d{3}원 돌파$/.test(n.title))).toBe(true);
    const after = t.app.services.notify.notifications.stats();
    expect(after.written - before.written).toBe(crossing.length);
    expect(after.queued - before.queued).toBe(crossing.length);
    // None of them has a browser or device: their deliveries end without a claim or a send.
    const claimed = await t.db
      .selectFrom('notification_deliveries')
      .innerJoin('notifications', 'notifications.id', 'notification_deliveries.notification_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('notifications.url', '=', `/stock/${company}`)
      .executeTakeFirstOrThrow();
    expect(Number(claimed.n)).toBe(0);
    // Their open pages are told to read again in a few bus notes, not one note (and one count read) per member.
    expect(t.app.services.live.stats().notes - notesBefore).toBeLessThan(crossing.length / 20);
    // The same move again today: nothing fires twice.
    await enterAndApprove(t.app, {
      company,
      price: 10_000,
      by: await freshHeaders(t, admin.id),
      approver: await freshHeaders(t, moderator.id),
    });
    await enterAndApprove(t.app, {
      company,
      price: 12_900,
      by: await freshHeaders(t, admin.id),
      approver: await freshHeaders(t, moderator.id),
    });
    await drain();
    const again = await t.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'PRICE_ALERT')
      .where('url', '=', `/stock/${company}`)
      .executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(crossing.length);
  });

  it('at most 50 a member, each refused beyond with a Korean 400; only its owner deletes one', async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    const company = await insertCompany(t.db);
    for (let i = 0; i < PRICE_ALERTS_MAX; i++)
      await call(member, 'POST', '/api/price-alerts', { companyIdx: company, direction: 'ABOVE', price: 10_000 + i });
    await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/price-alerts',
        headers: member.headers,
        payload: { companyIdx: company, direction: 'ABOVE', price: 9_000 },
      },
      400,
      messages.priceAlertsFull,
    );
    const [first] = (await call<{ data: PriceAlert[] }>(member, 'GET', '/api/price-alerts')).data;
    await expectError(t.app, { method: 'DELETE', url: `/api/price-alerts/${first?.alertId}`, headers: other.headers }, 404);
    await call(member, 'DELETE', `/api/price-alerts/${first?.alertId}`);
    await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/price-alerts',
        headers: member.headers,
        payload: { companyIdx: 99_999_999, direction: 'ABOVE', price: 1 },
      },
      404,
    );
    // An id past the database's integer is a 400 naming it, not a 500 from the query (the fuzz suite found it).
    await expectError(
      t.app,
      { method: 'GET', url: '/api/price-alerts?companyIdx=2147483648', headers: member.headers },
      400,
      messages.invalidId,
    );
  });
});

describe('new listings on a favourite (issue 23 §1)', () => {
  it('tells members who favourite the company, on by default, only at or better than their price if they set one; never the poster', async () => {
    const company = await insertCompany(t.db, { name: '관심바이오' });
    const [fan, picky, quiet, seller] = [await createMember(t), await createMember(t), await createMember(t), await createMember(t)];
    for (const m of [fan, picky, quiet, seller]) await call(m, 'POST', `/api/stock/add/favorite/stock/${company}`);
    expect(await call(fan, 'GET', `/api/stock/favorite/${company}/alert`)).toEqual({ companyIdx: company, enabled: true, price: null });
    await call(picky, 'PUT', `/api/stock/favorite/${company}/alert`, { enabled: true, price: 9_000 });
    await call(quiet, 'PUT', `/api/stock/favorite/${company}/alert`, { enabled: false, price: null });
    await call(seller, 'POST', '/api/trade/sell', {
      companyIdx: company,
      stockCount: 10,
      stockPerPrice: 9_500,
      stockCountNegotiationFlag: true,
      stockPriceNegotiationFlag: true,
    });
    await drain();
    const told = async (m: TestMember) => (await list(m)).data.filter((n) => n.kind === 'FAVORITE_LISTING');
    expect(await told(fan)).toEqual([
      expect.objectContaining({ title: '관심 종목에 새 매도 매물', body: '10주 × 9,500원', url: `/stock/${company}` }),
    ]);
    expect(await told(picky)).toEqual([]);
    expect(await told(quiet)).toEqual([]);
    expect(await told(seller)).toEqual([]);
    await expectError(t.app, { method: 'GET', url: '/api/stock/favorite/99999999/alert', headers: fan.headers }, 404);
  });
});

describe('deal events (issue 23 §1)', () => {
  it('an offer, a counter, acceptance and a confirmation asked for each tell the other side; messages, one per conversation while unread', async () => {
    const seller = await createMember(t);
    const buyer = await createMember(t);
    const company = await insertCompany(t.db, { name: '거래알림' });
    const trade = await call<{ tradeIdx: number }>(seller, 'POST', '/api/trade/sell', {
      companyIdx: company,
      stockCount: 10,
      stockPerPrice: 10_000,
      stockCountNegotiationFlag: true,
      stockPriceNegotiationFlag: true,
    });
    const { dealId, conversationId } = await call<{ dealId: number; conversationId: number }>(buyer, 'POST', '/api/deals', {
      tradeIdx: trade.tradeIdx,
      stockCount: 10,
      stockPerPrice: 10_000,
      message: '제안드려요',
    });
    await call(seller, 'POST', `/api/deals/${dealId}/counter`, { stockCount: 10, stockPerPrice: 10_500 });
    await call(buyer, 'POST', `/api/deals/${dealId}/accept`);
    await call(buyer, 'POST', `/api/deals/${dealId}/confirm`);
    for (const text of ['첫 메시지', '두 번째', '세 번째'])
      await call(buyer, 'POST', `/api/conversations/${conversationId}/messages`, { text });
    const kinds = async (m: TestMember) => (await list(m)).data.map((n) => n.kind);
    expect((await kinds(seller)).sort()).toEqual(
      ['DEAL_ACCEPTED', 'DEAL_CONFIRM_ASKED', 'DEAL_MESSAGE', 'DEAL_OFFER', 'FAVORITE_LISTING']
        .filter((k) => k !== 'FAVORITE_LISTING')
        .sort(),
    );
    expect(await kinds(buyer)).toEqual(['DEAL_COUNTER']);
    const message = (await list(seller)).data.find((n) => n.kind === 'DEAL_MESSAGE');
    expect(message).toMatchObject({ body: '세 번째', url: `/messages/${conversationId}` });
    // Read, then a new message: a new notification.
    await call(seller, 'POST', '/api/notifications/read', { all: true });
    await call(buyer, 'POST', `/api/conversations/${conversationId}/messages`, { text: '네 번째' });
    const again = await list(seller);
    expect(again.unreadCount).toBe(1);
    expect(again.data.filter((n) => n.kind === 'DEAL_MESSAGE')).toHaveLength(2);
  });
});

describe('outcomes and security (issue 23 §1)', () => {
  it('a sanction with its end, a report acted on for its reporter, and a password change tell their member', async () => {
    const author = await createMember(t);
    const reporter = await createMember(t);
    const company = await insertCompany(t.db);
    const opinion = await call<{ opinionIdx: number }>(author, 'POST', '/api/opinion', { companyIdx: company, content: '이 회사 좋아요' });
    await call(reporter, 'POST', `/api/accuse/opinion/${opinion.opinionIdx}`, { reason: 5, detail: '' });
    const endsAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    await call(moderator, 'POST', `/api/admin/reports/OPINION/${opinion.opinionIdx}/resolve`, {
      action: 'HIDE',
      sanction: { state: SanctionState.STOP_DEBATE, reason: '허위 정보', endsAt },
      note: '',
    });
    expect((await list(reporter)).data[0]).toMatchObject({
      kind: 'REPORT_OUTCOME',
      body: '운영 정책에 따라 조치했어요. 알려주셔서 고맙습니다.',
    });
    const sanction = (await list(author)).data.find((n) => n.kind === 'SANCTION');
    expect(sanction?.title).toBe('이용 제한: 토론 제한');
    expect(sanction?.body).toContain('허위 정보');
    await call(reporter, 'PUT', '/api/user/password', { password: '새비밀번호 1234' });
    expect((await list(reporter)).data.map((n) => n.kind)).toContain('SECURITY_PASSWORD');
  });

  it('a sign-in from a second device is told; the first and a repeat are not', async () => {
    const member = await createMember(t);
    const started = t.app.services.events;
    const at = t.clock.now();
    for (const device of ['phone', 'phone', 'laptop'])
      await unitOfWork(t.db, (tx) =>
        started.emit(tx, 'session.started', { userId: member.id, deviceKey: device, deviceName: '웹 브라우저', at }),
      );
    const told = (await list(member)).data.filter((n) => n.kind === 'SECURITY_NEW_DEVICE');
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toBe('새 기기에서 로그인했어요');
  });
});

describe('delivery claims (issue 23 §4)', () => {
  it('a delivery a dead process left half-way is taken again once stale; one another attempt holds now comes back later; none twice', async () => {
    const member = await withPhone(await createMember(t));
    const at = new Date();
    const rows = await t.db
      .insertInto('notifications')
      .values(
        ['남은 발송', '잡힌 발송', '새 발송'].map((title, i) => ({
          user_id: member.id,
          kind: 'SECURITY_PASSWORD',
          title,
          body: '본문',
          url: '/myPage',
          dedupe_key: `claims:${member.id}:${i}`,
          created_at: at,
        })),
      )
      .returning('id')
      .execute();
    const [left, held, fresh] = rows.map((r) => Number(r.id)) as [number, number, number];
    const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);
    await t.db
      .insertInto('notification_deliveries')
      .values([
        { notification_id: left, channel: 'app', state: 'SENDING', at: ago(STALE_CLAIM_MS + 30_000) },
        { notification_id: held, channel: 'app', state: 'SENDING', at: ago(1_000) },
      ])
      .execute();
    const states = async () =>
      Object.fromEntries(
        (
          await t.db
            .selectFrom('notification_deliveries')
            .select(['notification_id', 'channel', 'state'])
            .where('notification_id', 'in', [left, held, fresh])
            .execute()
        ).map((d) => [`${d.notification_id}:${d.channel}`, d.state]),
      );
    const deliver = () => t.app.services.notify.deliver({ ids: [left, held, fresh] });

    await expect(deliver()).rejects.toBeInstanceOf(DeliveriesHeldError);
    expect(pushedTo(member.id).sort()).toEqual(['남은 발송', '새 발송']);
    expect(await states()).toMatchObject({
      [`${left}:app`]: 'SENT',
      [`${held}:app`]: 'SENDING',
      [`${fresh}:app`]: 'SENT',
    });
    // No browser subscribed: nothing to claim or send on Web Push.
    expect(Object.keys(await states()).filter((k) => k.endsWith(':webPush'))).toEqual([]);

    // Retried while the claim is still fresh: nothing is sent again.
    await expect(deliver()).rejects.toBeInstanceOf(DeliveriesHeldError);
    expect(pushedTo(member.id)).toHaveLength(2);

    // Its holder died: once stale, the claim is taken and the job completes.
    await t.db
      .updateTable('notification_deliveries')
      .set({ at: ago(STALE_CLAIM_MS + 1_000) })
      .where('notification_id', '=', held)
      .execute();
    await deliver();
    expect(pushedTo(member.id).sort()).toEqual(['남은 발송', '새 발송', '잡힌 발송']);
    await deliver();
    expect(pushedTo(member.id)).toHaveLength(3);
  });
});

describe('the list, read marks and settings (issue 23 §2)', () => {
  it('newest first; read some or all; delete; only one’s own', async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    for (const i of [1, 2, 3])
      await unitOfWork(t.db, (tx) =>
        t.app.services.notify.notifications.notify(tx, {
          userId: member.id,
          kind: 'LISTING_ENDED',
          title: `알림 ${i}`,
          body: '',
          url: '/',
          dedupeKey: `test:${i}`,
        }),
      );
    const page = await list(member);
    expect(page.data.map((n) => n.title)).toEqual(['알림 3', '알림 2', '알림 1']);
    expect(page.unreadCount).toBe(3);
    const [third, second] = page.data;
    expect(await call(member, 'POST', '/api/notifications/read', { ids: [third?.notificationId] })).toEqual({ unreadCount: 2 });
    await expectError(t.app, { method: 'DELETE', url: `/api/notifications/${second?.notificationId}`, headers: other.headers }, 404);
    expect(await call(member, 'DELETE', `/api/notifications/${second?.notificationId}`)).toEqual({ unreadCount: 1 });
    expect(await call(member, 'POST', '/api/notifications/read', { all: true })).toEqual({ unreadCount: 0 });
    await expectError(t.app, { method: 'POST', url: '/api/notifications/read', headers: member.headers, payload: {} }, 400);
    await expectError(t.app, { url: '/api/notifications' }, 401);
  });

  it('a channel switched off for a group is not delivered on it; night consent needs consent to advertising', async () => {
    const member = await withPhone(await createMember(t));
    const settings = await call<NotificationSettings>(member, 'GET', '/api/notifications/settings');
    expect(settings.groups.priceAlerts).toEqual({ site: true, webPush: true, app: true });
    expect(settings).toMatchObject({ marketingFlag: false, nighttimeAlarmFlag: false });
    const saved = await call<NotificationSettings>(member, 'PUT', '/api/notifications/settings', {
      ...settings,
      groups: { ...settings.groups, outcomes: { site: true, webPush: true, app: false } },
      marketingFlag: false,
      nighttimeAlarmFlag: true,
    });
    expect(saved.groups.outcomes.app).toBe(false);
    expect(saved.nighttimeAlarmFlag).toBe(false);
    await unitOfWork(t.db, async (tx) => {
      await t.app.services.notify.notifications.notify(tx, {
        userId: member.id,
        kind: 'LISTING_ENDED',
        title: '끝남',
        body: '',
        url: '/',
        dedupeKey: 'off:1',
      });
      await t.app.services.notify.notifications.notify(tx, {
        userId: member.id,
        kind: 'PRICE_ALERT',
        title: '가격',
        body: '',
        url: '/',
        dedupeKey: 'on:1',
      });
    });
    await drain();
    expect(pushedTo(member.id)).toEqual(['가격']);
    // A retried or second delivery job sends nothing twice.
    const ids = (await list(member)).data.map((n) => n.notificationId);
    await unitOfWork(t.db, (tx) => t.app.services.jobs.send(tx, 'notification.deliver', { ids }));
    await drain();
    expect(pushedTo(member.id)).toEqual(['가격']);
  });
});

describe('campaigns: consent and quiet hours (정보통신망법 §50; issue 23 §3)', () => {
  it('at 22:00 KST reaches only members with both flags; the marketing-only ones at 08:00; others never', async () => {
    const [both, marketingOnly, none] = [await createMember(t), await createMember(t), await createMember(t)];
    await t.db.updateTable('users').set({ marketing_flag: true, nighttime_alarm_flag: true }).where('id', '=', both.id).execute();
    await t.db.updateTable('users').set({ marketing_flag: true, nighttime_alarm_flag: false }).where('id', '=', marketingOnly.id).execute();
    t.clock.set('2026-11-20T13:00:00.000Z'); // 22:00 KST
    const editor = admin;
    const preview = await call<{ consenting: number; now: number; heldUntilMorning: number; title: string; body: string }>(
      editor,
      'GET',
      `/api/admin/campaigns/preview?title=${encodeURIComponent('연말 이벤트')}&body=${encodeURIComponent('수수료 없이 거래하세요')}`,
    );
    expect(preview.title).toBe('(광고) 연말 이벤트');
    expect(preview.body).toBe(`수수료 없이 거래하세요\n${MARKETING_OPT_OUT}`);
    expect(preview.now).toBeGreaterThanOrEqual(1);
    expect(preview.heldUntilMorning).toBeGreaterThanOrEqual(1);
    await call(editor, 'POST', '/api/admin/campaigns', { title: '연말 이벤트', body: '수수료 없이 거래하세요', url: '/event' });
    await drain();
    const marketing = async (m: TestMember) => (await list(m)).data.filter((n) => n.kind === 'MARKETING');
    expect((await marketing(both)).map((n) => n.title)).toEqual(['(광고) 연말 이벤트']);
    expect(await marketing(marketingOnly)).toEqual([]);
    expect(await marketing(none)).toEqual([]);

    t.clock.set('2026-11-20T22:59:00.000Z'); // 07:59 KST: still held
    await t.app.services.notify.campaigns.releaseHeld();
    expect(await marketing(marketingOnly)).toEqual([]);
    t.clock.set('2026-11-20T23:00:00.000Z'); // 08:00 KST
    await t.app.services.notify.campaigns.releaseHeld();
    await drain();
    expect((await marketing(marketingOnly)).map((n) => n.body)).toEqual([`수수료 없이 거래하세요\n${MARKETING_OPT_OUT}`]);
    expect(await marketing(none)).toEqual([]);
    expect((await marketing(both)).length).toBe(1);
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'campaign.send').execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });
});
