import { formatPrice } from '@beesang/contract';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { EmptyState, LoadFailed } from '../shared/list-state';
import { count, PageHeader } from '../shared/page-header';
import type { Paged } from '../shared/paged';
import { CompanyLookup } from './company-lookup';
import { currentPriceText, ManualPriceForm, type PricedCompany } from './manual-price-form';
import { PendingPrices } from './pending-prices';
import { PriceReviewTable } from './price-review-table';
import type { PriceEntry, PriceReviewRow } from './prices-api';

/** 가격 검토: finishes the price rule left out, and the operator's own price for a company. */
export function PriceReview({ review, entries }: { review: Paged<PriceReviewRow> | null; entries: Paged<PriceEntry> | null }) {
  const [search] = useSearchParams();
  const [company, setCompany] = useState<PricedCompany | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const choose = (c: PricedCompany) => {
    setCompany(c);
    formRef.current?.scrollIntoView?.({ block: 'nearest' });
    requestAnimationFrame(() => formRef.current?.querySelector('input')?.focus());
  };

  const summary = review
    ? `반영되지 않은 체결 ${count(review.total)} · 최신 순`
    : '가격 규칙(결정 0006)에 따라 현재가에 반영되지 않은 체결입니다.';
  return (
    <section aria-labelledby="prices-title" className="space-y-4">
      <PageHeader id="prices-title" title="가격 검토" summary={summary} />
      <section aria-labelledby="price-entries-title">
        <h2 id="price-entries-title" className="text-lg font-bold">
          승인 대기 가격{entries && entries.total > 0 ? ` ${count(entries.total)}` : ''}
        </h2>
        <p className="mt-1 text-sm text-ink-2">운영자가 입력한 가격은 다른 운영자가 승인해야 현재가에 반영됩니다.</p>
        <PendingPrices entries={entries} />
      </section>
      <div ref={formRef} className="scroll-mt-24">
        <Card title="운영자 가격 입력">
          <div className="grid gap-4 lg:grid-cols-[280px_minmax(0,1fr)]">
            <CompanyLookup onChoose={(c) => choose({ ...c, context: currentPriceText(c) })} />
            {company ? (
              <div>
                <h3 className="mb-1 text-sm font-semibold text-ink-2">선택한 종목</h3>
                <p className="font-bold">{company.companyName}</p>
                <div className="mt-2">
                  <ManualPriceForm key={company.companyIdx} company={company} />
                </div>
              </div>
            ) : (
              <p className="self-center rounded-control bg-page p-4 text-sm text-ink-3">
                종목을 찾거나 아래 목록의 ‘가격 입력’을 누르면 그 종목의 가격을 직접 정할 수 있습니다.
              </p>
            )}
          </div>
        </Card>
      </div>
      {!review ? (
        <LoadFailed what="가격 검토 목록" />
      ) : review.data.length === 0 ? (
        <EmptyState>{review.page > 1 ? '이 페이지에는 검토할 체결이 없습니다.' : '가격에서 제외된 체결이 없습니다.'}</EmptyState>
      ) : (
        <PriceReviewTable
          rows={review.data}
          onPrice={(r) =>
            choose({
              companyIdx: r.companyIdx,
              companyName: r.companyName,
              context:
                r.basis > 0 ? `검토한 체결의 기준가 ${formatPrice(r.basis)}` : '기준가가 없는 종목입니다. 입력한 가격이 첫 기준이 됩니다.',
            })
          }
        />
      )}
      {review && <Pagination page={review.page} total={review.total} size={review.size} search={search} />}
    </section>
  );
}
