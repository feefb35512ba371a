import { Link } from 'react-router';

export function NotFound() {
  return (
    <div className="py-12 text-center">
      <p className="num text-5xl font-extrabold text-brand">404</p>
      <h1 className="mt-4 text-2xl font-bold">페이지를 찾을 수 없습니다</h1>
      <p className="mt-2 text-ink-2">주소가 바뀌었거나 삭제된 페이지입니다. 종목은 상단 검색창에서 찾아보세요.</p>
      <div className="mt-6 flex justify-center gap-2">
        <Link to="/" className="rounded-control bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-hover">
          홈으로
        </Link>
        <Link to="/stock" className="rounded-control bg-white px-5 py-3 font-semibold ring-1 ring-line hover:bg-page">
          전체 종목 보기
        </Link>
      </div>
    </div>
  );
}
