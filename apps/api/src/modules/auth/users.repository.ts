import type { Db } from '../../db/database.ts';

const columns = [
  'id',
  'nickname',
  'real_name',
  'email',
  'profile_image_url',
  'user_level',
  'expert_type',
  'expert_name',
  'office_name',
  'office_dept',
  'introduction',
  'sanction_state',
  'phone_masked',
  'deleted_at',
] as const;

export function createUsersRepository(db: Db) {
  return {
    async findById(id: number) {
      return db.selectFrom('users').select(columns).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    },
    async findByPhone(phoneHash: string) {
      return db.selectFrom('users').select(columns).where('phone_hash', '=', phoneHash).where('deleted_at', 'is', null).executeTakeFirst();
    },
    async emailTaken(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
    async insert(user: {
      phoneHash: string;
      phoneMasked: string;
      email: string;
      nickname: string;
      profileImageUrl: string;
      expertType: number;
      expertName: string | null;
      officeName: string | null;
      officeDept: string | null;
      introduction: string | null;
      marketing: boolean;
      nighttime: boolean;
      at: Date;
    }): Promise<number> {
      const row = await db
        .insertInto('users')
        .values({
          login_provider: 1,
          social_subject: null,
          login_id: null,
          password_hash: null,
          phone_hash: user.phoneHash,
          phone_masked: user.phoneMasked,
          email: user.email,
          nickname: user.nickname,
          real_name: user.expertName,
          profile_image_url: user.profileImageUrl,
          user_level: 1,
          expert_type: user.expertType,
          expert_name: user.expertName,
          office_name: user.officeName,
          office_dept: user.officeDept,
          introduction: user.introduction,
          marketing_flag: user.marketing,
          nighttime_alarm_flag: user.nighttime,
          created_at: user.at,
          updated_at: user.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
export type UserRow = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;
