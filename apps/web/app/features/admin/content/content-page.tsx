import { CONTENT_KIND_TEXT, type ContentKind } from '@beesang/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Tabs } from '../../../components/ui/tabs';
import { EmptyState, LoadFailed } from '../shared/list-state';
import { count, PageHeader } from '../shared/page-header';
import type { Paged } from '../shared/paged';
import { type AdminContentRow, CONTENT_TABS } from './content-api';
import { ContentEditor } from './content-editor';
import { ContentTable } from './content-table';

/** 콘텐츠: 공지, 이벤트, 뉴스, 시황 — a paged list per kind, and the editor in its place while writing. */
export function ContentPage({ kind, list }: { kind: ContentKind; list: Paged<AdminContentRow> | null }) {
  const [search, setSearch] = useSearchParams();
  const [editing, setEditing] = useState<AdminContentRow | 'new' | null>(null);
  const drafts = list?.data.filter((r) => r.state !== 'LIVE').length ?? 0;

  return (
    <section aria-labelledby="content-title">
      <PageHeader
        id="content-title"
        title="콘텐츠"
        summary={
          list
            ? `${CONTENT_KIND_TEXT[kind]} 전체 ${count(list.total)}${drafts ? ` · 이 페이지의 임시저장·예약 ${count(drafts)}` : ''}`
            : CONTENT_KIND_TEXT[kind]
        }
        actions={
          editing === null && (
            <Button size="control" onClick={() => setEditing('new')}>
              새 {CONTENT_TABS.find((t) => t.value === kind)?.label} 쓰기
            </Button>
          )
        }
      />
      <Tabs
        label="콘텐츠 종류"
        className="mt-4"
        items={CONTENT_TABS}
        value={kind}
        onChange={(next) => {
          setEditing(null);
          setSearch({ kind: next });
        }}
      >
        {editing !== null ? (
          <ContentEditor
            key={editing === 'new' ? 'new' : editing.id}
            kind={kind}
            row={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        ) : !list ? (
          <LoadFailed what={`${CONTENT_KIND_TEXT[kind]} 목록`} />
        ) : list.data.length === 0 ? (
          <EmptyState>
            {list.page > 1
              ? '이 페이지에는 글이 없습니다.'
              : `아직 ${CONTENT_KIND_TEXT[kind]} 글이 없습니다. ‘새 ${CONTENT_TABS.find((t) => t.value === kind)?.label} 쓰기’로 시작하세요.`}
          </EmptyState>
        ) : (
          <>
            <ContentTable kind={kind} rows={list.data} onEdit={setEditing} />
            <Pagination page={list.page} total={list.total} size={list.size} search={search} />
          </>
        )}
      </Tabs>
    </section>
  );
}
