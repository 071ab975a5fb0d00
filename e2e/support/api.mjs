// The API as one user, for arranging data behind the UI's back: the one way the browser tests
// (through e2e/support/browser.ts) and the review scripts (e2e/*screenshots.mjs) call it. Plain
// JavaScript, so that the scripts run under node as they are; its types are in the comments.

/**
 * @typedef {{ token: string; id_token: string; username: string; avatar?: string | null; department_id?: number | null }} ApiSession
 * @typedef {<T = any>(method: string, path: string, body?: unknown) => Promise<T>} Call
 */

/**
 * Signs in as `user` at `base` and answers a JSON caller for /api — `call('GET', 'bank/list/all')`
 * — with the session and the headers it sends. A refused call throws with its status and body.
 * Sign in once per user and file: the server throttles sign-ins.
 * @param {string} base
 * @param {string} user
 * @param {string} password
 * @returns {Promise<{ call: Call; session: ApiSession; headers: Record<string, string> }>}
 */
export async function apiAs(base, user, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { ApplicationId: 'sitepay-web', 'Content-Type': 'application/json' },
    body: JSON.stringify({ user_name: user, password }),
  });
  if (!res.ok) throw new Error(`${user} sign-in failed: ${res.status} ${await res.text()}`);
  const [session] = await res.json();
  if (!session) throw new Error(`${user} sign-in answered no session`);
  const headers = {
    ApplicationId: 'sitepay-web',
    Authorization: `Bearer ${session.id_token}`,
    AccessToken: session.token,
  };
  /** @type {Call} */
  const call = async (method, path, body) => {
    const answer = await fetch(`${base}/api/${path}`, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return { call, session, headers };
}
