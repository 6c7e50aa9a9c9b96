"""Schemathesis hooks for `make api-fuzz` (loaded through SCHEMATHESIS_HOOKS=hooks).

* Signs in as the Management demo user and sends its token as the Authorization header; a 401
  invalidates the token and schemathesis signs in again and replays the request.
* Keeps the fuzzing user usable: `POST /api/user/logout` is sent with a throw-away token (of
  admin@eris.test); the password checks (validatePassword, changePassword), whose wrong guesses
  count against the caller's sign-in throttle, are sent as care@eris.test and never with the real
  current password; an edit or a password reset of any of these users goes to sales2@eris.test.
* Writes every check failure (operation, request, status, body) as one JSON line to
  $ERIS_FUZZ_FINDINGS_JSONL, for run.py to group into the findings file.

Environment: ERIS_FUZZ_BASE_URL (http://127.0.0.1:PORT), ERIS_FUZZ_USER, ERIS_FUZZ_PASSWORD,
ERIS_FUZZ_SPARE_USER (another demo user), ERIS_FUZZ_FINDINGS_JSONL.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time

import requests
import schemathesis

BASE_URL = os.environ["ERIS_FUZZ_BASE_URL"].rstrip("/")
USER = os.environ.get("ERIS_FUZZ_USER", "management@eris.test")
PASSWORD = os.environ.get("ERIS_FUZZ_PASSWORD", "eris-demo-2026")
SPARE_USER = os.environ.get("ERIS_FUZZ_SPARE_USER", "sales2@eris.test")
FINDINGS = os.environ.get("ERIS_FUZZ_FINDINGS_JSONL")

_lock = threading.Lock()
_ids: dict[str, int] = {}


def sign_in(user: str = USER) -> str:
    """A fresh token of `user`; waits out the sign-in throttle (429) for up to a minute."""
    give_up = time.monotonic() + 60
    while True:
        response = requests.post(f"{BASE_URL}/api/user/login", json={"username": user, "password": PASSWORD},
                                 timeout=30)
        if response.status_code == 429 and time.monotonic() < give_up:
            match = re.search(r"wait (\d+) second", response.text)
            time.sleep(min(float(match.group(1)) if match else 1.0, 10.0) + 0.1)
            continue
        response.raise_for_status()
        body = response.json()
        with _lock:
            _ids[user] = body["user"]["UserId"]
        return body["id_token"]


def user_id(user: str) -> int:
    if user not in _ids:
        sign_in(user)
    return _ids[user]


_tokens: dict[str, str] = {}


def token_of(user: str, fresh: bool = False) -> str | None:
    """A token of another demo user (cached), or None when it cannot sign in."""
    if fresh or user not in _tokens:
        try:
            _tokens[user] = sign_in(user)
        except requests.RequestException:
            return None
    return _tokens[user]


@schemathesis.auth(refresh_interval=600, retry_on=[401])
class ErisAuth:
    """The Management demo user's token, signed in again whenever a call answers 401."""

    def get(self, case, ctx):
        return sign_in()

    def set(self, case, data, ctx):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


def _path(case) -> str:
    return case.operation.path


# Operations that check the caller's password: a wrong one counts against the caller's sign-in
# throttle, so they are called as another user and the fuzzing user can always sign in again.
PASSWORD_CHECKS = {("POST", "/api/user/validatePassword/"), ("POST", "/api/user/validatePassword"),
                   ("POST", "/api/user/changePassword")}
PASSWORD_USER = os.environ.get("ERIS_FUZZ_PASSWORD_USER", "care@eris.test")
# Sign-out revokes the token it is sent with: it gets a throw-away token of this user.
SIGN_OUT_USER = os.environ.get("ERIS_FUZZ_SIGN_OUT_USER", "admin@eris.test")


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    method = case.operation.method.upper()
    path = _path(case)
    has_token = bool(case.headers) and "Authorization" in case.headers
    # The users the run signs in as: an edit or a password reset of one of them goes to the spare
    # user instead (it could deactivate them, take a role away or force a new password).
    protected = set()
    for user in (USER, PASSWORD_USER, SIGN_OUT_USER):
        try:
            protected.add(str(user_id(user)))
        except requests.RequestException:
            pass
    if (method, path) == ("POST", "/api/user/logout"):
        if has_token and (token := token_of(SIGN_OUT_USER, fresh=True)):
            case.headers["Authorization"] = f"Bearer {token}"
    elif (method, path) in PASSWORD_CHECKS:
        if has_token and (token := token_of(PASSWORD_USER)):
            case.headers["Authorization"] = f"Bearer {token}"
        if path.endswith("changePassword") and isinstance(case.body, dict) and case.body.get("oldPass") == PASSWORD:
            case.body["oldPass"] = PASSWORD + "-not"  # never really change a demo user's password
    elif method == "PATCH" and path.startswith("/api/user/") and isinstance(case.path_parameters, dict):
        for name, value in list(case.path_parameters.items()):
            if str(value) in protected:
                case.path_parameters[name] = user_id(SPARE_USER)
    elif method == "POST" and path == "/api/resetUserPassword" and isinstance(case.body, dict):
        if str(case.body.get("userId")) in protected:
            case.body["userId"] = user_id(SPARE_USER)


def _text(value, limit: int = 1500) -> str | None:
    if value is None:
        return None
    if isinstance(value, bytes):
        value = value.decode("utf-8", errors="replace")
    if not isinstance(value, str):
        try:
            value = json.dumps(value, sort_keys=True, default=str)
        except (TypeError, ValueError):
            value = repr(value)
    return value if len(value) <= limit else value[:limit] + f"... ({len(value)} chars)"


@schemathesis.hook
def filter_failure(ctx, failure, case, response):
    """Records the failure and keeps it (schemathesis still reports it)."""
    if FINDINGS:
        request = response.request
        headers = {k: v for k, v in request.headers.items() if k.lower() not in ("authorization", "user-agent",
                                                                                   "accept-encoding", "connection",
                                                                                   "content-length", "x-schemathesis-testcaseid")}
        phase = getattr(getattr(getattr(case, "meta", None), "phase", None), "name", None)
        record = {
            "operation": case.operation.label,
            "check": type(failure).__name__,
            "title": getattr(failure, "title", ""),
            "message": getattr(failure, "message", ""),
            "method": request.method,
            "url": request.url,
            "request_headers": headers,
            # Whether the request carried a token (its value is never written down).
            "authorization": "sent" if "authorization" in {k.lower() for k in request.headers} else "none",
            "request_body": _text(request.body),
            "status": response.status_code,
            "content_type": (response.headers.get("content-type") or [None])[0],
            "response_body": _text(response.content),
            "phase": str(getattr(phase, "value", phase)) if phase is not None else None,
        }
        with _lock, open(FINDINGS, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(record, default=str) + "\n")
    return True
