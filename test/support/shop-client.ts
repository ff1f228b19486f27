/** Who makes a call: a visitor's cart id (X-Cart-Id), a customer's session token, or both. */
export interface Caller {
  cartId?: string;
  token?: string;
}

export interface CallResult<T> {
  status: number;
  body: T & { error?: string; message?: string[] };
}

/**
 * JSON calls to the shop's API over real HTTP, as the web app makes them: the cart id header for a
 * visitor, the Bearer token for a customer.
 */
export function shopClient(baseUrl: () => string) {
  const call = async <T>(
    who: Caller,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<CallResult<T>> => {
    const all: Record<string, string> = { 'content-type': 'application/json', ...headers };
    if (who.cartId) all['x-cart-id'] = who.cartId;
    if (who.token) all.authorization = `Bearer ${who.token}`;
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: all,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as CallResult<T>['body'] };
  };
  /** Logs a demo account in (password Demo-pass-2026) and answers its login response. */
  const loginAs = async <T = { token: string }>(email: string): Promise<T> =>
    (await call<T>({}, 'POST', '/auth/login', { email, password: 'Demo-pass-2026', version: 5 })).body;
  return { call, loginAs };
}
