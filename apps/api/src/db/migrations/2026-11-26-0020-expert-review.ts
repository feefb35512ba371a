import { type Kysely, sql } from 'kysely';

/**
 * Expert badges that mean something (issue 13 §5, decision 0016): a PB or CTA member's claim waits
 * for an operator (PENDING → APPROVED / REJECTED, with the proof, the reason, who and when).
 *
 * What others may see is derived here, once, as generated columns: `public_expert_type` and
 * `public_expert_name` hold the claim only while it is APPROVED, so every public read (listings,
 * opinions) that selects them shows a pending or rejected expert as a normal member, and no code
 * path can forget the rule.
 *
 * Experts who joined before this: the demo's (their sign-in ids end in the demo domain) are
 * approved so that the demo keeps its badges; anyone else waits, without a proof, until they send
 * one from /myPage. Nobody keeps a badge nobody checked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column expert_status varchar(10) check (expert_status in ('PENDING', 'APPROVED', 'REJECTED')),
      add column expert_proof_url varchar(500),
      add column expert_submitted_at timestamptz,
      add column expert_reject_reason varchar(300),
      add column expert_decided_by integer references users (id),
      add column expert_decided_at timestamptz`.execute(db);
  await sql`
    update users
       set expert_status = case when login_id like '%@demo.beesang.invalid' then 'APPROVED' else 'PENDING' end,
           expert_decided_at = case when login_id like '%@demo.beesang.invalid' then now() end
     where expert_type <> 0`.execute(db);
  await sql`
    alter table users
      add column public_expert_type smallint not null
        generated always as (case when expert_status = 'APPROVED' then expert_type else 0 end) stored,
      add column public_expert_name varchar(20)
        generated always as (case when expert_status = 'APPROVED' then expert_name end) stored`.execute(db);
  // The operators' queue: members waiting with a proof, oldest first.
  await sql`create index users_expert_queue_idx on users (expert_submitted_at) where expert_status = 'PENDING' and deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_expert_queue_idx`.execute(db);
  await sql`
    alter table users
      drop column if exists public_expert_name,
      drop column if exists public_expert_type,
      drop column if exists expert_decided_at,
      drop column if exists expert_decided_by,
      drop column if exists expert_reject_reason,
      drop column if exists expert_submitted_at,
      drop column if exists expert_proof_url,
      drop column if exists expert_status`.execute(db);
}
