import { MemberAdmin } from '../features/admin/member-admin';

export default function AdminMembers() {
  return <MemberAdmin />;
}
