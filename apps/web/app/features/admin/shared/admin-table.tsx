import type { ReactNode } from 'react';
import { ScrollRegion } from '../../../components/ui/scroll-region';

export interface Column {
  label: string;
  align?: 'left' | 'right' | 'center';
  /** Width and visibility classes (e.g. 'w-32'). */
  className?: string;
}

const ALIGN = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

/** A console table: caption for screen readers, column headers, rows scrolling sideways on a tablet. */
export function AdminTable(props: { caption: string; columns: Column[]; children: ReactNode; minWidth?: number; testId?: string }) {
  return (
    <ScrollRegion label={`${props.caption} 표`} className="mt-4 rounded-card bg-white ring-1 ring-line">
      <table className="num w-full text-sm" style={{ minWidth: props.minWidth ?? 720 }} data-testid={props.testId}>
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr className="border-b border-line bg-page/60 text-ink-3">
            {props.columns.map((c) => (
              <th
                key={c.label}
                scope="col"
                className={`px-3 py-2.5 font-medium whitespace-nowrap ${ALIGN[c.align ?? 'left']} ${c.className ?? ''}`}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{props.children}</tbody>
      </table>
    </ScrollRegion>
  );
}

export const TD = 'px-3 py-2.5 align-top';
