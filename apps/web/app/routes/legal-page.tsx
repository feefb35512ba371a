import { useLocation } from 'react-router';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { SAME_FOR_MEMBERS } from '../lib/session';
import type { Route } from './+types/legal-page';

// What a member sees here is what a visitor sees: the shared page needs no second read for them (issue 24).
export const handle = SAME_FOR_MEMBERS;

type Doc = { title: string; sections: Array<[string, string]> };

const DOCS: Record<string, Doc> = {
  '/intro': {
    title: '서비스 소개',
    sections: [
      ['비상은', '비상장 주식의 시세, 기업 정보, 재무, 뉴스를 한곳에서 보여주고 회원 간 직거래를 연결하는 서비스입니다.'],
      ['빠른 검색', '종목명, 종목코드, 초성(예: ㅂㅅ)으로 원하는 기업을 바로 찾을 수 있습니다.'],
      [
        '안전한 직거래',
        '본인인증을 마친 회원만 매물을 등록할 수 있고, 미발행 주식은 보유 증빙을 확인합니다. 허위 매물은 신고와 제재로 관리합니다.',
      ],
    ],
  },
  '/terms': {
    title: '이용약관',
    sections: [
      [
        '제1조 (목적)',
        '이 약관은 (주)비상이 제공하는 비상장 주식 정보 및 직거래 중개 서비스의 이용 조건과 절차, 회사와 회원의 권리·의무를 정합니다.',
      ],
      ['제2조 (서비스의 성격)', '회사는 회원 간 직거래를 위한 정보 게시 공간을 제공하는 통신판매중개자이며, 거래의 당사자가 아닙니다.'],
      [
        '제3조 (매물 게시)',
        '매물은 등록 후 30일이 지나면 자동으로 종료됩니다. 허위 매물, 가격 왜곡, 광고성 게시물은 삭제되며 이용이 제한될 수 있습니다.',
      ],
    ],
  },
  '/privacy': {
    title: '개인정보처리방침',
    sections: [
      ['수집하는 개인정보', '휴대폰 번호, 닉네임, 이메일, (전문가 회원) 실명과 소속, 본인확인 결과(CI·DI)를 수집합니다.'],
      [
        '보관과 보호',
        '본인확인 정보는 암호화하여 보관하며, 휴대폰 번호와 인증번호는 로그에 남기지 않습니다. 비밀번호는 복원할 수 없는 방식으로 저장합니다.',
      ],
      ['이용자의 권리', '회원은 언제든지 마이페이지에서 정보를 수정하거나 탈퇴할 수 있습니다.'],
    ],
  },
  '/caution': {
    title: '비상장 주식 투자 유의사항',
    sections: [
      ['원금 손실 위험', '비상장 주식은 거래소 상장 주식보다 유동성이 낮고 정보가 제한적이어서 원금 손실 위험이 큽니다.'],
      [
        '거래 전 확인',
        '주주명부, 증권 실물 또는 전자등록 여부, 양도 제한 여부를 반드시 확인하세요. 선입금을 요구하는 거래는 특히 주의하세요.',
      ],
      ['세금', '비상장 주식 양도 시 양도소득세 신고 의무가 있을 수 있습니다. 세무 전문가와 상담하세요.'],
    ],
  },
};

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta({ title: DOCS[location.pathname]?.title, path: location.pathname, origin: rootOrigin(matches) });

/** Service intro, terms, privacy policy and the investment caution notice — hosted by us. */
export default function LegalPage() {
  const { pathname } = useLocation();
  const doc = DOCS[pathname] ?? (DOCS['/intro'] as Doc);
  return (
    <article className="mx-auto max-w-[800px] rounded-card bg-white p-6 ring-1 ring-line sm:p-8">
      <h1 className="text-2xl font-bold">{doc.title}</h1>
      {doc.sections.map(([heading, text]) => (
        <section key={heading} className="mt-6">
          <h2 className="font-bold">{heading}</h2>
          <p className="mt-2 leading-relaxed text-ink-2">{text}</p>
        </section>
      ))}
    </article>
  );
}
