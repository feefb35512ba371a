import type { AdminMemberRow } from '@beesang/contract';
import { useEffect, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { Pagination } from '../../../components/ui/pagination';
import { CONTROL } from '../shared/field';
import { EmptyState, LoadFailed } from '../shared/list-state';
import { count, PageHeader } from '../shared/page-header';
import type { Paged } from '../shared/paged';
import { MemberRow } from './member-row';

/** 회원: search (masked) by nickname, number, e-mail or phone's last four; each member's tools in its row. */
export function MemberSearch(props: { query: string; result: Paged<AdminMemberRow> | null }) {
  const { result } = props;
  const [search, setSearch] = useSearchParams();
  const navigation = useNavigation();
  const [text, setText] = useState(props.query);
  useEffect(() => setText(props.query), [props.query]);
  const searching = navigation.state === 'loading' && navigation.location.pathname.endsWith('/members');

  return (
    <section aria-labelledby="members-title">
      <PageHeader
        id="members-title"
        title="회원"
        summary={result ? `검색 결과 ${count(result.total)}` : '회원을 찾아 제재·로그인 종료·권한을 관리합니다.'}
      />
      <Form onSubmit={() => text.trim() && setSearch({ query: text.trim() })} className="mt-4 flex gap-2" role="search">
        <label htmlFor="member-query" className="sr-only">
          회원 검색
        </label>
        <input
          id="member-query"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="닉네임, 회원번호, 이메일 또는 휴대폰 뒤 4자리"
          className={`${CONTROL} h-11 flex-1`}
        />
        <Button type="submit" disabled={searching || !text.trim()}>
          {searching ? '검색 중…' : '검색'}
        </Button>
      </Form>
      {!props.query ? (
        <EmptyState>닉네임, 회원번호, 이메일 또는 휴대폰 뒤 4자리로 회원을 찾으세요.</EmptyState>
      ) : !result ? (
        <LoadFailed what="회원 검색 결과" />
      ) : result.data.length === 0 ? (
        <EmptyState hint="닉네임 일부, 회원번호, 이메일 앞부분 또는 휴대폰 뒤 4자리로 찾을 수 있습니다.">
          ‘{props.query}’에 해당하는 회원이 없습니다.
        </EmptyState>
      ) : (
        <ul className="mt-4 space-y-3">
          {result.data.map((r) => (
            <MemberRow key={r.userIdx} row={r} />
          ))}
        </ul>
      )}
      {result && <Pagination page={result.page} total={result.total} size={result.size} search={search} />}
    </section>
  );
}
