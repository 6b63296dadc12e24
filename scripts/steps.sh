# Sourced by .ci/run and the check scripts: timed steps, a failure that always says what failed, and
# errexit everywhere. `fail MESSAGE` ends the run with its reason; any other command that stops the run
# (errexit) is named with its file, line and exit status, so no step ends without a word.
set -Eeuo pipefail
t0=$(date +%s%N)
step() { awk -v ns="$(($(date +%s%N) - t0))" -v msg="$*" 'BEGIN { printf "[%5.1fs] %s\n", ns / 1e9, msg }'; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
trap 'printf "FAIL: %s:%s: \`%s\` exited %d\n" "${BASH_SOURCE[0]#"$PWD/"}" "$LINENO" "$BASH_COMMAND" "$?" >&2' ERR
