import type { Db } from '../db/database.ts';

/**
 * What a module announces for others to react to (issue 23; CONVENTIONS 13): the owner of a change
 * says it once, inside the change's transaction, and whoever listens (the notification module)
 * writes its consequences in the same transaction: both or neither. A listener that fails fails the
 * change, so listeners only write rows and queue jobs; slow work belongs in a job.
 *
 *   events.on('price.changed', (tx, e) => alerts.queue(tx, e));   // app.ts wires listeners
 *   await events.emit(tx, 'price.changed', { companyId, price });  // the owner, in its transaction
 */
export interface DomainEvents {
  'price.changed': { companyId: number; price: number; previous: number; at: Date };
  'listing.posted': { tradeId: number; companyId: number; userId: number; tradeType: number; price: number; count: number };
  'listing.ended': { tradeId: number; companyId: number; userId: number; reason: 'EXPIRED' | 'FINISHED' | 'SOLD' };
  'proof.decided': { tradeId: number; companyId: number; userId: number; status: number; note: string };
  'report.resolved': { kind: 'trade' | 'opinion' | 'conversation'; targetId: number; upheld: boolean; reporterIds: number[] };
  'expert.decided': { userId: number; approved: boolean; reason: string };
  'sanction.applied': { userId: number; state: number; endsAt: Date | null; reason: string };
  'deal.offered': { dealId: number; conversationId: number; to: number; from: number; count: number; price: number; companyName: string };
  'deal.countered': { dealId: number; conversationId: number; to: number; from: number; count: number; price: number; companyName: string };
  'deal.accepted': { dealId: number; conversationId: number; to: number; from: number; count: number; price: number; companyName: string };
  'deal.confirmed-by-one': { dealId: number; conversationId: number; to: number; from: number; companyName: string };
  'message.posted': { conversationId: number; messageId: number; to: number; from: number; text: string };
  'session.started': { userId: number; deviceKey: string; deviceName: string; at: Date };
  'password.changed': { userId: number; at: Date };
}
export type DomainEventName = keyof DomainEvents;
export type DomainListener<K extends DomainEventName> = (tx: Db, event: DomainEvents[K]) => Promise<void>;

export interface DomainEventBus {
  on<K extends DomainEventName>(name: K, listener: DomainListener<K>): void;
  emit<K extends DomainEventName>(tx: Db, name: K, event: DomainEvents[K]): Promise<void>;
}

export function createDomainEvents(): DomainEventBus {
  const listeners = new Map<DomainEventName, Array<DomainListener<DomainEventName>>>();
  return {
    on(name, listener) {
      const list = listeners.get(name) ?? [];
      list.push(listener as DomainListener<DomainEventName>);
      listeners.set(name, list);
    },
    async emit(tx, name, event) {
      for (const listener of listeners.get(name) ?? []) await listener(tx, event);
    },
  };
}
