import { type StaffArea, staffMay } from '@beesang/contract';
import type { ReactNode } from 'react';
import { useSession } from '../../../lib/session';

const WHO: Record<StaffArea, string> = {
  members: '운영(MODERATOR) 권한',
  reports: '운영(MODERATOR) 권한',
  proofs: '운영(MODERATOR) 권한',
  experts: '운영(MODERATOR) 권한',
  sanctions: '운영(MODERATOR) 권한',
  topFix: '운영(MODERATOR) 권한',
  prices: '운영(MODERATOR) 권한',
  content: '편집(EDITOR) 권한',
  companies: '편집(EDITOR) 권한',
  audit: '관리자(ADMIN) 권한',
  roles: '관리자(ADMIN) 권한',
};

/** A section for the roles that may use it; others reaching its URL read why not. */
export function AreaGate({ area, children }: { area: StaffArea; children: ReactNode }) {
  const role = useSession().user?.staffRole ?? null;
  if (staffMay(role, area)) return children;
  return (
    <p role="alert" className="rounded-card bg-white p-8 text-center text-ink-2 ring-1 ring-line">
      이 메뉴는 {WHO[area]}이 있어야 이용할 수 있습니다.
    </p>
  );
}
