/** How long the oldest item has waited, for the console's queue headers: '3시간 12분', '2일 4시간', '방금'. */
export function waitAge(sinceIso: string | null, now: number): string {
  if (!sinceIso) return '없음';
  const minutes = Math.max(0, Math.floor((now - new Date(sinceIso).getTime()) / 60_000));
  if (minutes < 1) return '방금';
  if (minutes < 60) return `${minutes}분`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}시간 ${minutes % 60}분`;
  return `${Math.floor(hours / 24)}일 ${hours % 24}시간`;
}
