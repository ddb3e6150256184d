# Tools the workflow-integration tests check Vigil's output with (sourced by .ci/run):
#   Sarif.Multitool, the official SARIF validator (npm, pinned): VIGIL_SARIF_MULTITOOL
#   graphviz's dot, which must accept `vigil graph --format dot`
#   Debian's pre-commit, which runs the repository's hook with `pre-commit try-repo`
#   curl, which the GitHub Action's download step uses
# Under VIGIL_CI=1 those tests fail when a tool is missing.
sarif_multitool_version=5.7.0

workflow_apt=()
command -v dot >/dev/null || workflow_apt+=(graphviz)
command -v pre-commit >/dev/null || workflow_apt+=(pre-commit)
command -v npm >/dev/null || workflow_apt+=(npm)
# The GitHub Action's download step is run against a local release server.
command -v curl >/dev/null || workflow_apt+=(curl)
if ((${#workflow_apt[@]})); then
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${workflow_apt[@]}"
fi

sarif_dir="${XDG_CACHE_HOME:-$HOME/.cache}/vigil-ci/sarif-multitool-$sarif_multitool_version"
VIGIL_SARIF_MULTITOOL="$sarif_dir/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [ ! -x "$VIGIL_SARIF_MULTITOOL" ]; then
  mkdir -p "$sarif_dir"
  npm install --prefix "$sarif_dir" --no-audit --no-fund --silent \
    "@microsoft/sarif-multitool-linux@$sarif_multitool_version"
  # npm may not run the package's postinstall script, which only makes the tool executable.
  chmod u+x "$VIGIL_SARIF_MULTITOOL"
fi
export VIGIL_SARIF_MULTITOOL
