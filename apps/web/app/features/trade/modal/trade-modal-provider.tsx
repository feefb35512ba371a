import { type Trade, TradeType, tradeMessages } from '@beesang/contract';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useNotify } from '../../../lib/notify';
import { onDemand } from '../../../lib/on-demand';
import { useSession } from '../../../lib/session';
import { tradeStopped } from '../shared/sanction';
import { createDraft, editDraft, emptyDraft, type TradeCompany, type TradeDraft } from '../shared/trade-draft';

// The modal (company search, amounts, proof upload, the contract's limits) is fetched when first
// opened; the header and the stock page preload it on pointerenter/focus of their register buttons.
const tradeModal = onDemand(() => import('./trade-modal').then((m) => m.TradeModal), { shown: (p) => p.open });

/** Fetches the trade modal's code ahead of need (pointerenter/focus of a register button). */
export const preloadTradeModal = tradeModal.preload;

interface TradeModalApi {
  /**
   * The register button (spec §4): a visitor gets the login dialog, a member under STOP_TRADE
   * the reason (the server would refuse the listing), a COMMON member the verification dialog,
   * a REGULAR member the modal, pre-filled for `company` when given and otherwise for the company
   * kept from last time.
   */
  register(company?: TradeCompany | null): void;
  /** Opens an own listing for edit (STOP_TRADE gets the reason instead): count, price and flags editable, company and side locked. */
  edit(trade: Trade, company: TradeCompany): void;
}

const TradeModalContext = createContext<TradeModalApi | null>(null);

export function useTradeModal(): TradeModalApi {
  const api = useContext(TradeModalContext);
  if (!api) throw new Error('TradeModalProvider missing');
  return api;
}

/** Hosts the one trade modal of the app, so the header and the stock page open the same draft. */
export function TradeModalProvider({ children }: { children: ReactNode }) {
  const { user, requireVerified } = useSession();
  const { notify } = useNotify();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<TradeDraft>(() => emptyDraft());

  const api = useMemo<TradeModalApi>(() => {
    const stopped = tradeStopped(user);
    const refuse = (title: string) => notify('warning', title, tradeMessages.sanctionStopTrade);
    return {
      register: (company) => {
        if (stopped) return refuse(tradeMessages.registerTitle);
        // The member may turn up only now (pressed while the page was reading them): their ban counts too.
        requireVerified((member) => {
          if (tradeStopped(member)) return refuse(tradeMessages.registerTitle);
          setDraft((d) => createDraft(company ?? d.company));
          setOpen(true);
        });
      },
      edit: (trade, company) => {
        if (stopped) return refuse(trade.tradeType === TradeType.BUY ? tradeMessages.editBuyTitle : tradeMessages.editSellTitle);
        setDraft(editDraft(trade, company));
        setOpen(true);
      },
    };
  }, [user, requireVerified, notify]);

  // Spec §4: closing resets the draft to its defaults but keeps the company.
  const close = useCallback(() => {
    setOpen(false);
    setDraft((d) => emptyDraft(d.company));
  }, []);

  const change = useCallback((patch: Partial<TradeDraft> | ((d: TradeDraft) => Partial<TradeDraft>)) => {
    setDraft((d) => ({ ...d, ...(typeof patch === 'function' ? patch(d) : patch) }));
  }, []);

  // Spec §4: success closes the modal and refreshes the listings (and the profile) of the page.
  const done = useCallback(() => {
    close();
    void revalidator.revalidate();
  }, [close, revalidator]);

  return (
    <TradeModalContext.Provider value={api}>
      {children}
      <tradeModal.Component open={open} draft={draft} onChange={change} onClose={close} onDone={done} />
    </TradeModalContext.Provider>
  );
}
