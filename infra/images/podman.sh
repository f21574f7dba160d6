#!/usr/bin/env bash
# podman on the image scripts' own store under .data/images/ (git-ignored), so the builds neither need nor
# disturb the machine's default store. Storage driver: IMAGES_STORAGE_DRIVER, else the kernel's overlay when it
# has one (measured here: a build step in seconds), else vfs (a full copy of the root filesystem per layer,
# about 30 s a step for the 260 MB base and minutes once node_modules is in). One store per driver.
#
#   infra/images/podman.sh images           # what build-images.sh made, with sizes
#   infra/images/podman.sh image inspect localhost/mailwright/gateway:local
set -euo pipefail
images_dir=${IMAGES_DIR:-"$(cd "$(dirname "$0")/../.." && pwd)/.data/images"}
driver=${IMAGES_STORAGE_DRIVER:-}
if [ -z "$driver" ]; then
  if grep -qw overlay /proc/filesystems; then driver=overlay; else driver=vfs; fi
fi
mkdir -p "$images_dir/storage-$driver" "$images_dir/run-$driver"
exec podman --storage-driver "$driver" --root "$images_dir/storage-$driver" --runroot "$images_dir/run-$driver" "$@"
