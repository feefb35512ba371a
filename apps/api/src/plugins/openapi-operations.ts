/**
 * Who may call each operation of the API document, and the operationId a generated client names it
 * by (the mobile app is built from /api/docs/json, so an id is part of its source: renaming one
 * breaks that build). Keyed by `METHOD /path` as the document writes it; when a route's path
 * changes, its entry moves with it and keeps its id.
 *
 * - public: anyone; the answer is the same for every caller.
 * - optional: anyone; a signed-in member's answer says more (their favourites, their own listings).
 * - member: a signed-in member (requireMember: 401 without a valid token, 403 when suspended).
 * - staff: a member with an operator role for the area (requireStaff: 401, then 403).
 *
 * A route missing here is documented as member-only under a derived id, never as public, and
 * plugins/openapi.test.ts fails until it is added: that test calls every documented operation as a
 * visitor and as a member and checks the access written here against what the route does. (An
 * entry whose route is gone changes nothing; remove it when you see one.)
 */
export type Access = 'public' | 'optional' | 'member' | 'staff';

export interface OperationInfo {
  id: string;
  access: Access;
}

const op = (id: string, access: Access): OperationInfo => ({ id, access });

export const OPERATIONS: Readonly<Record<string, OperationInfo>> = {
  // stock
  'GET /api/v2/stock/search/{keyword}': op('searchStocks', 'optional'),
  'GET /api/v2/stock/ranking-list': op('getRanking', 'public'),
  'GET /api/v2/stock/ranking-list/{period}': op('getRankingByPeriod', 'public'),
  'GET /api/v2/stock/ranking-list/{period}/{count}': op('getRankingByPeriodAndCount', 'public'),
  'GET /api/v2/stock/list': op('listStocks', 'public'),
  'GET /api/v2/stock/company/info/{id}': op('getCompanyInfo', 'public'),
  'GET /api/v2/stock/profile/{id}': op('getStockProfile', 'optional'),
  'GET /api/v2/stock/company/financial/{id}': op('getCompanyFinancials', 'public'),
  'GET /api/stock/chart/{id}': op('getStockChart', 'public'),
  'GET /api/stock/finance/total/chart/{id}': op('getFinanceTotalChart', 'public'),

  // trade
  'GET /api/v2/trade/{tradeIdx}': op('getTrade', 'optional'),
  'GET /api/v2/trade/all/company/{companyIdx}': op('listCompanyTrades', 'optional'),
  'GET /api/v2/trade/all/company/{companyIdx}/top-fix': op('listCompanyTopFixedTrades', 'optional'),
  'GET /api/trade/my': op('listMyTrades', 'member'),
  'POST /api/trade/sell': op('createSellTrade', 'member'),
  'POST /api/trade/buy': op('createBuyTrade', 'member'),
  'PATCH /api/trade/{tradeIdx}': op('updateTrade', 'member'),
  'DELETE /api/trade/{tradeIdx}': op('deleteTrade', 'member'),
  'POST /api/trade/finish/{tradeIdx}': op('finishTrade', 'member'),
  'PUT /api/trade/proof/{tradeIdx}': op('attachTradeProof', 'member'),

  // favorite
  'GET /api/stock/favorite/stock/list/{page}': op('listFavoriteStocks', 'member'),
  'POST /api/stock/add/favorite/stock/{id}': op('addFavoriteStock', 'member'),
  'DELETE /api/stock/delete/favorite/stock/{id}': op('removeFavoriteStock', 'member'),
  'POST /api/stock/update/favorite/stock/order': op('reorderFavoriteStocks', 'member'),

  // opinion and report
  'GET /api/v2/opinion/all/company/{companyIdx}': op('listCompanyOpinions', 'optional'),
  'POST /api/opinion': op('createOpinion', 'member'),
  'DELETE /api/opinion/{opinionIdx}': op('deleteOpinion', 'member'),

  // deals and conversations (issue 22)
  'POST /api/deals': op('offerDeal', 'member'),
  'POST /api/deals/{dealId}/accept': op('acceptDeal', 'member'),
  'POST /api/deals/{dealId}/decline': op('declineDeal', 'member'),
  'POST /api/deals/{dealId}/counter': op('counterDeal', 'member'),
  'POST /api/deals/{dealId}/withdraw': op('withdrawDeal', 'member'),
  'POST /api/deals/{dealId}/confirm': op('confirmDeal', 'member'),
  'POST /api/deals/{dealId}/cancel': op('cancelDeal', 'member'),
  'POST /api/deals/{dealId}/review': op('reviewDeal', 'member'),
  'GET /api/conversations': op('listConversations', 'member'),
  'GET /api/conversations/unread': op('getUnreadMessageCount', 'member'),
  'GET /api/conversations/{id}': op('getConversation', 'member'),
  'GET /api/conversations/{id}/messages': op('listConversationMessages', 'member'),
  'POST /api/conversations/{id}/messages': op('sendMessage', 'member'),
  'POST /api/conversations/{id}/read': op('markConversationRead', 'member'),
  'POST /api/conversations/{id}/block': op('blockConversationMember', 'member'),
  'DELETE /api/conversations/{id}/block': op('unblockConversationMember', 'member'),
  'POST /api/conversations/{id}/report': op('reportConversation', 'member'),
  'GET /api/members/{userIdx}': op('getMemberPage', 'optional'),

  // notifications (issue 23)
  'GET /api/notifications': op('listNotifications', 'member'),
  'GET /api/notifications/unread': op('getUnreadNotificationCount', 'member'),
  'POST /api/notifications/read': op('markNotificationsRead', 'member'),
  'DELETE /api/notifications/{id}': op('deleteNotification', 'member'),
  'GET /api/notifications/settings': op('getNotificationSettings', 'member'),
  'PUT /api/notifications/settings': op('updateNotificationSettings', 'member'),
  'GET /api/price-alerts': op('listPriceAlerts', 'member'),
  'GET /api/web/stock/{id}/member': op('getCompanyMemberParts', 'member'),
  'POST /api/price-alerts': op('createPriceAlert', 'member'),
  'DELETE /api/price-alerts/{id}': op('deletePriceAlert', 'member'),
  'GET /api/stock/favorite/{id}/alert': op('getFavoriteListingAlert', 'member'),
  'PUT /api/stock/favorite/{id}/alert': op('updateFavoriteListingAlert', 'member'),
  'GET /api/admin/campaigns/preview': op('adminPreviewCampaign', 'staff'),
  'POST /api/admin/campaigns': op('adminSendCampaign', 'staff'),
  'POST /api/accuse/trade/{id}': op('reportTrade', 'member'),
  'POST /api/accuse/opinion/{id}': op('reportOpinion', 'member'),

  // content and analytics
  'GET /api/v2/notice/list': op('listNotices', 'public'),
  'GET /api/v2/notice/{id}': op('getNotice', 'public'),
  'GET /api/v2/event/list': op('listEvents', 'public'),
  'GET /api/v2/event/{id}': op('getEvent', 'public'),
  'GET /api/v2/news/list': op('listNews', 'public'),
  'GET /api/v2/news/{id}': op('getNews', 'public'),
  'GET /api/v2/market/list': op('listMarketReports', 'public'),
  'GET /api/v2/market/{id}': op('getMarketReport', 'public'),
  'POST /api/analytics/page-view': op('recordPageView', 'public'),

  // sign-in, sign-up and SMS codes
  'POST /api/sms/send': op('sendSmsCode', 'public'),
  'POST /api/sms/match': op('matchSmsCode', 'public'),
  'GET /api/dev/sms-outbox': op('getDevSmsOutbox', 'public'),
  // DEV_CLOCK=1 only (local browser journeys), so the tests' document does not have them.
  'GET /api/dev/clock': op('getDevClock', 'public'),
  'POST /api/dev/clock': op('moveDevClock', 'public'),
  // DEV_LIVE=1 only (the benchmark's made-up events), so the tests' document does not have it.
  'POST /api/dev/live': op('sendDevLiveEvents', 'public'),
  'GET /api/user/userPhone/{phone}': op('checkPhoneRegistered', 'public'),
  'GET /api/user/userId/{id}': op('checkUserIdTaken', 'public'),
  'POST /api/auth/sms/sign-in': op('signInWithSms', 'public'),
  'POST /api/auth/sms/sign-up': op('signUpWithSms', 'public'),
  'POST /api/auth/sign-in': op('signInWithPassword', 'public'),
  'POST /api/auth/sign-up': op('signUpWithPassword', 'public'),
  'POST /api/auth/refresh': op('refreshTokens', 'public'),
  'POST /api/auth/logout': op('logout', 'optional'),
  'GET /api/auth/social/providers': op('listSocialProviders', 'public'),
  'GET /api/auth/social/{provider}/authorize': op('authorizeSocialSignIn', 'public'),
  'POST /api/auth/social/{provider}/token': op('exchangeSocialCode', 'public'),
  'POST /api/auth/social/sign-in': op('signInWithSocial', 'public'),
  'POST /api/auth/social/sign-up': op('signUpWithSocial', 'public'),
  'POST /api/auth/social/apple/callback': op('receiveAppleSignIn', 'public'),
  'POST /api/auth/password/reset': op('resetPassword', 'public'),
  'POST /api/user/find-id': op('findUserId', 'public'),

  // Web Push opt-in (issue 23; decision 0027)
  'GET /api/push/vapid-public-key': op('getVapidPublicKey', 'public'),
  'POST /api/push/subscriptions': op('subscribeWebPush', 'member'),
  'DELETE /api/push/subscriptions': op('unsubscribeWebPush', 'member'),

  // the live channel (Server-Sent Events; decision 0025)
  'GET /api/live': op('openLiveChannel', 'member'),

  // the member's own account
  'GET /api/user/myPage/detail': op('getMyDetail', 'member'),
  'PUT /api/user/myPage': op('updateMyDetail', 'member'),
  'PUT /api/user/password': op('changePassword', 'member'),
  'DELETE /api/user/{id}': op('deleteAccount', 'member'),
  'POST /api/identity/requests': op('startIdentityVerification', 'optional'),
  'POST /api/identity/simulated/complete': op('completeSimulatedIdentityVerification', 'public'),
  'POST /api/identity/verify': op('applyIdentityVerification', 'member'),
  'POST /api/user/expert/proof': op('submitExpertProof', 'member'),
  // Open before sign-up ends (the expert photo); a member has a larger hourly allowance.
  'POST /api/upload/image': op('uploadImage', 'optional'),

  // operators (issue 11)
  'GET /api/admin/members': op('adminSearchMembers', 'staff'),
  'GET /api/admin/experts': op('adminListExpertApplications', 'staff'),
  'POST /api/admin/expert/{id}/decision': op('adminDecideExpert', 'staff'),
  'GET /api/admin/member/{id}': op('adminGetMember', 'staff'),
  'GET /api/admin/member/{id}/sanctions': op('adminListMemberSanctions', 'staff'),
  'POST /api/admin/member/{id}/sanction': op('adminSanctionMember', 'staff'),
  'POST /api/admin/member/{id}/sessions/revoke': op('adminRevokeMemberSessions', 'staff'),
  'POST /api/admin/member/{id}/role': op('adminSetMemberRole', 'staff'),
  'GET /api/admin/audit': op('adminListAuditLog', 'staff'),
  'GET /api/admin/audit/export': op('adminExportAuditLog', 'staff'),
  'GET /api/admin/access-log': op('adminListAccessLog', 'staff'),
  'GET /api/admin/proofs': op('adminListPendingProofs', 'staff'),
  'POST /api/admin/trade/{tradeIdx}/proof': op('adminDecideTradeProof', 'staff'),
  'GET /api/admin/reports': op('adminListReports', 'staff'),
  'POST /api/admin/reports/{targetType}/{targetId}/resolve': op('adminResolveReports', 'staff'),
  'GET /api/admin/review': op('adminListReviewQueue', 'staff'),
  'POST /api/admin/review/{id}/resolve': op('adminResolveReview', 'staff'),
  'GET /api/admin/top-fix': op('adminListTopFixedTrades', 'staff'),
  'POST /api/admin/trade/{tradeIdx}/top-fix': op('adminPinTrade', 'staff'),
  'DELETE /api/admin/trade/{tradeIdx}/top-fix': op('adminUnpinTrade', 'staff'),
  'GET /api/admin/price-review': op('adminListPriceReview', 'staff'),
  'POST /api/admin/company/{companyIdx}/price': op('adminSetCompanyPrice', 'staff'),
  'GET /api/admin/price-entries': op('adminListPriceEntries', 'staff'),
  'POST /api/admin/price-entries/{entryId}/approve': op('adminApprovePriceEntry', 'staff'),
  'POST /api/admin/price-entries/{entryId}/reject': op('adminRejectPriceEntry', 'staff'),
  'GET /api/admin/conversations/{id}': op('adminReadConversation', 'staff'),
  'GET /api/admin/cautions': op('adminCountCautions', 'staff'),
  'GET /api/admin/companies': op('adminListCompanies', 'staff'),
  'PATCH /api/admin/company/{companyIdx}': op('adminUpdateCompany', 'staff'),
  'POST /api/admin/company/import': op('adminImportCompanies', 'staff'),
  'GET /api/admin/content/{kind}': op('adminListContent', 'staff'),
  'POST /api/admin/content/{kind}': op('adminCreateContent', 'staff'),
  'POST /api/admin/content/preview': op('adminPreviewContent', 'staff'),
  'PATCH /api/admin/content/{kind}/{id}': op('adminUpdateContent', 'staff'),
  'DELETE /api/admin/content/{kind}/{id}': op('adminDeleteContent', 'staff'),
};

/** `METHOD /path` of an operation, as OPERATIONS keys it. */
export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const VERBS: Record<string, string> = { get: 'get', post: 'post', put: 'put', patch: 'patch', delete: 'delete' };

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const camelWords = (segment: string) =>
  segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalise)
    .join('');

/**
 * An id for a route OPERATIONS does not name yet, from its method and path (`POST /api/trade/sell`
 * → `postTradeSell`, `GET /api/v2/news/{id}` → `getNewsById`): unique and valid, so the document
 * stays usable, but not a name to keep; the test asks for an entry above.
 */
export function deriveOperationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((s) => s && s !== 'api' && !/^v\d+$/.test(s))
    .map((s) => (s.startsWith('{') ? `By${camelWords(s)}` : camelWords(s)));
  return `${VERBS[method.toLowerCase()] ?? method.toLowerCase()}${words.join('')}`;
}

/** The operation's id and access: its entry, or a derived id and (failing closed) member-only. */
export function operationInfo(method: string, path: string): OperationInfo & { listed: boolean } {
  const listed = OPERATIONS[operationKey(method, path)];
  return listed ? { ...listed, listed: true } : { id: deriveOperationId(method, path), access: 'member', listed: false };
}
