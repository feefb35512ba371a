import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

/** The spec's 'identity verification needed' confirm dialog: OK goes to /myPage. */
export function IdentityRequiredDialog() {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <Modal open={session.identityDialogOpen} onClose={session.closeIdentityDialog} title="본인인증이 필요합니다" width={375}>
      <p className="leading-relaxed text-ink-2">
        안전한 직거래를 위해 본인인증을 마친 회원만 매물을 등록하거나 거래를 제안할 수 있어요. 마이페이지에서 본인인증을 진행해주세요.
      </p>
      <div className="mt-6 grid grid-cols-2 gap-2">
        <Button variant="ghost" onClick={session.closeIdentityDialog}>
          취소
        </Button>
        <Button
          onClick={() => {
            session.closeIdentityDialog();
            navigate('/myPage');
          }}
        >
          확인
        </Button>
      </div>
    </Modal>
  );
}
