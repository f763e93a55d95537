#!/bin/bash
# Submits a split render to Slurm: an N-task job array, then the join, which
# runs only when every task succeeded. Prints the join's job id.
#   recipes/slurm/submit.sh SCENE PARTS_DIR N OUT.mp4 [reel render options…]
# REEL (the reel executable, default: reel on PATH) is passed to the jobs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
scene=$1 parts=$2 shards=$3 out=$4
shift 4
mkdir -p "$parts"
array=$(sbatch --parsable --export=ALL --array=0-$((shards - 1)) "$here/render-shard.sbatch" "$scene" "$parts" "$shards" "$@")
sbatch --parsable --export=ALL --dependency=afterok:"${array%%;*}" "$here/join.sbatch" "$parts" "$out"
