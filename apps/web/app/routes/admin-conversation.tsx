import { Link } from 'react-router';
import { ConversationReading } from '../features/admin/conversations/conversation-reading';
import { refusalOf } from '../features/admin/conversations/refusal';
import { AreaGate } from '../features/admin/shared/area-gate';
import { EmptyState, LoadFailed } from '../features/admin/shared/list-state';
import { memberRead } from '../lib/server-context';
import type { Route } from './+types/admin-conversation';

/**
 * A reported conversation (issue 22 §4). Every run of this loader is a reading the API writes to the
 * audit log, so nothing here reads ahead: the queue's link does not prefetch, and nothing on the page
 * asks for it again except 다시 시도 after a failure.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const refused = { message: null as string | null };
  const conversation = await memberRead(
    context,
    request,
    (reads) =>
      reads.adminConversation(Number(params.id)).catch((error: unknown) => {
        refused.message = refusalOf(error);
        throw error;
      }),
    'the reported conversation',
  );
  return { conversation, refusal: refused.message };
}

export default function AdminConversation({ loaderData }: Route.ComponentProps) {
  const { conversation, refusal } = loaderData;
  return (
    <AreaGate area="reports">
      {conversation ? (
        <ConversationReading conversation={conversation} />
      ) : refusal ? (
        <>
          <h1 className="text-xl font-bold">신고된 대화</h1>
          <EmptyState
            action={
              <Link to="/admin/reports" className="text-sm font-semibold text-brand hover:underline">
                신고 목록으로
              </Link>
            }
          >
            {refusal}
          </EmptyState>
        </>
      ) : (
        <LoadFailed what="신고된 대화" title="신고된 대화" />
      )}
    </AreaGate>
  );
}
