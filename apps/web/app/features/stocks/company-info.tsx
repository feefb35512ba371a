import { type CompanyInfo, formatDate, formatNumber, SECTOR_TEXT } from '@beesang/contract';
import { Card } from '../../components/ui/card';

export function CompanyInfoCard({ info }: { info: CompanyInfo }) {
  const rows: Array<[string, string]> = [
    ['대표자', info.ceoName || '-'],
    ['설립일', info.foundedOn ? formatDate(`${info.foundedOn}T00:00:00+09:00`) : '-'],
    ['업종', SECTOR_TEXT[info.sector]],
    ['발행주식수', `${formatNumber(info.sharesOutstanding)}주`],
    ['주소', info.address || '-'],
  ];
  return (
    <Card title="기업 정보">
      <p className="leading-relaxed text-ink-2">{info.businessSummary}</p>
      <dl className="mt-4 grid grid-cols-[88px_1fr] gap-x-3 gap-y-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-ink-3">{k}</dt>
            <dd className="num">{v}</dd>
          </div>
        ))}
        <dt className="text-ink-3">홈페이지</dt>
        <dd className="truncate">
          {info.homepageUrl ? (
            <a href={info.homepageUrl} target="_blank" rel="noopener noreferrer nofollow" className="text-brand hover:underline">
              {info.homepageUrl.replace(/^https?:\/\//, '')}
            </a>
          ) : (
            '-'
          )}
        </dd>
      </dl>
    </Card>
  );
}
