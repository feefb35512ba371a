import { Link } from 'react-router';
import { APP_STORE_URL, PLAY_STORE_URL } from './app-links';
import { BrandMark } from './brand-mark';

/** Footer (spec §2): app banner, company info, social links, policy links, customer centre. */
export function Footer({ onOpenCustomerCentre }: { onOpenCustomerCentre(): void }) {
  const link = 'hover:text-ink';
  return (
    <footer className="mt-16 border-t border-line bg-white">
      <div className="mx-auto max-w-[1200px] px-4 py-8">
        <div className="flex flex-col gap-4 rounded-card bg-page p-5 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-bold">비상 앱에서 매물 알림을 받아보세요</p>
            <p className="mt-1 text-sm text-ink-2">관심 종목의 새 매물과 시세 변동을 가장 먼저 알려드려요.</p>
          </div>
          <div className="flex gap-2">
            <a
              href={APP_STORE_URL}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-control bg-ink px-4 py-2 text-sm font-semibold text-white"
            >
              App Store
            </a>
            <a
              href={PLAY_STORE_URL}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-control bg-ink px-4 py-2 text-sm font-semibold text-white"
            >
              Google Play
            </a>
          </div>
        </div>
        <nav aria-label="정책 및 안내" className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium text-ink-2">
          <Link to="/intro" className={link}>
            서비스 소개
          </Link>
          <Link to="/privacy" className={`${link} font-bold text-ink`}>
            개인정보처리방침
          </Link>
          <Link to="/terms" className={link}>
            이용약관
          </Link>
          <Link to="/notice" className={link}>
            공지사항
          </Link>
          <Link to="/event" className={link}>
            이벤트
          </Link>
          <Link to="/caution" className={link}>
            비상장 주식 투자 유의사항
          </Link>
          <button type="button" onClick={onOpenCustomerCentre} className={link}>
            고객센터
          </button>
        </nav>
        <div className="mt-6 flex flex-col gap-4 text-xs leading-relaxed text-ink-3 sm:flex-row sm:justify-between">
          <div className="flex gap-3">
            <BrandMark size={28} />
            <div>
              <p className="font-semibold text-ink-2">(주)비상</p>
              <p>대표 홍길동 · 사업자등록번호 000-00-00000 · 서울특별시 강남구 테헤란로 000</p>
              <p>비상은 통신판매중개자로서 회원 간 직거래의 당사자가 아니며, 거래에 대한 책임은 거래 당사자에게 있습니다.</p>
              <p className="mt-1">© 2026 Beesang. All rights reserved.</p>
            </div>
          </div>
          <nav className="flex gap-3" aria-label="소셜 미디어">
            <a href="https://blog.naver.com/" target="_blank" rel="noopener noreferrer" className={link}>
              블로그
            </a>
            <a href="https://www.youtube.com/" target="_blank" rel="noopener noreferrer" className={link}>
              유튜브
            </a>
            <a href="https://www.instagram.com/" target="_blank" rel="noopener noreferrer" className={link}>
              인스타그램
            </a>
          </nav>
        </div>
      </div>
    </footer>
  );
}
