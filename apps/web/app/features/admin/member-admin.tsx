import { type AdminMemberRow, formatMonthDayTime } from '@beesang/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ApiError, endsSession } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { revokeSessions, sanctionMember, searchMembers } from './admin-api';
import { emptySanction, SANCTION_LABEL, SanctionFields, sanctionBody } from './sanction-fields';

/** 회원: search (masked), and for one member a sanction with its length, or the end of every session. */
export function MemberAdmin() {
  const { notify } = useNotify();
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<AdminMemberRow[] | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (title: string, error: unknown) => {
    if (!endsSession(error)) notify('error', title, error instanceof ApiError ? error.message : '처리하지 못했습니다.');
  };

  async function search(e?: FormEvent) {
    e?.preventDefault();
    if (!query.trim() || busy) return;
    setBusy(true);
    try {
      setRows((await searchMembers(query.trim())).data);
    } catch (error) {
      fail('회원 검색', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="members-title">
      <h1 id="members-title" className="text-xl font-bold">
        회원
      </h1>
      <form onSubmit={search} className="mt-4 flex gap-2" role="search">
        <label htmlFor="member-query" className="sr-only">
          회원 검색
        </label>
        <input
          id="member-query"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="닉네임, 회원번호, 이메일 또는 휴대폰 뒤 4자리"
          className="h-11 min-w-0 flex-1 rounded-control border border-line bg-white px-3 focus:border-brand"
        />
        <Button type="submit" disabled={busy || !query.trim()}>
          검색
        </Button>
      </form>
      {rows !== null &&
        (rows.length === 0 ? (
          <p className="mt-6 rounded-card bg-white p-8 text-center text-ink-3 ring-1 ring-line">찾는 회원이 없습니다.</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {rows.map((r) => (
              <MemberRow key={r.userIdx} row={r} onChanged={search} onError={fail} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function MemberRow(props: { row: AdminMemberRow; onChanged(): void; onError(title: string, error: unknown): void }) {
  const { row: r } = props;
  const { notify } = useNotify();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(emptySanction);
  const [busy, setBusy] = useState(false);

  async function run(title: string, work: () => Promise<unknown>, done: string) {
    if (busy) return;
    setBusy(true);
    try {
      await work();
      notify('success', title, done);
      setOpen(false);
      props.onChanged();
    } catch (error) {
      props.onError(title, error);
    } finally {
      setBusy(false);
    }
  }

  const sanction = () => {
    if (!draft.reason.trim()) return notify('warning', '회원 제재', '제재 사유를 입력해주세요.');
    return run(
      '회원 제재',
      () => sanctionMember(r.userIdx, sanctionBody(draft, Date.now())),
      `${r.userNickname}님: ${SANCTION_LABEL[draft.state]}`,
    );
  };

  return (
    <li className="rounded-card bg-white p-4 ring-1 ring-line" data-testid="member-row">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">{r.userNickname}</span>
        <span className="num text-sm text-ink-3">회원번호 {r.userIdx}</span>
        {r.staffRole && <span className="rounded-md bg-brand/10 px-1.5 py-0.5 text-xs font-semibold text-brand-hover">{r.staffRole}</span>}
        {r.sanctionState > 0 && (
          <span className="rounded-md bg-[#fff8e1] px-1.5 py-0.5 text-xs font-semibold text-[#7a5200]">
            {SANCTION_LABEL[r.sanctionState]}
            {r.sanctionEndsAt && ` · ${formatMonthDayTime(r.sanctionEndsAt)}까지`}
          </span>
        )}
        {r.deleted && <span className="text-xs text-ink-3">탈퇴</span>}
        <span className="num ml-auto text-sm text-ink-2">
          {r.phoneMasked} {r.emailMasked && `· ${r.emailMasked}`}
        </span>
      </div>
      {!r.deleted && (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <Button
            variant="ghost"
            className="h-9 px-3 text-sm"
            disabled={busy}
            onClick={() => run('세션 종료', () => revokeSessions(r.userIdx), '모든 로그인을 종료했습니다.')}
          >
            로그인 모두 종료
          </Button>
          <Button variant="ghost" className="h-9 px-3 text-sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            제재…
          </Button>
        </div>
      )}
      {open && (
        <div className="mt-3 border-t border-line pt-3">
          <SanctionFields value={draft} onChange={setDraft} allowLift />
          <div className="mt-3 flex justify-end">
            <Button className="h-10" disabled={busy} onClick={sanction}>
              적용
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
