#!/usr/bin/env bash
# Builds every target of infra/docker/Dockerfile with podman, FROM the local Node 22 base that build-base.sh
# makes (--build-arg NODE_IMAGE=…), tagged localhost/mailwright/<target>:local in the image scripts' store
# (infra/images/podman.sh: vfs driver under .data/images/). The shared stages (deps, build, runtime) are
# built once and reused from the layer cache by every later target.
#
#   infra/images/build-images.sh                 # every target
#   infra/images/build-images.sh gateway migrate # some
#   SOURCE=worktree infra/images/build-images.sh # the working tree (with uncommitted files) instead of HEAD
#   BUILD_REF=<commit> infra/images/build-images.sh  # that commit instead of HEAD
#
# The build context is a snapshot taken once per run: `git archive HEAD` (default), or with SOURCE=worktree the
# tracked and untracked files git does not ignore. So every target of a run builds the same sources while others
# keep editing the tree, and the stages shared by all targets come from the layer cache after the first.
# Docker image format: the OCI format has no HEALTHCHECK (podman drops it with a warning).
# RUN steps use `--isolation chroot` by default: on this kind of VM the OCI runtime (crun) cannot create
# containers ("cgroups in hybrid mode not supported"); BUILD_ISOLATION=oci picks the default where it works.
# When NODE_EXTRA_CA_CERTS names a CA bundle (a TLS-intercepting proxy's), the RUN steps see it read-only
# through a bind mount and an npmrc `cafile`; only the empty mount points (/run/build-ca, /usr/local/etc/npmrc)
# stay in the layers.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
podman_store=("$repo/infra/images/podman.sh")
isolation=${BUILD_ISOLATION:-chroot}
tag=${IMAGE_TAG:-local}

say() { printf 'images: %s\n' "$*" >&2; }

all_targets=$(node --import tsx -e \
  "const { processes } = await import('./infra/docker/processes.ts'); console.log(processes.map((p) => p.name).join(' '))")
if [ "$#" -gt 0 ]; then
  for target in "$@"; do
    [[ " $all_targets " == *" $target "* ]] || { say "unknown target $target; known: $all_targets"; exit 2; }
  done
  targets=("$@")
else
  read -r -a targets <<<"$all_targets"
fi

base=$(infra/images/build-base.sh | tail -n 1)

work=$(mktemp -d "${TMPDIR:-/tmp}/mailwright-images.XXXXXX")
trap 'rm -rf "$work"' EXIT

context="$work/context"
mkdir -p "$context"
case "${SOURCE:-head}" in
  head)
    ref=${BUILD_REF:-HEAD}
    git archive "$ref" | tar -x -C "$context"
    say "context: $ref ($(git rev-parse --short "$ref"))"
    ;;
  worktree)
    git ls-files -z --cached --others --exclude-standard | tar --null --files-from=- --ignore-failed-read -c | tar -x -C "$context"
    say "context: the working tree (tracked and untracked, not ignored)"
    ;;
  *) say "SOURCE must be head or worktree"; exit 2 ;;
esac
# One fixed mtime: the layer cache then keys on content alone, so an unchanged package.json keeps the npm ci layer.
find "$context" -exec touch -h -d @1 {} +
volumes=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r "$NODE_EXTRA_CA_CERTS" ]; then
  mkdir -p "$work/ca"
  cp "$NODE_EXTRA_CA_CERTS" "$work/ca/ca.crt"
  printf 'cafile=/run/build-ca/ca.crt\nupdate-notifier=false\n' >"$work/ca/npmrc"
  # npm's global config ($PREFIX/etc/npmrc); the layers keep only the empty mount points.
  volumes=(--volume "$work/ca:/run/build-ca:ro" --volume "$work/ca/npmrc:/usr/local/etc/npmrc:ro")
  say "RUN steps trust $NODE_EXTRA_CA_CERTS (bind mounted read-only, not copied into any layer)"
fi

for target in "${targets[@]}"; do
  started=$(date +%s)
  say "building $target FROM $base (isolation $isolation)"
  "${podman_store[@]}" build \
    --file "$context/infra/docker/Dockerfile" \
    --ignorefile "$context/infra/docker/Dockerfile.dockerignore" \
    --target "$target" \
    --build-arg "NODE_IMAGE=$base" \
    --isolation "$isolation" \
    --layers \
    --format docker \
    "${volumes[@]}" \
    --tag "localhost/mailwright/$target:$tag" \
    "$context" >"$work/build-$target.log" 2>&1 || {
    tail -n 60 "$work/build-$target.log" >&2
    say "$target failed"
    exit 1
  }
  say "built localhost/mailwright/$target:$tag in $(($(date +%s) - started)) s"
done

"${podman_store[@]}" images --filter reference='localhost/mailwright/*' --format '{{.Repository}}:{{.Tag}} {{.Size}}' >&2
