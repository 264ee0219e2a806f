#!/bin/sh
# A real one-node Slurm, as the owner fixtures were recorded with and the owner
# integration tests to come will start (../shared/reference/real-components.md):
#   slurm-one-node.sh start DIR   -> writes DIR/slurm.conf, starts munged, slurmctld, slurmd;
#                                    waits until the node is idle; prints SLURM_CONF=DIR/slurm.conf
#   slurm-one-node.sh stop DIR    -> stops them by pid and removes the job cgroups left behind
# Needs root and the packages slurmctld slurmd slurm-client munge.
set -eu
cmd=$1 dir=$2
case "$cmd" in
start)
    mkdir -p "$dir/state" "$dir/spool" /run/munge
    chown munge:munge /run/munge 2>/dev/null || true
    if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
        su -s /bin/sh munge -c '/usr/sbin/munged' 2>/dev/null || /usr/sbin/munged --force
    fi
    node=$(slurmd -C | head -1)
    name=$(echo "$node" | sed 's/^NodeName=\([^ ]*\).*/\1/')
    cat > "$dir/slurm.conf" <<CONF
ClusterName=gw
SlurmctldHost=$name
SlurmUser=root
SlurmctldPort=${GW_SLURMCTLD_PORT:-16817}
SlurmdPort=${GW_SLURMD_PORT:-16818}
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/cgroup
TaskPlugin=task/none
SelectType=select/cons_tres
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
$node State=UNKNOWN
PartitionName=debug Nodes=$name Default=YES MaxTime=INFINITE State=UP
CONF
    sed -i 's/ UpTime=[^ ]*//' "$dir/slurm.conf"
    cat > "$dir/cgroup.conf" <<CONF
CgroupPlugin=cgroup/v1
CgroupAutomount=no
CONF
    export SLURM_CONF="$dir/slurm.conf"
    slurmctld -D -f "$SLURM_CONF" >"$dir/ctld.out" 2>&1 &
    slurmd -D -f "$SLURM_CONF" >"$dir/d.out" 2>&1 &
    i=0
    until [ "$(sinfo -h -N -o %T 2>/dev/null | head -1)" = idle ]; do
        i=$((i + 1)); [ $i -gt 300 ] && { echo "slurm did not come up" >&2; cat "$dir"/*.log >&2; exit 1; }
        sleep 0.1
    done
    echo "SLURM_CONF=$SLURM_CONF"
    ;;
stop)
    for p in slurmd slurmctld; do
        [ -f "$dir/$p.pid" ] && kill "$(cat "$dir/$p.pid")" 2>/dev/null || true
    done
    sleep 1
    find /sys/fs/cgroup -depth -type d -name 'slurm*' -exec rmdir {} \; 2>/dev/null || true
    ;;
esac
