import { formatDateTime } from '@beesang/contract';

/** The audit log's action codes as operators read them; an unknown code shows as itself. */
const ACTION_TEXT: Record<string, string> = {
  'member.sanction': '회원 제재',
  'member.role': '권한 변경',
  'member.sessions.revoke': '로그인 종료',
  'member.view': '회원 정보 조회',
  'members.search': '회원 검색',
  'access-log.view': '조회 기록 열람',
  'report.hide': '신고 숨김',
  'report.dismiss': '신고 기각',
  'conversation.read': '신고된 대화 열람',
  'trade.proof': '매물 인증 결정',
  'trade.top-fix': '상단 고정',
  'trade.top-fix.remove': '상단 고정 해제',
  'company.price': '운영자 가격 입력 (즉시 반영, 이전 방식)',
  'company.price.enter': '운영자 가격 입력 (승인 대기)',
  'company.price.approve': '운영자 가격 승인',
  'company.price.reject': '운영자 가격 반려',
  'company.update': '종목 수정',
  'company.import': '종목 가져오기',
  'content.create': '콘텐츠 작성',
  'content.update': '콘텐츠 수정',
  'content.delete': '콘텐츠 삭제',
};
export const AUDIT_ACTIONS = Object.keys(ACTION_TEXT);
export const actionText = (code: string) => ACTION_TEXT[code] ?? code;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const valueText = (v: unknown) => (typeof v === 'string' ? (ISO.test(v) ? formatDateTime(v) : v) : JSON.stringify(v));

/** The stored JSON detail as 'key: value · key: value' (instants in Seoul time); anything else as it is. */
export function detailText(detail: string): string {
  try {
    const value: unknown = JSON.parse(detail);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const parts = Object.entries(value).map(([k, v]) => `${k}: ${valueText(v)}`);
      return parts.join(' · ') || '–';
    }
  } catch {
    // Not JSON: shown verbatim.
  }
  return detail || '–';
}
