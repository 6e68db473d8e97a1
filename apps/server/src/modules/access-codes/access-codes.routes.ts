import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { auditActorOf, requireActor } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';
import { authorize } from '../policies.js';
import { organizationFrom } from '../../core/pipeline.js';
import { accessCodeSendRateLimit } from '../../core/rate-limits.js';
import { serviceContextOf } from '../../core/service-context.js';
import { findUserById } from '../users/users.repository.js';
import { findAccessCodeTarget } from './access-codes.repository.js';
import { generateAccessCode, renewExpiredAccessCodes, sendOwnAccessCode } from './access-codes.service.js';

const DAY_MS = 24 * 60 * 60_000;

/** Access codes for electronic signatures (spec 01 section 9, spec 02 section 4). */
export const accessCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['access-codes']);
  app.ctx.jobs.every('access-code-renewal', DAY_MS, (ctx) => renewExpiredAccessCodes(ctx).then(() => undefined));

  route(
    endpoints.accounts.generateAccessCode,
    {
      policy: 'accessCode.generate',
      organization: { ...organizationFrom.body(), optional: true },
      summary: "Generate a person's new access code and e-mail it; the previous code stops working",
    },
    async (request) => {
      const actor = requireActor(request);
      const organizationId = request.body.organizationId;
      const target = await findAccessCodeTarget(app.ctx.database.db, actor, request.params.userId, organizationId);
      if (!target) throw AppError.notFound();
      authorize(actor, 'accessCode.generate', target);
      return { data: await generateAccessCode(app.ctx, auditActorOf(request), target, organizationId ?? null) };
    },
  );

  route(
    endpoints.accounts.sendOwnAccessCode,
    {
      policy: 'accessCode.sendOwn',
      organization: organizationFrom.body(),
      config: { rateLimit: accessCodeSendRateLimit },
      summary:
        "'Send me my access code': e-mails the signed-in person a new code when theirs is missing or expired " +
        '(409 while it is valid); once per person in 5 minutes (429)',
    },
    async (request) => {
      const ctx = serviceContextOf(request);
      const owner = await findUserById(app.ctx.database.db, ctx.access.actor.userId);
      if (!owner) throw AppError.unauthenticated();
      return { data: await sendOwnAccessCode(ctx, owner) };
    },
  );
};
