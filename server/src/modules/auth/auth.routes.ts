/**
 * Sign-in and sign-out. Every attempt, success or failure, goes to the access history; the same
 * history throttles floods (failures per user name and per address, in a sliding window),
 * so the limit holds across server instances and resets by itself after the window.
 */

import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { type LoginResult, loginResultSchema, loginSchema } from '@sitepay/domain/auth.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/config.ts';
import { accessHistory, application, appUser, session } from '../../db/schema.ts';
import { applicationIdHeader, type CurrentUser, unknownApplication } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { userMenus } from '../account/account.queries.ts';
import { reserveAttempt } from './login-throttle.ts';

// A real hash of a random password: unknown users cost the same time as known ones.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash(crypto.randomUUID()));

export function registerAuthRoutes(app: FastifyInstance, config: Config) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: loginSchema, response: { 200: z.array(loginResultSchema) } },
    },
    async (request, reply): Promise<LoginResult[]> => {
      const { user_name, password } = request.body;
      // the client signing in must be an active application (docs/product.md#entities-and-fields): before any
      // password
      const clientId = applicationIdHeader(request);
      const [client] = clientId
        ? await app.db
            .select({ id: application.id })
            .from(application)
            .where(and(eq(application.client_id, clientId), eq(application.status, 'O')))
        : [];
      if (!client) throw unknownApplication();
      const meta = requestMeta(request);
      const attempt = await reserveAttempt(
        app.db,
        { userName: user_name, address: meta.address, userAgent: meta.user_agent },
        config.loginThrottle,
        app.clock,
      );
      if ('retryAfter' in attempt) {
        reply.header('retry-after', String(attempt.retryAfter));
        throw new HttpError(429, 'too_many_requests', 'too many login attempts, try again later');
      }
      const [user] = await app.db
        .select()
        .from(appUser)
        .where(and(sql`lower(${appUser.user_name}) = lower(${user_name})`, eq(appUser.status, 'O')));
      const ok = await verify(user?.password_hash ?? (await getDummyHash()), password).catch(() => false);
      if (!user || !ok) {
        if (user)
          await app.db
            .update(accessHistory)
            .set({ user_id: user.id })
            .where(eq(accessHistory.id, attempt.id));
        throw new HttpError(401, 'bad_credentials', 'Your user ID or password is incorrect');
      }
      const tokens = await app.db.transaction(async (tx) => {
        const t = await app.issueToken(tx, user.id, client.id);
        // the attempt's line, written as a failure before the check, becomes the success it is
        await tx
          .update(accessHistory)
          .set({ user_id: user.id, user_name: user.user_name, result: 'success' })
          .where(eq(accessHistory.id, attempt.id));
        return t;
      });
      return [
        {
          ...tokens,
          token_type: 'Bearer',
          username: user.user_name,
          avatar: user.avatar,
          department_id: user.department_id,
          menus: await userMenus(app.db, user.id),
          must_change_password: user.must_change_password,
        },
      ];
    },
  );

  // Public so that a failed logout (a stale or forged token) is recorded too.
  r.post(
    '/api/auth/logout',
    {
      config: { access: 'public', whilePasswordChange: true },
      schema: { tags: ['auth'], response: { 200: z.object({ ok: z.boolean() }) } },
    },
    async (request) => {
      const meta = requestMeta(request);
      let user: CurrentUser;
      try {
        user = await app.authenticate(request, 'user');
      } catch (error) {
        const name = (await app.tokenUserName(request)) ?? 'unknown';
        await app.db
          .insert(accessHistory)
          .values({ user_name: name, type: 'logout', result: 'fail', ...meta });
        throw error;
      }
      await app.db.transaction(async (tx) => {
        await tx.update(session).set({ revoked_at: new Date() }).where(eq(session.id, user.sessionId));
        await tx.insert(accessHistory).values({
          user_id: user.id,
          user_name: user.user_name,
          type: 'logout',
          result: 'success',
          ...meta,
        });
      });
      return { ok: true };
    },
  );
}
