/**
 * Scam signals a member can see (issue 10 §6): the phrases the FSS (금융감독원) warns unlisted-stock
 * scams use, phone numbers and messenger / open-chat links, which move a conversation off the site
 * where nobody can see it. One list, here; text with any of them is shown with a caution line and
 * queued for operators. Matching ignores spaces, so '원 금 보 장' is '원금보장'.
 */
export const SCAM_PHRASES = [
  '상장임박',
  '상장확정',
  '상장예정확정',
  '원금보장',
  '원금보전',
  '손실보전',
  '손실보장',
  '확정수익',
  '수익보장',
  '무조건수익',
  '고수익보장',
  '100%수익',
  '따상확정',
  '내부정보',
  '리딩방',
  '선착순마감',
  '공모가보장',
  '재매입보장',
  '바이백보장',
] as const;

export const SCAM_CAUTION = '투자 사기 주의: 외부 연락을 유도하는 글일 수 있어요';

export type ScamSignalKind = 'PHRASE' | 'PHONE' | 'OPEN_CHAT' | 'ACCOUNT';
export interface ScamSignal {
  kind: ScamSignalKind;
  /** What matched, as written (a phrase of the list, the number, the link). */
  match: string;
}

/**
 * Korean phone numbers: mobile (010-1234-5678, 010 1234 5678, 01012345678, +82 10-…), Seoul and
 * area codes (02-123-4567, 031-123-4567) and 1588-style numbers. Prices (10,000,000), dates
 * (2026-11-25) and share counts have other shapes: no 0-prefixed area code, or commas.
 */
const PHONE =
  /(?<![\d,.])(?:(?:\+82[\s-]?|0)1[016789][\s.-]?\d{3,4}[\s.-]?\d{4}|0(?:2|[3-6][1-5])[\s.-]?\d{3,4}[\s.-]?\d{4}|1[5-9]\d{2}-\d{4})(?![\d,.])/u;

/** Messenger and open-chat links, and the usual ways of asking to move to one. */
const OPEN_CHAT =
  /(?:open\.kakao\.com|pf\.kakao\.com|qr\.kakao\.com|t\.me\/|telegram\.me|band\.us|line\.me|wa\.me|오픈\s*채팅|오픈톡|카톡\s*(?:아이디|id|주세요|문의|친추|으로\s*연락)|텔레그램|텔레\s*(?:아이디|문의)|(?:카카오톡|카톡)\s*[:：]?\s*[a-z0-9_.-]{4,})/iu;

/**
 * Bank account numbers, the way a "pay first" request gives them (issue 22 §4): a bank's name or
 * 계좌 followed by 10–14 digits, or digits grouped with hyphens as banks print them
 * (110-123-456789, 1002-123-456789, 123-456789-01-012). Phone numbers, dates and prices have other
 * shapes and are left to the other patterns.
 */
const ACCOUNT =
  /(?:(?:은행|뱅크|농협|신협|수협|우체국|새마을금고|카카오뱅크|토스뱅크|케이뱅크|계좌|입금)[^\d\n]{0,8}\d(?:[\d\s-]{8,18})\d)|(?<![\d,.-])\d{3,6}-\d{2,6}-\d{4,8}(?:-\d{1,3})?(?![\d,.-])/u;

/** How many digits a matched number holds (an account has 10 to 14). */
const digitCount = (s: string) => s.replace(/\D/g, '').length;

export function scamSignals(text: string): ScamSignal[] {
  const signals: ScamSignal[] = [];
  const squeezed = text.replace(/\s+/g, '').toLowerCase();
  for (const phrase of SCAM_PHRASES) if (squeezed.includes(phrase.toLowerCase())) signals.push({ kind: 'PHRASE', match: phrase });
  const phone = PHONE.exec(text);
  if (phone) signals.push({ kind: 'PHONE', match: phone[0] });
  const chat = OPEN_CHAT.exec(text);
  if (chat) signals.push({ kind: 'OPEN_CHAT', match: chat[0] });
  const account = ACCOUNT.exec(text);
  if (
    account &&
    !(phone && (account[0].includes(phone[0]) || phone[0].includes(account[0]))) &&
    digitCount(account[0]) >= 10 &&
    digitCount(account[0]) <= 16
  )
    signals.push({ kind: 'ACCOUNT', match: account[0] });
  return signals;
}

export const hasScamSignals = (text: string | null | undefined): boolean => Boolean(text) && scamSignals(text as string).length > 0;

/** Broker pattern (decision 0007): listings on this many distinct companies within the window queue the member for review. */
export const BROKER_PATTERN_COMPANIES = 5;
export const BROKER_PATTERN_WINDOW_MS = 10 * 60_000;
