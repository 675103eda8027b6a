#!/usr/bin/env bash
# Stands up a one-node Slurm cluster on this machine, as root, from Debian's packages
# (slurm-wlm, munge): munged, slurmctld and slurmd with a generated slurm.conf. For the
# tests and for trying contrib/slurm/fewest.sbatch; a real cluster has its own.
# Idempotent: a cluster already up is left as it is.
set -euo pipefail
if ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
up() { timeout 3 sinfo -h -o %T 2>/dev/null | grep -qx idle; }
if up; then
  exit 0
fi
host=$(hostname -s)
cpus=$(nproc)
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 512 ))
# munge: a key of its own, the daemon as the munge user.
install -d -o munge -g munge -m 0700 /etc/munge /var/lib/munge /var/log/munge
install -d -o munge -g munge -m 0755 /run/munge
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  chown munge:munge /etc/munge/munge.key
  chmod 0400 /etc/munge/munge.key
fi
# Asked, not looked for: a killed daemon may linger as a zombie of the same name.
munge -n 2>/dev/null | unmunge >/dev/null 2>&1 || runuser -u munge -- /usr/sbin/munged
install -d /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat >/etc/slurm/slurm.conf <<CONF
ClusterName=lightsout
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
# Start a waiting task as soon as a core frees (the default waits up to 3 s a task).
SchedulerParameters=sched_interval=1,sched_min_interval=0,batch_sched_delay=0
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
timeout 3 scontrol ping 2>/dev/null | grep -q UP || slurmctld
pgrep -x -r R,S,D slurmd >/dev/null || slurmd
for _ in $(seq 1 40); do
  if up; then
    exit 0
  fi
  sleep 0.5
done
echo "cluster-up: the node did not come up; see /var/log/slurm/" >&2
sinfo >&2 || true
exit 1
