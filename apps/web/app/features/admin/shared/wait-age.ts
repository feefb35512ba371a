/** A span of time for the console: '12분', '3시간 12분', '2일 4시간'; under a minute '1분 미만'. */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return '1분 미만';
  if (minutes < 60) return `${minutes}분`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}시간 ${minutes % 60}분`;
  return `${Math.floor(hours / 24)}일 ${hours % 24}시간`;
}

/** How long the oldest item has waited, for the console's queue headers: '3시간 12분', '2일 4시간', '방금'. */
export function waitAge(sinceIso: string | null, now: number): string {
  if (!sinceIso) return '없음';
  const ms = now - new Date(sinceIso).getTime();
  return ms < 60_000 ? '방금' : durationText(ms);
}
