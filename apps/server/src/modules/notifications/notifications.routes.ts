import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { resolveOrganizationAccess } from '../../core/access.js';
import { auditActorOf, bearerToken, requireActor, verifyAccessToken } from '../../core/auth.js';
import { organizationFrom } from '../../core/pipeline.js';
import { presentNotification } from './notifications.presenter.js';
import { countUnreadNotifications, listNotifications } from './notifications.repository.js';
import { NotificationHub } from './notification-stream.js';
import { dismiss } from './notifications.service.js';

/** A comment line this often keeps proxies from closing a quiet stream, and checks the session. */
const HEARTBEAT_MS = 20_000;
/** A stream ends after this long at most (or when its access token expires); the client reconnects. */
const STREAM_MAX_MS = 10 * 60_000;

/** The signed-in person's own notifications in one organization (bell and notifications page). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['notifications']);
  const hub = new NotificationHub();
  await hub.start(app.ctx.database);
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });
  app.addHook('onClose', async () => hub.close());

  route(
    endpoints.notifications.list,
    {
      policy: 'organization.read',
      organization: organizationFrom.query(),
      summary: "The person's notifications in an organization, newest first",
    },
    async (request) => {
      const actor = requireActor(request);
      const { db } = app.ctx.database;
      const { organizationId, ...query } = request.query;
      const { rows, ...pagination } = await listNotifications(db, organizationId, actor.userId, query);
      return { data: rows.map(presentNotification), pagination };
    },
  );

  route(
    endpoints.notifications.count,
    {
      policy: 'organization.read',
      organization: organizationFrom.query(),
      summary: "The number of the person's unread notifications in an organization",
    },
    async (request) => {
      const actor = requireActor(request);
      const { db } = app.ctx.database;
      return { data: { count: await countUnreadNotifications(db, request.query.organizationId, actor.userId) } };
    },
  );

  route(
    endpoints.notifications.dismiss,
    {
      policy: 'organization.read',
      organization: organizationFrom.body(),
      summary:
        "Dismiss: with id, that unread notification of the person's (404 for another's, 409 when already dismissed); with only organizationId, all of theirs in the organization",
    },
    async (request) => {
      const actor = requireActor(request);
      const { organizationId, id } = request.body;
      return dismiss(app.ctx.database.db, auditActorOf(request), { organizationId, userId: actor.userId, id });
    },
  );

  route(
    endpoints.notifications.stream,
    {
      policy: 'organization.read',
      organization: organizationFrom.query(),
      // A HEAD would hold the connection open with nothing to show.
      exposeHeadRoute: false,
      summary:
        "Server-sent events: 'count' with the person's unread notifications in the organization, at once and on every change; ends when the session or membership ends, or after 10 minutes (reconnect)",
      produces: ['text/event-stream'],
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { organizationId } = request.query;
      const { db } = app.ctx.database;
      const token = bearerToken(request) ?? '';
      const session = await verifyAccessToken(db, app.ctx.sessions, token);
      if (!session) return reply.code(401).send();
      // Still this person's, with access to the organization? (Read again on every heartbeat and change.)
      const stillAllowed = async () =>
        Boolean(await verifyAccessToken(db, app.ctx.sessions, token)) &&
        (await resolveOrganizationAccess(db, actor, organizationId).then(
          () => true,
          () => false,
        ));

      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      const write = (text: string) => {
        if (!out.writableEnded) out.write(text);
      };
      let sending = Promise.resolve();
      const sendCount = () => {
        sending = sending
          .then(async () => {
            const count = await countUnreadNotifications(db, organizationId, actor.userId);
            write(`event: count\ndata: ${JSON.stringify({ count })}\n\n`);
          })
          .catch(end);
      };
      const check = (beat: boolean) =>
        void stillAllowed().then((allowed) => (!allowed ? end() : beat && write(': keep-alive\n\n')), end);
      const heartbeat = setInterval(() => check(true), HEARTBEAT_MS);
      const unwatch = app.ctx.sessions.watchUser(actor.userId, () => check(false));
      const lifetime = setTimeout(end, Math.min(STREAM_MAX_MS, session.accessExpiresAt.getTime() - Date.now()));
      const unsubscribe = hub.subscribe(actor.userId, organizationId, sendCount);
      function end() {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unwatch();
        unsubscribe();
        openStreams.delete(end);
        if (!out.writableEnded) out.end();
      }
      openStreams.add(end);
      request.raw.on('close', end);
      write('retry: 5000\n\n');
      sendCount();
    },
  );
};
