import { type Trade, tradeUiMessages as t, tradeMessages } from '@beesang/contract';
import { useState } from 'react';
import { deleteTrade, finishTrade } from '../shared/trade-api';
import { DeleteDialog } from './delete-dialog';
import { FinishDialog } from './finish-dialog';
import { useTradeChange } from './use-trade-change';

/**
 * Finishing and deleting an own listing, wherever it is listed (the order book, 내 매물): the two
 * confirm dialogs, their calls and notices. `onAnswered` hears what the server answered (null:
 * deleted). `run` and `pending` serve the page's other changes (a proof), one at a time.
 */
export function useOwnTradeDialogs(onAnswered?: (trade: Trade, updated: Trade | null) => void) {
  const { pending, run } = useTradeChange();
  const [finishing, setFinishing] = useState<Trade | null>(null);
  const [deleting, setDeleting] = useState<Trade | null>(null);

  const dialogs = (
    <>
      <FinishDialog
        trade={finishing}
        pending={pending}
        onClose={() => setFinishing(null)}
        onConfirm={(price) =>
          finishing &&
          void run(
            () => finishTrade(finishing.tradeIdx, price),
            t.finishTitle,
            tradeMessages.finishDone,
            t.finishFailed,
            (updated) => {
              onAnswered?.(finishing, updated);
              setFinishing(null);
            },
          )
        }
      />
      <DeleteDialog
        trade={deleting}
        pending={pending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          void run(
            () => deleteTrade(deleting.tradeIdx),
            t.deleteTitle,
            tradeMessages.deleteDone,
            t.deleteFailed,
            () => {
              onAnswered?.(deleting, null);
              setDeleting(null);
            },
          )
        }
      />
    </>
  );
  return { pending, run, finish: setFinishing, remove: setDeleting, dialogs };
}
