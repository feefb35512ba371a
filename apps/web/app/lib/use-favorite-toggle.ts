import { messages, tradeMessages } from '@beesang/contract';
import { useCallback } from 'react';
import { ApiError, apiFetch } from './api-client';
import { useNotify } from './notify';
import { useSession } from './session';

export const addFavoritePath = (companyIdx: number) => `/api/stock/add/favorite/stock/${companyIdx}`;
export const deleteFavoritePath = (companyIdx: number) => `/api/stock/delete/favorite/stock/${companyIdx}`;

/**
 * Spec §4 "Favourite toggle", shared by the side panel, the header search and the favourites
 * page: a visitor gets the login dialog (null); a member (waited for while a shared page reads
 * them) adds or removes depending on the current flag, sees '관심종목 추가' / '관심종목 삭제' with
 * '성공' or '실패', and gets the new flag back (unchanged on failure). Refetching the profile is the
 * caller's part.
 */
export function useFavoriteToggle(): (companyIdx: number, isFavorite: boolean) => Promise<boolean | null> {
  const { isLoggedIn, whenMember } = useSession();
  const { notify } = useNotify();
  return useCallback(
    async (companyIdx: number, isFavorite: boolean) => {
      // A visitor gets the login dialog. Pressed while a shared page still reads its member (decision
      // 0030), the press waits for them: the star they pressed goes on (adding twice is no error).
      if (!isLoggedIn && !(await memberHere(whenMember))) return null;
      const title = isFavorite ? tradeMessages.favoriteRemoveTitle : tradeMessages.favoriteAddTitle;
      try {
        if (isFavorite) await apiFetch<boolean>(deleteFavoritePath(companyIdx), { method: 'DELETE' });
        else await apiFetch<boolean>(addFavoritePath(companyIdx), { method: 'POST', body: '{}' });
        notify('success', title, tradeMessages.favoriteSuccess);
        return !isFavorite;
      } catch (error) {
        // A lost session already warned and went home (api-client); a second notice would only stack.
        if (!(error instanceof ApiError && error.status === 401)) notify('error', title, failureText(error));
        return isFavorite;
      }
    },
    [isLoggedIn, whenMember, notify],
  );
}

/** Whether there is a member, now or once the page has read them; false: the login dialog is open. */
function memberHere(whenMember: ReturnType<typeof useSession>['whenMember']): Promise<boolean> {
  return new Promise((resolve) =>
    whenMember(
      () => resolve(true),
      () => resolve(false),
    ),
  );
}

/** '실패', plus the server's reason when it gave one a member can act on (the 100-favourite limit, say). */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message && error.message !== messages.serverError)
    return `${tradeMessages.favoriteFailed} · ${error.message}`;
  return tradeMessages.favoriteFailed;
}
