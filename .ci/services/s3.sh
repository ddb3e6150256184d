#!/usr/bin/env bash
# Installs versitygw, the S3-compatible server the blob-store and server tests run against
# (server/blob/s3test starts one per test on a free loopback port). It is built from the Go
# module proxy (about two minutes the first time) and kept in $(go env GOPATH)/bin, where the
# tests find it; a binary of the right version already there is reused. Developers run it too.
set -euo pipefail
want=v1.8.0
bin="$(go env GOPATH)/bin/versitygw"
have="$( [[ -x $bin ]] && go version -m "$bin" 2>/dev/null | awk '$1 == "mod" { print $3 }' || true)"
if [[ $have != "$want" ]]; then
  echo "installing versitygw $want into $bin"
  go install "github.com/versity/versitygw/cmd/versitygw@$want"
fi
