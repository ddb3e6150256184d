#!/usr/bin/env bash
# PostgreSQL for the tests (server/store/pgtest): installs Debian's postgresql when its
# binaries are missing. Nothing is started here: each test binary starts its own server in a
# temporary folder (as the user nobody when run as root, since initdb refuses root) and talks
# to it through a Unix socket there. A developer runs this script once; to use a server of
# your own instead, export VIGIL_TEST_POSTGRES=postgres://user@host/db.
set -euo pipefail
if command -v initdb >/dev/null || compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "postgres.sh: PostgreSQL is missing; run as root or: sudo apt-get install postgresql" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
