import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { Pagination } from '../../../components/ui/pagination';
import { CONTROL } from '../shared/field';
import { EmptyState, LoadFailed } from '../shared/list-state';
import { count, PageHeader } from '../shared/page-header';
import type { Paged } from '../shared/paged';
import type { AdminCompanyRow } from './companies-api';
import { CompanyEditor } from './company-editor';
import { CompanyImport } from './company-import';
import { CompanyTable } from './company-table';

/** 종목: search by name, code or 초성, edit a company in a dialog, and the CSV import below. */
export function CompaniesPage({ query, list }: { query: string; list: Paged<AdminCompanyRow> | null }) {
  const [search, setSearch] = useSearchParams();
  const [text, setText] = useState(query);
  const [editing, setEditing] = useState<AdminCompanyRow | null>(null);
  useEffect(() => setText(query), [query]);

  return (
    <section aria-labelledby="companies-title">
      <PageHeader
        id="companies-title"
        title="종목"
        summary={list ? `${query ? `‘${query}’ 검색 결과` : '전체'} ${count(list.total)}` : '종목 정보를 고치고 CSV로 가져옵니다.'}
        actions={
          <a
            href="#company-import"
            className="inline-flex h-10 items-center rounded-control px-3 text-sm font-semibold text-brand ring-1 ring-line hover:bg-page"
          >
            CSV 가져오기 ↓
          </a>
        }
      />
      <Form onSubmit={() => setSearch(text.trim() ? { query: text.trim() } : {})} className="mt-4 flex gap-2" role="search">
        <label htmlFor="company-query" className="sr-only">
          종목 검색
        </label>
        <input
          id="company-query"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          placeholder="종목명, 코드 또는 초성 (비우면 전체)"
          className={`${CONTROL} h-11 flex-1`}
        />
        <Button type="submit">검색</Button>
      </Form>
      {!list ? (
        <LoadFailed what="종목 목록" />
      ) : list.data.length === 0 ? (
        <EmptyState>{query ? `‘${query}’에 맞는 종목이 없습니다.` : '등록된 종목이 없습니다. 아래에서 CSV로 가져오세요.'}</EmptyState>
      ) : (
        <>
          <CompanyTable rows={list.data} onEdit={setEditing} />
          <Pagination page={list.page} total={list.total} size={list.size} search={search} />
        </>
      )}
      <CompanyImport />
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `${editing.companyName} 수정` : '종목 수정'}
        width={760}
      >
        {editing && <CompanyEditor row={editing} onClose={() => setEditing(null)} />}
      </Modal>
    </section>
  );
}
