#!/bin/bash
# Runs the Slurm recipe on a real scheduler on this machine: starts a
# single-node cluster (Debian's slurm-wlm and munge, installed when missing),
# submits recipes/slurm/submit.sh for a bundled scene split 4 ways (a job
# array of 4 shards, then the join with --dependency=afterok), waits, checks
# the joined video with ffprobe (frame count and duration as 'reel plan'
# says), then submits the batch recipe (recipes/slurm/batch-shard.sbatch)
# for 4 rows of the advent batch in 4 shards and checks each row's video,
# and stops the daemons it started, whatever happened.
#   scripts/slurm-local.sh [SCENE] [reel render options…]
# Default: Scenes/hello.json --scale 0.25 --gop 30 (180 frames, a few seconds).
# Needs root (it installs packages and runs the daemons). REEL names the reel
# executable (default: the debug build, built when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scene=${1:-Scenes/hello.json}
[ $# -gt 0 ] && shift
options=("$@")
[ ${#options[@]} -gt 0 ] || options=(--scale 0.25 --gop 30)
shards=4

missing=""
for p in slurm-wlm munge ffmpeg; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "slurm-local: apt-get install$missing"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

if [ -z "${REEL:-}" ]; then
  [ -x .build/debug/reel ] || swift build --product reel >/dev/null
  REEL=$root/.build/debug/reel
fi
export REEL

work=$(mktemp -d /tmp/reel-slurm.XXXXXX)
host=$(hostname -s)
started=()
stop() {
  for pidfile in "${started[@]}"; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  sleep 1
  rm -rf "$work"
}
trap stop EXIT

# munge: the key Debian's package made, else a new one; a munged already
# running (its socket answers) is used as it is.
if ! munge -n >/dev/null 2>&1; then
  if [ ! -s /etc/munge/munge.key ]; then
    mkdir -p /etc/munge
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
    chown munge:munge /etc/munge/munge.key
    chmod 400 /etc/munge/munge.key
  fi
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge
  # The pid file where the munge user may write it.
  runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/reel-local.pid
  started+=(/run/munge/reel-local.pid)
fi

# Slurm: everything under $work; SLURM_CONF points the daemons and the
# client commands at it, so /etc/slurm is not touched.
mkdir -p "$work/state" "$work/spool" "$work/parts"
export SLURM_CONF=$work/slurm.conf
cat > "$SLURM_CONF" <<CONF
ClusterName=reel-local
SlurmctldHost=$host
SlurmUser=root
SlurmctldPort=6917
SlurmdPort=6918
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
$(slurmd -C | head -1) State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld
started+=("$work/slurmctld.pid")
slurmd
started+=("$work/slurmd.pid")
for _ in $(seq 60); do
  sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)' && break
  sleep 1
done
sinfo -h -o "%n %t %c" | sed 's/^/slurm-local: node /'

name=$(basename "$scene" .json)
out=$work/$name.mp4
cd "$work"   # the jobs' logs go here
join=$("$root/recipes/slurm/submit.sh" "$root/$scene" "$work/parts" "$shards" "$out" "${options[@]}")
echo "slurm-local: submitted $shards shards and the join (job $join)"
state=""
for _ in $(seq 600); do
  state=$(scontrol show job "$join" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2 || true)
  case "$state" in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY) break ;; esac
  sleep 1
done
if [ "$state" != COMPLETED ]; then
  echo "slurm-local: the join ended as '$state'" >&2
  tail -n 20 "$work"/reel-*.log "$work/slurmctld.log" >&2 || true
  exit 1
fi

expected=$("$REEL" plan "$root/$scene" --shards "$shards" --json "${options[@]}" | python3 -c 'import json,sys; p=json.load(sys.stdin)[0]; print(p["frames"], p["frames"] / p["fps"])')
read -r frames seconds <<<"$expected"
probe=$(ffprobe -v error -count_packets -select_streams v -show_entries stream=nb_read_packets,duration -of csv=p=0 "$out")
counted=${probe##*,} duration=${probe%%,*}
ffmpeg -v error -xerror -i "$out" -f null - 
python3 - "$counted" "$frames" "$duration" "$seconds" <<'PY'
import sys
counted, frames, duration, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
assert counted == frames, f"slurm-local: the joined video has {counted} frames, not {frames}"
assert abs(duration - seconds) < 1e-3, f"slurm-local: the joined video lasts {duration} s, not {seconds}"
PY
echo "slurm-local: passed — $shards shards joined into $counted frames ($duration s), decoded without errors"

# The batch recipe: the first 4 rows of the advent batch as a job array of
# $shards shards of whole rows; every row's video complete, where the plan
# puts it, and nothing else written.
head -n 5 "$root/Scenes/advent/days.csv" > "$work/days.csv"
batch=(--scale 0.25 --frames 0-29)
array=$(sbatch --parsable --export=ALL --array=0-$((shards - 1)) "$root/recipes/slurm/batch-shard.sbatch" \
  "$root/Scenes/advent/door.json" "$work/days.csv" "$work/advent/day-{id}.mp4" "$shards" "${batch[@]}")
array=${array%%;*}
echo "slurm-local: submitted the batch's $shards shards (job $array)"
for _ in $(seq 600); do
  squeue -h -j "$array" 2>/dev/null | grep -q . || break
  sleep 1
done
states=$(sacct -n -X -j "$array" -o State 2>/dev/null || scontrol show job "$array" 2>/dev/null | grep -o 'JobState=[A-Z_]*' || true)
outputs=$("$REEL" plan "$root/Scenes/advent/door.json" --data "$work/days.csv" --shards "$shards" --json -o "$work/advent/day-{id}.mp4" "${batch[@]}" \
  | python3 -c 'import json,sys; print(" ".join(o for s in json.load(sys.stdin)["table"] for o in s["outputs"]))')
written=$(cd "$work/advent" && ls | sed "s|^|$work/advent/|" | tr '\n' ' ')
if [ "${written% }" != "$outputs" ]; then
  echo "slurm-local: the batch wrote '$written', the plan says '$outputs' ($states)" >&2
  tail -n 20 "$work"/reel-batch-*.log >&2 || true
  exit 1
fi
for video in $outputs; do
  count=$(ffprobe -v error -count_packets -select_streams v -show_entries stream=nb_read_packets -of csv=p=0 "$video")
  [ "$count" = 30 ] || { echo "slurm-local: $video has $count frames, not 30" >&2; exit 1; }
  ffmpeg -v error -xerror -i "$video" -f null -
done
echo "slurm-local: passed — the batch's $shards shards wrote its $(echo $outputs | wc -w) videos, 30 frames each, decoded without errors"
