/**
 * Authentication and authorization for every /api request.
 * Routes say how they are reached with `config.access`:
 *   'public'   — no token (health, version, login, docs);
 *   'user'     — any signed-in user (account, logout, type lists: the always-allowed base set);
 *   'endpoint' — (default) a menu or privilege of the user's roles must list the endpoint;
 *                ROLE_ADMIN passes everything.
 * A user whose password was set by someone else (`must_change_password`) gets 403
 * `password_change_required` from every route but those marked `whilePasswordChange` (the profile,
 * the change itself, sign-out) until the password is changed.
 * The token is a JWT whose jti names a row of `session`: logout and password changes revoke
 * the row, so every server instance refuses the token at once. One query per request checks
 * the session, the user, the application and the endpoint together.
 *
 * Headers (docs/product.md#signing-in-and-sessions): `ApplicationId` must be the client id of an active
 * application — missing, unknown or deactivated answers 401 `unknown_application` — and, when the session was
 * opened with an application, that one. `AccessToken`, when sent beside the bearer token, must be the bearer
 * token's own session id (its `jti`), else 401 `invalid_token`.
 */
import crypto from 'node:crypto';
import { TOKEN_EXPIRY_SECONDS } from '@sitepay/domain/auth.schema';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import type { Database, Db, Tx } from '../db/client.ts';
import { appUser, session } from '../db/schema.ts';
import { ADMIN_ROLE, endpointAllowed, userRoleIds } from './access-sql.ts';
import { forbidden, HttpError, invalidToken, passwordChangeRequired } from './errors.ts';
import { keptConstructionIds } from './user-scope.ts';

export type Access = 'public' | 'user' | 'endpoint';

export type CurrentUser = {
  id: number;
  user_name: string;
  department_id: number | null;
  isAdmin: boolean;
  sessionId: string;
  /** The application (id) of the request's `ApplicationId` (absent for users acted for by the server). */
  applicationId?: number;
  /**
   * The constructions his roles cover, as they were when the request was checked (kept per access
   * version: docs/adr/0121-a-users-constructions-kept-per-access-version.md); absent for an
   * administrator and for users acted for by the server, whose scope is read by a subquery.
   */
  constructionIds?: readonly number[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Menus whose screens call this endpoint; the seed links them (see seed.ts). */
    menus?: string[];
    /** Answers a user who must still change a password set by someone else. */
    whilePasswordChange?: boolean;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
  interface FastifyInstance {
    db: Db;
    issueToken(
      tx: Tx,
      userId: number,
      applicationId: number,
    ): Promise<{ token: string; id_token: string; expires_in: number }>;
    /** Checks the request's token (and, for 'endpoint' access, its right); sets request.user. */
    authenticate(request: FastifyRequest, access: Exclude<Access, 'public'>): Promise<CurrentUser>;
    /** The user id a token names, even if revoked or expired; for the access history only. */
    tokenUserName(request: FastifyRequest): Promise<string | null>;
  }
}

/** The request's `ApplicationId` header, or null when missing or blank. */
export const applicationIdHeader = (request: FastifyRequest): string | null => {
  const value = request.headers.applicationid;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

export const unknownApplication = () =>
  new HttpError(
    401,
    'unknown_application',
    'The ApplicationId header names no active application',
    undefined,
    'unknown_application',
  );

/** Fastify's route pattern `/a/:id` as stored in the endpoint table: `/a/{id}`. */
export const endpointPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export const currentUser = (request: FastifyRequest): CurrentUser => {
  if (!request.user) throw invalidToken();
  return request.user;
};

type Row = {
  id: number;
  user_name: string;
  department_id: number | null;
  is_admin: boolean;
  allowed: boolean;
  must_change_password: boolean;
  /** The active application the header names, or null. */
  application_id: number | null;
  /** The application the session was opened with (null: a session older than the column). */
  session_application_id: number | null;
  /** The access version (`access_version`), as text; null if its row is missing. */
  access_version: string | null;
};

/** The request check: the session, the user, whether an admin, and whether `allowed`. */
const requestCheck = (allowed: SQL) => sql`
      with roles as materialized (${userRoleIds(sql.placeholder('userId'))})
      select u.id, u.user_name, u.department_id, u.must_change_password,
        exists (select 1 from role r where r.code = ${ADMIN_ROLE} and r.id in (select id from roles)) as is_admin,
        ${allowed} as allowed,
        a.id as application_id, s.application_id as session_application_id,
        (select v.version::text from access_version v where v.id = 1) as access_version
      from session s join app_user u on u.id = s.user_id
        left join application a on a.client_id = ${sql.placeholder('applicationId')} and a.status = 'O'
      where s.id = ${sql.placeholder('sessionId')} and s.user_id = ${sql.placeholder('userId')}
        and s.revoked_at is null and s.expires_at > now() and u.status = 'O'`;
const endpointCheck = requestCheck(
  endpointAllowed(sql`select id from roles`, sql.placeholder('method'), sql.placeholder('path')),
);
const userCheck = requestCheck(sql`true`);

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { jwtSecret: string; prepared: Database['prepared'] }) => {
    const key = new TextEncoder().encode(opts.jwtSecret);
    /** Tokens this server (this key) has verified: see verify(). */
    const verified = new Map<string, Claims>();

    app.decorateRequest('user', null);

    app.decorate('issueToken', async (tx: Tx, userId: number, applicationId: number) => {
      const id = crypto.randomBytes(24).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = new Date((now + TOKEN_EXPIRY_SECONDS) * 1000);
      await tx
        .insert(session)
        .values({ id, user_id: userId, expires_at: expiresAt, application_id: applicationId });
      const idToken = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setJti(id)
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_EXPIRY_SECONDS)
        .sign(key);
      return { token: id, id_token: idToken, expires_in: TOKEN_EXPIRY_SECONDS };
    });

    app.decorate('authenticate', async (request: FastifyRequest, access: Exclude<Access, 'public'>) => {
      const applicationId = applicationIdHeader(request);
      if (!applicationId) throw unknownApplication();
      const claims = await verify(request.headers.authorization, key, verified);
      if (!claims) throw invalidToken();
      // the AccessToken is the session id: beside a bearer token it must name the same session
      const accessToken = request.headers.accesstoken;
      if (accessToken !== undefined && accessToken !== claims.sessionId) throw invalidToken();
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const path = endpointPath(request.routeOptions.url ?? '');
      // Planned once per connection, not on every request; the role union is computed once (a
      // materialized CTE) and read by both checks (docs/adr/0018-every-data-statement-prepared.md).
      const endpoint = access === 'endpoint';
      const [row] = await opts.prepared<Row>(
        endpoint ? 'sitepay_auth_endpoint' : 'sitepay_auth_user',
        endpoint ? endpointCheck : userCheck,
        { userId: claims.userId, sessionId: claims.sessionId, applicationId, method, path },
      );
      if (!row) throw invalidToken();
      if (row.application_id === null) throw unknownApplication();
      // a session opened by one application is not another's
      if (row.session_application_id !== null && row.session_application_id !== row.application_id)
        throw invalidToken();
      request.user = {
        id: row.id,
        user_name: row.user_name,
        department_id: row.department_id,
        isAdmin: row.is_admin,
        sessionId: claims.sessionId,
        applicationId: row.application_id,
      };
      if (row.must_change_password && !request.routeOptions.config?.whilePasswordChange)
        throw passwordChangeRequired();
      if (!row.is_admin && !row.allowed) throw forbidden(request.url.split('?')[0] ?? request.url);
      if (!row.is_admin)
        request.user.constructionIds = await keptConstructionIds(opts.prepared, row.id, row.access_version);
      return request.user;
    });

    app.decorate('tokenUserName', async (request: FastifyRequest) => {
      const token = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
      if (!token) return null;
      try {
        // Signature checked, expiry ignored: an expired token still names its user honestly.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(0) });
        const [u] = await app.db
          .select({ n: appUser.user_name })
          .from(appUser)
          .where(eq(appUser.id, Number(payload.sub)));
        return u?.n ?? null;
      } catch {
        return null;
      }
    });

    app.addHook('onRequest', async (request) => {
      const access: Access = request.routeOptions.config?.access ?? 'endpoint';
      if (access === 'public' || !request.routeOptions.url) return;
      await app.authenticate(request, access);
    });
  },
);

/**
 * Tokens whose signature was already checked, with their claims: a client sends the same token on
 * every request, and the HMAC through WebCrypto is a visible share of a list's cost. Expiry is still
 * checked on every use; revocation by the database query.
 */
type Claims = { userId: number; sessionId: string; expiresAt: number };
const VERIFIED_KEPT = 10_000;

async function verify(header: string | undefined, key: Uint8Array, verified: Map<string, Claims>) {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  const token = match?.[1];
  if (!token) return null;
  const known = verified.get(token);
  if (known) return known.expiresAt > Date.now() ? known : null;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || !payload.jti || !payload.exp) return null;
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    const claims = { userId, sessionId: payload.jti, expiresAt: payload.exp * 1000 };
    verified.set(token, claims);
    return claims;
  } catch {
    return null;
  }
}
