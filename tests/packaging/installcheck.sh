#!/bin/bash
# The Debian packages as an admin gets them (issue 28): built by `make
# package`, checked with lintian, installed with dpkg -i, run and checked as
# installed, then removed (the configuration stays) and purged (it goes).
# Changes the machine it runs on: CI runs it (as root, or with sudo) on its
# fresh machine after the plain suite; docs/guide/install.md.
#   installcheck.sh PACKAGES_DIR
# Exit 0 when every check holds; the first that does not says what and
# exits 1. The packages are purged either way.
set -uo pipefail
dir=${1:?usage: installcheck.sh PACKAGES_DIR}
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
desk=$(ls "$dir"/gpuwarden_*_*.deb 2>/dev/null | head -1)
agentdeb=$(ls "$dir"/gpuwarden-agent_*_*.deb 2>/dev/null | head -1)
[ -n "$desk" ] && [ -n "$agentdeb" ] || { echo "installcheck: no packages in $dir (make package)"; exit 1; }
version=$(dpkg-deb -f "$desk" Version)
unit=/lib/systemd/system/gpuwarden-agent.service
config=/etc/gpuwarden/agent.toml
port=9807
agent_pid=
export QT_QPA_PLATFORM=offscreen

say() { echo "installcheck: $*"; }
fail() {
    echo "installcheck: FAILED: $*" >&2
    cleanup
    exit 1
}
cleanup() {
    [ -n "$agent_pid" ] && "${sudo[@]}" kill "$agent_pid" 2>/dev/null
    agent_pid=
    "${sudo[@]}" dpkg --purge gpuwarden gpuwarden-agent >/dev/null 2>&1
}
# GET 127.0.0.1:$port$1 with bearer token $2: prints the status code.
http_status() {
    python3 - "$port" "$1" "${2:-}" <<'EOF'
import sys, urllib.request, urllib.error
req = urllib.request.Request(f"http://127.0.0.1:{sys.argv[1]}{sys.argv[2]}")
if sys.argv[3]:
    req.add_header("Authorization", "Bearer " + sys.argv[3])
try:
    print(urllib.request.urlopen(req, timeout=5).status)
except urllib.error.HTTPError as e:
    print(e.code)
except Exception:
    print(0)
EOF
}
# Waits up to 15 s for GET $1 (token $2) to answer $3.
wait_status() {
    local got
    for _ in $(seq 1 60); do
        got=$(http_status "$1" "${2:-}")
        [ "$got" = "$3" ] && return 0
        sleep 0.25
    done
    echo "GET $1 answered $got, not $3"
    return 1
}

say "packages $version: $(basename "$desk") $(basename "$agentdeb")"

# lintian: no errors (warnings and notes are printed, not fatal).
lintian --fail-on error --display-level '>=warning' "$desk" "$agentdeb" 2>&1 |
    grep -v 'running with root privileges' || true
lintian --fail-on error "$desk" "$agentdeb" >/dev/null 2>&1 || fail "lintian found errors"
say "lintian: no errors"

"${sudo[@]}" dpkg --purge gpuwarden gpuwarden-agent >/dev/null 2>&1
"${sudo[@]}" dpkg -i "$desk" "$agentdeb" || fail "dpkg -i"
say "installed"

# One version: the package's is what each program says.
for program in gpuwarden gpuwarden-cli gpuwarden-agent; do
    said=$("$program" --version 2>&1 | head -1)
    [ "$said" = "${said% "$version"} $version" ] || fail "$program --version says \"$said\", not $version"
    say "$program --version: $said"
done

# What the agent's package made: its user, its state folder, who reads its
# configuration.
getent passwd gpuwarden >/dev/null || fail "no user gpuwarden"
[ "$(stat -c '%U:%G %a' /var/lib/gpuwarden)" = "gpuwarden:gpuwarden 750" ] ||
    fail "/var/lib/gpuwarden is $(stat -c '%U:%G %a' /var/lib/gpuwarden)"
[ "$(stat -c '%U:%G %a' $config)" = "root:gpuwarden 640" ] || fail "$config is $(stat -c '%U:%G %a' $config)"
say "user gpuwarden, /var/lib/gpuwarden gpuwarden:gpuwarden 750, $config root:gpuwarden 640"
man -w gpuwarden gpuwarden-cli gpuwarden-agent >/dev/null || fail "a man page is missing"

# The doctor on this machine. Without a GPU and before a token is made the
# worst findings are warnings (no NVML, no token): exit 1; an error would be
# 2 (docs/guide/troubleshooting.md).
doctor=$("${sudo[@]}" gpuwarden-agent doctor 2>&1)
doctor_rc=$?
echo "$doctor"
[ $doctor_rc -le 1 ] || fail "gpuwarden-agent doctor exit $doctor_rc (an error) on a fresh installation"
echo "$doctor" | grep -q '^warning  config .*no \[\[token\]\]' || fail "the doctor did not say there is no token"
say "doctor: exit $doctor_rc"

# The unit as installed.
verify=$(systemd-analyze verify "$unit" 2>&1) || fail "systemd-analyze verify: $verify"
[ -z "$verify" ] || fail "systemd-analyze verify: $verify"
say "systemd-analyze verify: clean"
exposure=$(systemd-analyze security --offline=true --threshold=30 "$unit" 2>&1 | grep 'Overall exposure') ||
    fail "systemd-analyze security: above 3.0"
say "systemd-analyze security: ${exposure#→ }"

appstreamcli validate --no-net --pedantic /usr/share/metainfo/io.github.gpuwarden.metainfo.xml ||
    fail "appstreamcli validate"
desktop-file-validate /usr/share/applications/gpuwarden.desktop || fail "desktop-file-validate"
say "metainfo and .desktop valid"

# The agent as the unit starts it: its command line, its user and groups,
# its capabilities and nothing more, no new privileges.
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
user=$(sed -n 's/^User=//p' "$unit")
caps=$(sed -n 's/^AmbientCapabilities=//p' "$unit" | tr 'A-Z' 'a-z' | sed 's/cap_//g; s/ /,+/g')
[ -n "$exec_start" ] && [ -n "$user" ] && [ -n "$caps" ] || fail "the unit lacks ExecStart, User or AmbientCapabilities"
log=$(mktemp)
# shellcheck disable=SC2086 # the unit's command line, split as systemd does
"${sudo[@]}" setpriv --reuid="$user" --regid="$user" --init-groups \
    --inh-caps=-all,+"$caps" --ambient-caps=-all,+"$caps" --bounding-set=-all,+"$caps" \
    --no-new-privs -- $exec_start >"$log" 2>&1 &
agent_pid=$!
wait_status /healthz "" 200 || { cat "$log"; fail "the installed agent does not serve /healthz"; }
# setpriv execs the agent (sudo, where used, runs it as a child).
pid=$(pgrep -n -x gpuwarden-agent) || fail "no gpuwarden-agent process"
status=$(grep -E '^(Uid|CapAmb)' /proc/$pid/status | tr -s '\t' ' ')
say "agent ($exec_start) as $user: /healthz 200; $(echo $status)"
grep -q "no \[\[token\]\] in the configuration" "$log" || { cat "$log"; fail "the agent did not warn of no token"; }
[ "$(http_status /v1/snapshot nothing)" = 401 ] || fail "/v1/snapshot without a token is not 401"

# token new: 200 once the agent is told (SIGHUP); revoke: 401 after the next.
token=$("${sudo[@]}" gpuwarden-agent token new --name ci --scope read) || fail "token new"
[ ${#token} -eq 64 ] || fail "token new printed \"$token\""
[ "$(stat -c '%U:%G %a' $config)" = "root:gpuwarden 640" ] || fail "token new left $config $(stat -c '%U:%G %a' $config)"
# An upgrade (the same package again: dpkg's upgrade path) keeps the edited
# conffile and its owner and mode.
"${sudo[@]}" dpkg -i "$agentdeb" >/dev/null || fail "dpkg -i over the installed package"
"${sudo[@]}" gpuwarden-agent token list | grep -q '^ci ' || fail "the upgrade lost the token added to $config"
[ "$(stat -c '%U:%G %a' $config)" = "root:gpuwarden 640" ] || fail "the upgrade left $config $(stat -c '%U:%G %a' $config)"
say "upgraded over itself: the edited $config kept, root:gpuwarden 640"
[ "$(http_status /v1/snapshot "$token")" = 401 ] || fail "a new token is taken before SIGHUP"
"${sudo[@]}" kill -HUP "$pid"
wait_status /v1/snapshot "$token" 200 || { cat "$log"; fail "the new token after SIGHUP"; }
say "token new, SIGHUP: 200"
"${sudo[@]}" gpuwarden-agent token revoke ci || fail "token revoke"
"${sudo[@]}" kill -HUP "$pid"
wait_status /v1/snapshot "$token" 401 || { cat "$log"; fail "the revoked token after SIGHUP"; }
say "token revoke, SIGHUP: 401"
"${sudo[@]}" kill -TERM "$pid"
wait "$agent_pid"
rc=$?
agent_pid=
[ $rc -eq 0 ] || { cat "$log"; fail "the agent exited $rc on SIGTERM"; }
rm -f "$log"
state=$("${sudo[@]}" ls /var/lib/gpuwarden | tr '\n' ' ')
[ -n "$state" ] || fail "the agent wrote nothing to /var/lib/gpuwarden"
say "SIGTERM: exit 0; /var/lib/gpuwarden: $state"

# Removed: the programs go, the configuration and the state stay.
"${sudo[@]}" dpkg --remove gpuwarden gpuwarden-agent || fail "dpkg --remove"
[ ! -e /usr/bin/gpuwarden-agent ] && [ ! -e /usr/bin/gpuwarden ] || fail "a program is left after remove"
[ -f $config ] && [ -f /etc/gpuwarden/policy.toml ] || fail "the configuration went on remove"
[ -d /var/lib/gpuwarden ] || fail "the state folder went on remove"
say "removed: programs gone, $config and /var/lib/gpuwarden kept"

# Purged: the configuration, its override and the state go.
"${sudo[@]}" dpkg --purge gpuwarden gpuwarden-agent || fail "dpkg --purge"
[ ! -e /etc/gpuwarden ] || fail "/etc/gpuwarden is left after purge: $(ls -A /etc/gpuwarden)"
[ ! -e /var/lib/gpuwarden ] || fail "/var/lib/gpuwarden is left after purge"
! dpkg-statoverride --list $config >/dev/null || fail "the override of $config is left after purge"
for p in gpuwarden gpuwarden-agent; do
    ! dpkg-query -W -f='${db:Status-Status}\n' $p 2>/dev/null | grep -qv '^not-installed$' ||
        fail "dpkg still knows $p: $(dpkg-query -W -f='${db:Status-Status}' $p)"
done
say "purged: /etc/gpuwarden and /var/lib/gpuwarden gone"
say "ok"
