/**
 * The gateway's REST routes (files and downloads that gRPC-web does not suit) take the same bearer
 * token as the gRPC calls.
 */

/** What a REST call needs from the session: the token, and a new one when it is refused. */
export interface RestSession {
  getToken(): string | null;
  renewToken(refused: string | null): Promise<string | null>;
}

/** A REST call with the session's bearer token, tried once more with a renewed token on 401. */
export async function authorizedFetch(session: RestSession, url: string, init: RequestInit = {}): Promise<Response> {
  const send = (token: string | null) => {
    const headers = new Headers(init.headers);
    if (token) {
      headers.set("Authorization", `Bearer ${token}`);
    }
    return fetch(url, { ...init, headers });
  };
  const token = session.getToken();
  const res = await send(token);
  if (res.status !== 401) {
    return res;
  }
  const renewed = await session.renewToken(token);
  return renewed ? send(renewed) : res;
}
