import { type AdminMemberRow, formatMonthDayTime, outranks, SanctionState, staffMay } from '@beesang/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { SANCTION_LABEL } from '../shared/sanction-fields';
import { useAdminAction } from '../shared/use-admin-action';
import { revokeSessions } from './members-api';
import { RoleSelect } from './role-select';
import { SanctionHistory } from './sanction-history';
import { LiftSanction, SanctionPanel } from './sanction-panel';

type Panel = 'none' | 'sanction' | 'lift' | 'history';

/** One member: who they are (masked), their sanction, and the tools: sanction, lift, history, sessions, role. */
export function MemberRow({ row: r }: { row: AdminMemberRow }) {
  const viewer = useSession().user;
  const { busy, run } = useAdminAction();
  const [panel, setPanel] = useState<Panel>('none');
  const toggle = (p: Panel) => setPanel((open) => (open === p ? 'none' : p));
  const close = () => setPanel('none');
  const sanctioned = r.sanctionState > SanctionState.NORMAL;
  // The staff hierarchy (issue 21): only a member ranked below the viewer can be sanctioned, signed out or given a role.
  const below = outranks(viewer?.staffRole, r.staffRole) && viewer?.userIdx !== r.userIdx;

  return (
    <li className="rounded-card bg-white p-4 ring-1 ring-line" data-testid="member-row">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">{r.userNickname}</span>
        <span className="num text-sm text-ink-3">회원번호 {r.userIdx}</span>
        {r.staffRole && <span className="rounded-md bg-brand/10 px-1.5 py-0.5 text-xs font-semibold text-brand-hover">{r.staffRole}</span>}
        {sanctioned && (
          <span className="num rounded-md bg-[#fff8e1] px-1.5 py-0.5 text-xs font-semibold text-[#7a5200]">
            {SANCTION_LABEL[r.sanctionState]}
            {r.sanctionEndsAt ? ` · ${formatMonthDayTime(r.sanctionEndsAt)}까지` : ' · 기한 없음'}
          </span>
        )}
        {r.deleted && <span className="text-xs text-ink-3">탈퇴</span>}
        <span className="num ml-auto text-sm text-ink-2">
          {r.phoneMasked} {r.emailMasked && `· ${r.emailMasked}`}
        </span>
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {staffMay(viewer?.staffRole, 'roles') && below && <RoleSelect row={r} />}
        <div className="ml-auto flex flex-wrap justify-end gap-2">
          <Button variant="ghost" size="sm" aria-expanded={panel === 'history'} onClick={() => toggle('history')}>
            제재 이력
          </Button>
          {!r.deleted && !below && (
            <span className="self-center text-sm text-ink-3">
              {viewer?.userIdx === r.userIdx ? '자신의 제재·권한은 다른 관리자가 정합니다.' : '같거나 높은 권한의 운영자입니다.'}
            </span>
          )}
          {!r.deleted && below && (
            <>
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => run('세션 종료', () => revokeSessions(r.userIdx), { done: '모든 로그인을 종료했습니다.' })}
              >
                로그인 모두 종료
              </Button>
              {sanctioned && (
                <Button variant="ghost" size="sm" aria-expanded={panel === 'lift'} onClick={() => toggle('lift')}>
                  제재 해제…
                </Button>
              )}
              <Button variant="ghost" size="sm" aria-expanded={panel === 'sanction'} onClick={() => toggle('sanction')}>
                제재…
              </Button>
            </>
          )}
        </div>
      </div>
      {panel !== 'none' && (
        <div className="mt-3 border-t border-line pt-3">
          {panel === 'sanction' && <SanctionPanel row={r} onDone={close} />}
          {panel === 'lift' && <LiftSanction row={r} onDone={close} />}
          {panel === 'history' && <SanctionHistory userIdx={r.userIdx} />}
        </div>
      )}
    </li>
  );
}
