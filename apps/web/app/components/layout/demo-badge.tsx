/** Shown while the database holds generated demo data, so nobody mistakes it for real prices. */
export function DemoBadge() {
  return (
    <div className="bg-ink text-center text-xs font-medium text-white">
      <p className="mx-auto max-w-[1200px] px-4 py-1.5">데모 데이터 · 화면의 기업과 시세는 모두 가상입니다</p>
    </div>
  );
}
