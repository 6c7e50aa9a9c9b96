#!/usr/bin/env python3
"""API fuzzing of the REST surface with schemathesis (`make api-fuzz`).

Starts `eris-stack --demo` on its own ports, database (dropped and made anew on the shared
PostgreSQL) and Redis prefix, signs in as the Management demo user and runs schemathesis against
/api/openapi.json with a fixed seed and a bounded number of examples per operation. Checks: no
server error (5xx), every status and content type documented in the OpenAPI.

Every distinct failure (operation, request, status, body) goes, grouped and deduplicated, to the
findings file (default /tmp/eris-schemathesis-findings.md). Exit status 0 when there is none,
1 when there are findings, 2 when the harness itself could not run.

    python3 tests/api-fuzz/run.py [--bin-dir DIR] [--max-examples N] [--seed N]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance"
DEMO_PASSWORD = "eris-demo-2026"


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def psql(admin_url: str, sql: str) -> None:
    subprocess.run(["psql", admin_url, "-qXc", sql], check=True, timeout=120)


def http_status(url: str, timeout: float = 3) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


def port_bindable(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        # As the services bind (tokio sets SO_REUSEADDR): a listener's own TIME_WAIT connections
        # do not block it, a client's TIME_WAIT socket on that port does.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def normalise(text: str | None) -> str:
    """A response body with what varies between examples (numbers, quoted values) blanked."""
    if not text:
        return ""
    text = re.sub(r"`[^`]*`", "`…`", text)
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r"\d+", "N", text)
    text = re.sub(r"\bN seconds?\b", "N seconds", text)
    return text[:240]


def render(records: list[dict], st_log: str, args, elapsed: float, exit_code: int | None, stack_note: str) -> tuple[str, int]:
    """The findings file. A distinct failure is (operation, check, status, content type, whether a
    token was sent); its bodies are listed by shape, with the shortest request as the example."""
    groups: dict[tuple, list[dict]] = {}
    for r in records:
        key = (r["operation"], r["title"], r["status"], r.get("content_type"), r.get("authorization"))
        groups.setdefault(key, []).append(r)
    causes: dict[tuple, list[tuple]] = {}
    for key in groups:
        _, title, status, ctype, token = key
        causes.setdefault((title, status, ctype, token), []).append(key)

    def cell(value) -> str:
        return str(value).replace("|", "\\|").replace("\n", " ")

    def bodies(items: list[dict]) -> list[tuple[str, int]]:
        return collections.Counter(normalise(r.get("response_body")) for r in items).most_common()

    lines = [
        "# Schemathesis findings against the Eris REST API",
        "",
        f"Run {time.strftime('%Y-%m-%d %H:%M:%S')}: binaries `{args.bin_dir}`, seed {args.seed}, "
        f"{args.max_examples} examples per operation at most, checks `{CHECKS}`, "
        f"{elapsed:.0f} s; schemathesis exit status {exit_code}.",
        "",
        f"**{len(groups)} distinct failures** (operation, check, status, content type, token sent or not) "
        f"from {len(records)} failing responses, in {len(causes)} kinds.",
        "",
    ]
    if stack_note:
        lines += [f"**The server:** {stack_note}", ""]
    lines += ["## By kind (across operations)", "",
              "| # | check | status | content type | token sent | responses | operations | commonest bodies (normalised) |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    ordered = sorted(causes.items(), key=lambda kv: (-len(kv[1]), str(kv[0])))
    for i, ((title, status, ctype, token), keys) in enumerate(ordered, 1):
        items = [r for key in keys for r in groups[key]]
        ops = sorted(key[0] for key in keys)
        common = "; ".join(f"`{cell(b[:140]) or '(empty)'}` x{n}" for b, n in bodies(items)[:3])
        lines.append(f"| {i} | {cell(title)} | {status} | {cell(ctype)} | {token} | {len(items)} | "
                     f"{len(ops)}: {cell(', '.join(ops))} | {common} |")

    lines += ["", "## By operation", ""]
    by_op: dict[str, list] = {}
    for key in sorted(groups, key=lambda k: (k[0], str(k[2]), k[1], str(k[4]))):
        by_op.setdefault(key[0], []).append(key)
    for op, keys in by_op.items():
        lines += [f"### {op}", ""]
        for key in keys:
            items = groups[key]
            example = min(items, key=lambda r: len(r.get("request_body") or "") + len(r["url"]))
            _, title, status, ctype, _ = key
            lines += [
                f"- **{title}**: {status} `{ctype}` ({len(items)} responses)",
                "",
                "  ```",
                f"  {example['method']} {example['url']}",
            ]
            for name, value in sorted((example.get("request_headers") or {}).items()):
                lines.append(f"  {name}: {value}")
            if example.get("authorization") == "sent":
                lines.append("  Authorization: Bearer <a demo user's token>")
            elif example.get("authorization") == "none":
                lines.append("  (no Authorization header)")
            if example.get("request_body") is not None:
                lines.append(f"  {example['request_body']}")
            lines += [
                "  ```",
                f"  answered {status} `{ctype}`:",
                "  ```",
                f"  {(example.get('response_body') or '(empty)')[:600]}",
                "  ```",
            ]
            message = (example.get("message") or "").strip()
            if message:
                lines.append("  " + message.replace("\n", " ")[:400])
            shapes = bodies(items)
            if len(shapes) > 1:
                lines.append(f"  Bodies seen ({len(shapes)} shapes):")
                for shape, n in shapes[:8]:
                    lines.append(f"  - x{n} `{shape[:200] or '(empty)'}`")
            lines.append("")
    lines += ["## Schemathesis summary", "", "```", st_log.strip()[-4000:], "```", ""]
    return "\n".join(lines), len(groups)


def main() -> int:
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(os.path.expanduser("~"), ".cache", "eris-target"))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", default=os.path.join(target, "debug"), help="where eris-stack is (default $CARGO_TARGET_DIR/debug)")
    parser.add_argument("--port", type=int, default=18280)
    # Below the ephemeral range (32768-60999), where a client's TIME_WAIT socket could hold it.
    parser.add_argument("--grpc-base-port", type=int, default=23251)
    parser.add_argument("--database", default="eris_fuzz")
    parser.add_argument("--pg-admin", default="postgres://postgres@localhost:5432/postgres")
    parser.add_argument("--pg-base", default="postgres://postgres@localhost:5432", help="server of the fuzz database")
    parser.add_argument("--redis-url", default="redis://localhost:6379")
    parser.add_argument("--max-examples", type=int, default=25)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", default="1", help="schemathesis workers (1 keeps the run deterministic)")
    parser.add_argument("--time-limit", type=float, default=280, help="seconds before schemathesis is stopped")
    parser.add_argument("--findings", default="/tmp/eris-schemathesis-findings.md")
    parser.add_argument("--keep-database", action="store_true")
    args = parser.parse_args()

    if shutil.which("schemathesis") is None:
        print("api-fuzz: schemathesis is not installed (pip install schemathesis)", file=sys.stderr)
        return 2
    stack_bin = os.path.join(args.bin_dir, "eris-stack")
    if not os.access(stack_bin, os.X_OK):
        print(f"api-fuzz: {stack_bin} is missing (cargo build --bin eris-stack)", file=sys.stderr)
        return 2
    taken = [p for p in [args.port, *range(args.grpc_base_port, args.grpc_base_port + 5)] if not port_bindable(p)]
    if taken:
        print(f"api-fuzz: ports already in use: {taken}", file=sys.stderr)
        return 2

    workdir = tempfile.mkdtemp(prefix="eris-api-fuzz-")
    stack = None
    st = None
    stack_log_path = os.path.join(workdir, "stack.log")
    try:
        psql(args.pg_admin, f"drop database if exists {args.database} with (force)")
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("ERIS_", "DATABASE_URL", "REDIS_URL"))},
            "DATABASE_URL": f"{args.pg_base}/{args.database}",
            "REDIS_URL": args.redis_url,
            "ERIS_REDIS_PREFIX": f"eris-fuzz:{random.randrange(10**9)}:",
            "ERIS_LISTEN": f"127.0.0.1:{args.port}",
            "ERIS_GRPC_BASE_PORT": str(args.grpc_base_port),
            "ERIS_SHUTDOWN_GRACE_MS": "0",
            "ERIS_DEMO_PASSWORD": DEMO_PASSWORD,
            # The fuzzer signs in with wrong passwords hundreds of times from one address: lift the
            # hard hourly caps (the growing per-account waits stay as they are). Both generations
            # of the setting names; an unknown one is ignored.
            "ERIS_SIGNIN_ACCOUNT_LIMIT": "1000000",
            "ERIS_SIGNIN_ADDRESS_LIMIT": "1000000",
            "ERIS_SIGNIN_ACCOUNT_HOURLY_LIMIT": "1000000",
            "ERIS_SIGNIN_ADDRESS_HOURLY_LIMIT": "1000000",
            "RUST_LOG": os.environ.get("RUST_LOG", "warn"),
        }
        log(f"starting eris-stack --demo on 127.0.0.1:{args.port} (database {args.database})")
        with open(stack_log_path, "wb") as out:
            stack = subprocess.Popen([stack_bin, "--demo"], env=env, stdout=out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 180
        while http_status(f"http://127.0.0.1:{args.port}/readyz") != 200:
            if stack.poll() is not None or time.monotonic() > deadline:
                print(open(stack_log_path, errors="replace").read()[:4000], file=sys.stderr)
                print("api-fuzz: the stack did not become ready", file=sys.stderr)
                return 2
            time.sleep(0.5)
        log("the stack is ready")

        findings_jsonl = os.path.join(workdir, "findings.jsonl")
        st_env = {
            **env,
            "SCHEMATHESIS_HOOKS": "hooks",
            "PYTHONDONTWRITEBYTECODE": "1",  # no __pycache__ in the work tree
            "PYTHONPATH": HERE + os.pathsep + os.environ.get("PYTHONPATH", ""),
            "ERIS_FUZZ_BASE_URL": f"http://127.0.0.1:{args.port}",
            "ERIS_FUZZ_USER": "management@eris.test",
            "ERIS_FUZZ_PASSWORD": DEMO_PASSWORD,
            "ERIS_FUZZ_SPARE_USER": "sales2@eris.test",
            "ERIS_FUZZ_FINDINGS_JSONL": findings_jsonl,
        }
        command = [
            "schemathesis", "run", f"http://127.0.0.1:{args.port}/api/openapi.json",
            "--url", f"http://127.0.0.1:{args.port}",
            "--checks", CHECKS,
            "--max-examples", str(args.max_examples),
            "--seed", str(args.seed),
            "--workers", str(args.workers),
            "--request-timeout", "20",
            "--generation-database", "none",
            "--continue-on-failure",
            "--no-color",
            "--suppress-health-check", "all",
        ]
        log("running: " + " ".join(command))
        started = time.monotonic()
        st_log_path = os.path.join(workdir, "schemathesis.log")
        with open(st_log_path, "wb") as out:
            st = subprocess.Popen(command, env=st_env, stdout=out, stderr=subprocess.STDOUT, cwd=workdir)
            try:
                exit_code = st.wait(timeout=args.time_limit)
            except subprocess.TimeoutExpired:
                st.send_signal(signal.SIGINT)
                try:
                    st.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    st.kill()
                    st.wait()
                exit_code = None
                log(f"schemathesis stopped after the {args.time_limit:.0f} s limit")
        elapsed = time.monotonic() - started
        st_log = open(st_log_path, errors="replace").read()
        kept_log = os.path.splitext(args.findings)[0] + ".log"
        shutil.copyfile(st_log_path, kept_log)
        log(f"schemathesis finished in {elapsed:.0f} s with exit status {exit_code}")

        stack_note = ""
        if stack.poll() is not None:
            stack_note = f"eris-stack exited during the run (status {stack.returncode})."
        elif http_status(f"http://127.0.0.1:{args.port}/readyz") != 200:
            stack_note = "/readyz no longer answers 200 after the run."
        records = []
        if os.path.exists(findings_jsonl):
            with open(findings_jsonl, encoding="utf-8") as handle:
                records = [json.loads(line) for line in handle if line.strip()]
        text, distinct = render(records, st_log, args, elapsed, exit_code, stack_note)
        with open(args.findings, "w", encoding="utf-8") as handle:
            handle.write(text)

        # Schemathesis's own closing lines, then ours.
        print("\n".join(st_log.strip().splitlines()[-40:]))
        print()
        errored = exit_code not in (0, 1)  # 1: failures found; anything else: the tool itself failed
        if stack_note:
            print(f"api-fuzz: {stack_note}")
        print(f"api-fuzz: {distinct} distinct failures in {len(records)} failing responses; written to {args.findings}"
              f" (schemathesis's whole output: {kept_log})")
        if exit_code is None:
            print("api-fuzz: schemathesis did not finish within the time limit")
        elif errored:
            print(f"api-fuzz: schemathesis exited with status {exit_code} (errors, see its output above)")
        ok = distinct == 0 and exit_code == 0 and not stack_note
        print(f"api-fuzz: {1 if ok else 0} passed, {0 if ok else 1} failed")
        return 0 if ok else 1
    finally:
        if st is not None and st.poll() is None:
            st.kill()
            st.wait()
        if stack is not None and stack.poll() is None:
            stack.send_signal(signal.SIGTERM)
            try:
                stack.wait(timeout=15)
            except subprocess.TimeoutExpired:
                stack.kill()
                stack.wait()
        if not args.keep_database:
            try:
                psql(args.pg_admin, f"drop database if exists {args.database} with (force)")
            except (subprocess.SubprocessError, OSError) as error:
                print(f"api-fuzz: could not drop {args.database}: {error}", file=sys.stderr)
        shutil.rmtree(workdir, ignore_errors=True)


def _interrupt(signum, _frame):
    raise KeyboardInterrupt(signal.Signals(signum).name)


if __name__ == "__main__":
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _interrupt)
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
