# solc-js, the Solidity compiler's own npm release (pinned; the compiler ships inside the
# package as soljson.js): the storage-layout tests compare `vigil layout` with its
# storageLayout output (scan/solidity/layout/solc_test.go). Sourced by .ci/run after
# workflow-tools.sh (which installs npm); exports VIGIL_SOLCJS, the folder holding node_modules/solc.
solc_js_version=0.8.30
VIGIL_SOLCJS="${XDG_CACHE_HOME:-$HOME/.cache}/vigil-ci/solc-$solc_js_version"
if [ ! -f "$VIGIL_SOLCJS/node_modules/solc/soljson.js" ]; then
  mkdir -p "$VIGIL_SOLCJS"
  npm install --prefix "$VIGIL_SOLCJS" --no-audit --no-fund --silent "solc@$solc_js_version"
fi
export VIGIL_SOLCJS
