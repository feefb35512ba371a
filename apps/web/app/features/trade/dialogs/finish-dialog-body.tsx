import { listingAmountProblem, type Trade, tradeUiMessages as t, tradeMessages } from '@beesang/contract';
import { useEffect, useState } from 'react';
import { AmountField } from '../../../components/ui/amount-field';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TradeSummary } from './trade-summary';

/**
 * 거래완료: asks for the agreed price per share (the listing's price to start with), and says that a
 * finish declared alone stays the owner's record and never moves the price (issue 22). Loaded by
 * finish-dialog.tsx when needed.
 */
export function FinishDialogBody(props: { trade: Trade | null; pending: boolean; onClose(): void; onConfirm(price: number): void }) {
  const { trade, pending, onClose, onConfirm } = props;
  const [price, setPrice] = useState('');
  useEffect(() => setPrice(trade ? String(trade.stockPerPrice) : ''), [trade]);
  if (!trade) return null;
  const tooHigh = price !== '' && listingAmountProblem(1, Number(price)) === 'priceTooHigh';
  const ready = price !== '' && price !== '0' && !tooHigh;
  return (
    <Modal open onClose={onClose} title={t.finishTitle} width={375}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && !pending) onConfirm(Number(price));
        }}
        className="space-y-5"
      >
        <TradeSummary trade={trade} />
        <section aria-labelledby="finish-alone-note" className="rounded-control bg-page px-3.5 py-3">
          <h3 id="finish-alone-note" className="text-[13px] font-semibold text-ink-2">
            {t.finishAloneNoteTitle}
          </h3>
          <p className="mt-1 text-xs leading-relaxed text-ink-3">{t.finishAloneNote}</p>
        </section>
        <AmountField
          label={t.finishPriceLabel}
          suffix={tradeMessages.wonSuffix}
          value={price}
          onChange={setPrice}
          hint={t.finishHelp}
          warning={tooHigh ? tradeMessages.priceTooHigh : undefined}
          accent="text-brand"
        />
        <div className="grid grid-cols-2 gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={!ready || pending}>
            {pending ? t.submitting : t.finishConfirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
