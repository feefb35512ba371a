import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { TOPICS } from '../lib/invalidation.ts';

/** Tables that per-instance caches are read from, and the topic their owner announces a change on. */
const VIEWED: Record<string, string> = {
  users: TOPICS.session,
  refresh_tokens: TOPICS.session,
  favorites: TOPICS.favorites,
  trades: TOPICS.listings,
  companies: TOPICS.company,
  price_bars: TOPICS.company,
  company_financials: TOPICS.company,
  contents: TOPICS.content,
  reports: TOPICS.member,
  deals: TOPICS.member,
  deal_reviews: TOPICS.member,
  trade_price_marks: TOPICS.member,
  notifications: TOPICS.notifications,
  price_alerts: TOPICS.priceAlerts,
  messages: TOPICS.unreadMessages,
  conversations: TOPICS.unreadMessages,
};

function tableOf(node: RootOperationNode): string | undefined {
  const name = (table: unknown) => (table as { table?: { identifier?: { name?: string } } } | undefined)?.table?.identifier?.name;
  if (node.kind === 'UpdateQueryNode') return name(node.table);
  if (node.kind === 'DeleteQueryNode') return name(node.from.froms[0]);
  if (node.kind === 'InsertQueryNode') return name(node.into);
  return undefined;
}

/**
 * What a test writes straight into the database (a role given, a sanction set, a listing or a price
 * inserted), behind the modules that would announce it, is announced here after it ran (without a
 * key: everything under the topic), as `npm run staff:grant` and `data:import` announce theirs: every
 * instance's caches drop what they hold. Only the
 * tests' own handle (`t.db`) carries this plugin; the app's writes announce themselves, and the tests
 * of that (sessions, sanctions, favourites across instances) go through the app.
 */
export function announceDirectWrites(publish: (topic: string) => void): KyselyPlugin {
  const written = new WeakMap<QueryId, string>();
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      const topic = VIEWED[tableOf(node) ?? ''];
      if (topic) written.set(queryId, topic);
      return node;
    },
    async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const topic = written.get(queryId);
      if (topic) publish(topic);
      return result;
    },
  };
}
