/** Shown while the database holds generated demo data, so nobody mistakes it for real prices. */
export function DemoBadge() {
  return (
    // A named section (a landmark), so that the sentence is not outside every landmark of the page.
    <section aria-label="데모 데이터 안내" className="bg-ink text-center text-xs font-medium text-white">
      <p className="mx-auto max-w-[1200px] px-4 py-1.5">데모 데이터 · 화면의 기업과 시세는 모두 가상입니다</p>
    </section>
  );
}
