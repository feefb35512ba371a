import { envelope, errorSchema, expertProofBody, userDetailSchema } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ExpertService } from './expert.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema };

/** The member's side of expert review (decision 0016): send a proof; the status is in their detail. */
export const expertRoutes: FastifyPluginAsyncZod<{ experts: ExpertService; auth: AuthService }> = async (app, { experts, auth }) => {
  const member = requireMember(auth);

  app.post(
    '/api/user/expert/proof',
    {
      onRequest: member,
      schema: {
        tags: ['user'],
        summary: '전문가 증빙 제출 (명함·자격증 사진; 심사 중이거나 반려된 PB·세무사 회원만, 다시 내면 심사 대기열 끝으로)',
        body: expertProofBody,
        response: { 200: envelope(userDetailSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', 'no-store').send({ result: await experts.submitProof(req.member!, req.body.proofUrl) }),
  );
};
