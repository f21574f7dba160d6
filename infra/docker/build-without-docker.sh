#!/usr/bin/env bash
# What the Dockerfile does, without Docker, for CI: install (if needed), bundle every process into a
# temp dir outside the repo with node_modules pruned to production dependencies, then run the built
# migrate job and identity service against a fresh database and check /healthz, /readyz and /metrics.
#
#   infra/docker/build-without-docker.sh            # uses DATABASE_ADMIN_URL (default: local Postgres)
#   KEEP_OUTPUT=1 infra/docker/build-without-docker.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
admin_url=${DATABASE_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
out=$(mktemp -d "${TMPDIR:-/tmp}/mailwright-build.XXXXXX")
database="mw_build_$(date +%s)_$$"
database_url="${admin_url%/*}/${database}"
identity_pid=""

say() { printf 'build: %s\n' "$*"; }

cleanup() {
  status=$?
  if [ -n "$identity_pid" ] && kill -0 "$identity_pid" 2>/dev/null; then
    kill -TERM "$identity_pid" 2>/dev/null || true
    wait "$identity_pid" 2>/dev/null || true
  fi
  (cd "$repo" && ADMIN_URL="$admin_url" DB="$database" node -e '
    const pg = require("pg");
    const client = new pg.Client(process.env.ADMIN_URL);
    client.connect()
      .then(() => client.query(`drop database if exists "${process.env.DB}" with (force)`))
      .catch((error) => console.error("build: could not drop the test database:", error.message))
      .finally(() => client.end());
  ') || true
  if [ -z "${KEEP_OUTPUT:-}" ]; then rm -rf "$out"; else say "output kept in $out"; fi
  exit $status
}
trap cleanup EXIT

# 1. install (a CI clone has no node_modules; a developer's tree is used as it is)
if [ ! -d node_modules/esbuild ]; then
  say "installing dependencies (npm ci)"
  npm ci --no-audit --no-fund
fi
if [ -n "${BUILD_WEB:-}" ]; then
  say "building the web app"
  npm run build -w web
fi

# 2. bundle every process and prune each to its production dependencies
node --import tsx infra/docker/bundle.ts --out "$out"

# 3. every bundle loads all of its modules and stops on missing configuration with one clear line
#    (started as the image starts it: the tracing register module first where there is one, a no-op without an
#    OTLP endpoint)
for dir in "$out"/*/; do
  name=$(basename "$dir")
  entry=$(cd "$dir" && node -p 'require("./package.json").main')
  imports=()
  if [ -f "$dir"dist/tracing.mjs ]; then imports=(--import ./dist/tracing.mjs); fi
  set +e
  message=$(cd "$dir" && env -i PATH="$PATH" HOME="$HOME" node "${imports[@]}" "$entry" 2>&1 >/dev/null)
  code=$?
  set -e
  if [ "$code" -ne 1 ] || ! grep -q '^Configuration error: ' <<<"$message"; then
    say "$name did not stop with a configuration error (exit $code): $message" >&2
    exit 1
  fi
  say "$name loads and reports: $message"
done

# 4. the pruned node_modules really carry the native addon
(cd "$out/identity" && node -e '
  const argon2 = require("argon2");
  argon2.hash("check").then((hash) => argon2.verify(hash, "check")).then((ok) => process.exit(ok ? 0 : 1));
')
say "identity's pruned node_modules load argon2"

# 5. migrate a fresh database with the built migration job
(cd "$out/migrate" && env -i PATH="$PATH" DATABASE_URL="$database_url" node dist/migrate.mjs)

# 6. start the built identity service and probe it
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})')
internal_secret=$(node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("hex"))')
encryption_key=$(node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("hex"))')
(cd "$out/identity" && exec env -i PATH="$PATH" HOST=127.0.0.1 IDENTITY_PORT="$port" DATABASE_URL="$database_url" \
  INTERNAL_SECRET="$internal_secret" ENCRYPTION_KEY="$encryption_key" LOG_LEVEL=info \
  node --enable-source-maps dist/server.mjs) >"$out/identity.log" 2>&1 &
identity_pid=$!

base="http://127.0.0.1:$port"
probe() { node -e 'fetch(process.argv[1]).then(async (r) => { process.stdout.write(await r.text()); process.exit(r.ok ? 0 : 1) }, () => process.exit(1))' "$1"; }
for _ in $(seq 1 100); do
  if probe "$base/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$identity_pid" 2>/dev/null; then
    say "identity exited early:" >&2
    cat "$out/identity.log" >&2
    exit 1
  fi
  sleep 0.2
done
say "GET /healthz → $(probe "$base/healthz")"
say "GET /readyz → $(probe "$base/readyz")"
metrics=$(probe "$base/metrics")
grep -q '^http_request_duration_seconds_count{service="identity",method="GET",route="/healthz",status="200"}' <<<"$metrics" || {
  say "GET /metrics lacks the /healthz latency series" >&2
  exit 1
}
say "GET /metrics → $(grep -c '^# TYPE' <<<"$metrics") metric families"

kill -TERM "$identity_pid"
wait "$identity_pid" || { say "identity did not shut down cleanly" >&2; cat "$out/identity.log" >&2; exit 1; }
identity_pid=""
say "identity stopped cleanly on SIGTERM"
say "ok"
