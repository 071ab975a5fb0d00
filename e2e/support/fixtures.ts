/**
 * What a browser test stands on, made through the API before it opens a page: the API tests'
 * factories (server/test/factories.ts) over HTTP, acting as the demo users — a contractor, a payee,
 * a contract, a payment request in any state, one call each, each with codes of its own. A test
 * makes what it looks at itself (or takes it from its file's beforeAll when it only reads it), so
 * that it passes alone (`-t`) and in any order.
 *
 *   const { f, by } = await fixtures();
 *   const contract = await f.contract({ guarantee_percent: '5' });
 *   const paid = await f.request(contract, { state: 'paid', amount: '250000000' });
 *   const own = await f.contractor({ by: by.accountant }); // the accountant's company owns it
 */
import { type Factories, factories, type Tokens } from '../../server/test/factories.ts';
import { ACCOUNTANT, ADMIN, apiFor, BASE_URL, DIRECTOR } from './browser.ts';

/** A record as the API answers it; where a request is walked to. */
export type { Rec, RequestState } from '../../server/test/factories.ts';

/** One call of the factories, as the server tests' `s.call` answers it. */
async function call(method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${BASE_URL}${url}`, {
    method,
    headers: {
      ApplicationId: 'sitepay-web',
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed };
}

let made: Promise<{ f: Factories; by: Tokens }> | undefined;

/** The factories as the demo admin, accountant and director, and their tokens for `by`. */
export function fixtures() {
  made ??= (async () => {
    const [admin, accountant, director] = await Promise.all([ADMIN, ACCOUNTANT, DIRECTOR].map(apiFor));
    const by: Tokens = {
      admin: admin!.session.id_token,
      accountant: accountant!.session.id_token,
      director: director!.session.id_token,
    };
    return { f: factories({ call }, by), by };
  })();
  return made;
}
