import { messages, tradeMessages } from '@beesang/contract';
import { useCallback } from 'react';
import { ApiError, apiFetch } from './api-client';
import { useNotify } from './notify';
import { useSession } from './session';

export const addFavoritePath = (companyIdx: number) => `/api/stock/add/favorite/stock/${companyIdx}`;
export const deleteFavoritePath = (companyIdx: number) => `/api/stock/delete/favorite/stock/${companyIdx}`;

/**
 * Spec §4 "Favourite toggle", shared by the side panel, the header search and the favourites
 * page: a visitor gets the login dialog (null); a member adds or removes depending on the current
 * flag, sees '관심종목 추가' / '관심종목 삭제' with '성공' or '실패', and gets the new flag back
 * (unchanged on failure). Refetching the profile is the caller's part.
 */
export function useFavoriteToggle(): (companyIdx: number, isFavorite: boolean) => Promise<boolean | null> {
  const { isLoggedIn, openLoginDialog } = useSession();
  const { notify } = useNotify();
  return useCallback(
    async (companyIdx: number, isFavorite: boolean) => {
      if (!isLoggedIn) {
        openLoginDialog();
        return null;
      }
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
    [isLoggedIn, openLoginDialog, notify],
  );
}

/** '실패', plus the server's reason when it gave one a member can act on (the 100-favourite limit, say). */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message && error.message !== messages.serverError)
    return `${tradeMessages.favoriteFailed} · ${error.message}`;
  return tradeMessages.favoriteFailed;
}
