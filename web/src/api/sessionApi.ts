import { Code, ConnectError } from "@connectrpc/connect";

/**
 * The gateway's REST session calls: sign-in, refresh, sign-out and password change. The refresh
 * token never reaches the app: the gateway keeps it in the HttpOnly `eris_refresh` cookie (Path
 * /api/user), which the browser sends with these calls only, because every one of them says
 * `X-Eris-Session: cookie`.
 */

/** The header (and its value) that asks the gateway for the refresh token as a cookie. */
export const SESSION_HEADER = "X-Eris-Session";
export const SESSION_HEADER_VALUE = "cookie";

export const SESSION_PATHS = {
  login: "/api/user/login",
  refresh: "/api/user/refresh",
  logout: "/api/user/logout",
  changePassword: "/api/user/changePassword",
} as const;

/** What the calls that open a session answer with, as the app keeps it. */
export interface SessionAnswer {
  /** The access token, sent with every call. */
  token: string;
  /** When the access token stops being accepted (milliseconds since the epoch); null when unknown. */
  expiresAt: number | null;
}

export interface SessionApi {
  /** Signs in; the gateway sets the refresh cookie. */
  login(req: { username: string; password: string }): Promise<SessionAnswer>;
  /** Trades the refresh cookie for a fresh access token (and a fresh cookie); Unauthenticated when the session has ended. */
  refresh(): Promise<SessionAnswer>;
  /** Ends this session (or with `everywhere`, every session of the user) and removes the cookie. */
  logout(req: { token: string | null; everywhere?: boolean }): Promise<void>;
  /** Changes the password with the access token `token`; every other session of the user ends. */
  changePassword(req: { token: string | null; oldPass: string; newPass: string }): Promise<SessionAnswer>;
}

/** The gateway's stable error codes (the JSON `code`), as connect codes. */
const ERROR_CODES: Readonly<Record<string, Code>> = {
  invalid_argument: Code.InvalidArgument,
  unauthenticated: Code.Unauthenticated,
  permission_denied: Code.PermissionDenied,
  not_found: Code.NotFound,
  conflict: Code.Aborted,
  failed_precondition: Code.FailedPrecondition,
  resource_exhausted: Code.ResourceExhausted,
  internal: Code.Internal,
  bad_gateway: Code.Unavailable,
  unavailable: Code.Unavailable,
  deadline_exceeded: Code.DeadlineExceeded,
};

/** The connect code of an HTTP status, for answers without a readable error body. */
function codeOfStatus(status: number): Code {
  switch (status) {
    case 400:
    case 422:
      return Code.InvalidArgument;
    case 401:
      return Code.Unauthenticated;
    case 403:
      return Code.PermissionDenied;
    case 404:
      return Code.NotFound;
    case 409:
      return Code.Aborted;
    case 412:
      return Code.FailedPrecondition;
    case 429:
      return Code.ResourceExhausted;
    case 502:
    case 503:
      return Code.Unavailable;
    case 504:
      return Code.DeadlineExceeded;
    default:
      return status >= 500 ? Code.Internal : Code.Unknown;
  }
}

/**
 * A refused call as a ConnectError, like the gRPC calls' failures: the code from the answer's
 * `code` (else its status), the message the gateway's `error` (words for the user).
 */
async function refusal(res: Response): Promise<ConnectError> {
  let body: { code?: unknown; error?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const code = (typeof body.code === "string" && ERROR_CODES[body.code]) || codeOfStatus(res.status);
  return new ConnectError(typeof body.error === "string" ? body.error : "", code);
}

/** The access token and its expiry from a session answer (`id_token`, `expires_at`). */
async function sessionAnswer(res: Response): Promise<SessionAnswer> {
  const body = (await res.json()) as { id_token?: unknown; expires_at?: unknown };
  if (typeof body.id_token !== "string" || !body.id_token) {
    throw new ConnectError("The session answer had no access token.", Code.Internal);
  }
  const expiresAt = typeof body.expires_at === "string" ? Date.parse(body.expires_at) : NaN;
  return { token: body.id_token, expiresAt: Number.isFinite(expiresAt) ? expiresAt : null };
}

export interface SessionApiOptions {
  /** The gateway's origin: the app's own (the cookie is same-site only). */
  baseUrl?: string;
  /** The fetch to use; the browser's unless a test says otherwise. */
  fetch?: typeof fetch;
}

export function createSessionApi({ baseUrl = "", fetch: fetchImpl }: SessionApiOptions = {}): SessionApi {
  async function post(path: string, body: object, token: string | null = null): Promise<Response> {
    const headers = new Headers({ "Content-Type": "application/json", [SESSION_HEADER]: SESSION_HEADER_VALUE });
    if (token) {
      headers.set("Authorization", `Bearer ${token}`);
    }
    let res: Response;
    try {
      res = await (fetchImpl ?? globalThis.fetch)(`${baseUrl}${path}`, {
        method: "POST",
        credentials: "same-origin",
        headers,
        body: JSON.stringify(body),
      });
    } catch (err) {
      // Offline, or the gateway away: like a gRPC call that could not reach it.
      throw new ConnectError("", Code.Unavailable, undefined, undefined, err);
    }
    if (!res.ok) {
      throw await refusal(res);
    }
    return res;
  }

  return {
    login: async ({ username, password }) => sessionAnswer(await post(SESSION_PATHS.login, { username, password })),
    refresh: async () => sessionAnswer(await post(SESSION_PATHS.refresh, {})),
    logout: async ({ token, everywhere = false }) => {
      await post(SESSION_PATHS.logout, everywhere ? { everywhere: true } : {}, token);
    },
    changePassword: async ({ token, oldPass, newPass }) =>
      sessionAnswer(await post(SESSION_PATHS.changePassword, { oldPass, newPass }, token)),
  };
}
