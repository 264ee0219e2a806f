#!/usr/bin/env python3
"""deploy/kubernetes as a cluster would take it: every manifest parses, the
kustomization deploys each one, and the fields that matter hold (issue 28):
the node's PID namespace, probes on /healthz, no privileged container and no
capability but KILL and SYS_NICE, resource requests and limits, the read
token from a Secret only the agent reads and never in the ConfigMap, the
ServiceMonitor reading /metrics with that Secret, no Kubernetes API access.
agent.toml is read by the agent's own parser (gpuwarden-agent token list).
Skipped (77) without PyYAML; `kubectl kustomize` is run where kubectl is.

    checkkubernetes.py DIR AGENT
"""
import os
import re
import shutil
import subprocess
import sys

try:
    import yaml
except ImportError:
    print("PyYAML is not installed: skipped")
    sys.exit(77)

folder, agent = sys.argv[1], sys.argv[2]
problems = []


def need(condition, what):
    if not condition:
        problems.append(what)


docs = {}
for name in sorted(os.listdir(folder)):
    if not name.endswith(".yaml"):
        continue
    with open(os.path.join(folder, name)) as f:
        parsed = [d for d in yaml.safe_load_all(f) if d is not None]
    need(len(parsed) == 1, f"{name}: one document expected, {len(parsed)} found")
    for d in parsed:
        need("apiVersion" in d and "kind" in d, f"{name}: no apiVersion or kind")
    docs[name] = parsed[0]

kust = docs.pop("kustomization.yaml")
need(sorted(kust.get("resources", [])) == sorted(docs),
     f"kustomization.yaml deploys {sorted(kust.get('resources', []))}, the folder has {sorted(docs)}")
by_kind = {d["kind"]: d for d in docs.values()}
for kind in ["Namespace", "ServiceAccount", "DaemonSet", "Service", "ServiceMonitor"]:
    need(kind in by_kind, f"no {kind}")
need(not ({"Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding"} & set(by_kind)),
     "a Role: the agent asks no Kubernetes API")
need(by_kind["ServiceAccount"].get("automountServiceAccountToken") is False,
     "the ServiceAccount mounts an API token")

ds = by_kind["DaemonSet"]
pod = ds["spec"]["template"]["spec"]
labels = ds["spec"]["template"]["metadata"]["labels"]
need(pod.get("hostPID") is True, "hostPID is not true: GPU processes could not be owned")
need(pod.get("automountServiceAccountToken") is False, "the pod mounts an API token")
need(pod.get("serviceAccountName") == by_kind["ServiceAccount"]["metadata"]["name"],
     "the pod runs as another ServiceAccount")
volumes = {v["name"]: v for v in pod.get("volumes", [])}
secret_name = None
for c in pod["containers"]:
    sc = c.get("securityContext", {})
    need(sc.get("privileged") is not True, f"{c['name']}: privileged")
    need(sc.get("allowPrivilegeEscalation") is False, f"{c['name']}: privilege escalation allowed")
    caps = sc.get("capabilities", {})
    need("ALL" in caps.get("drop", []), f"{c['name']}: capabilities not dropped")
    need(set(caps.get("add", [])) <= {"KILL", "SYS_NICE"},
         f"{c['name']}: capabilities {caps.get('add')} beyond KILL and SYS_NICE")
    for probe in ["livenessProbe", "readinessProbe"]:
        get = c.get(probe, {}).get("httpGet", {})
        need(get.get("path") == "/healthz", f"{c['name']}: {probe} is not on /healthz")
    res = c.get("resources", {})
    for part in ["requests", "limits"]:
        for what in ["cpu", "memory"]:
            need(what in res.get(part, {}), f"{c['name']}: no {part}.{what}")
    env = {e["name"]: e.get("value") for e in c.get("env", [])}
    need("nvidia.com/gpu" not in res.get("limits", {}),
         f"{c['name']}: takes a GPU from the scheduler")
    need(env.get("NVIDIA_VISIBLE_DEVICES") == "all", f"{c['name']}: does not see every GPU")
    mounts = {m["name"]: m for m in c.get("volumeMounts", [])}
    for m in mounts.values():
        v = volumes.get(m["name"])
        need(v is not None, f"{c['name']}: mounts {m['name']}, no such volume")
        if v and "secret" in v:
            secret_name = v["secret"]["secretName"]
            need(v["secret"].get("defaultMode") == 0o400,
                 f"{m['name']}: the token's file is readable beyond the agent (defaultMode)")
    need(any(v.get("hostPath", {}).get("path") == "/var/lib/kubelet/pod-resources"
             for v in volumes.values()), "the kubelet's pod-resources socket is not mounted")
need(secret_name is not None, "no Secret mounted for the token")

svc = by_kind["Service"]
need(all(labels.get(k) == v for k, v in svc["spec"]["selector"].items()),
     "the Service does not select the agent's pods")
port_names = {p["name"] for p in svc["spec"]["ports"]}
sm = by_kind["ServiceMonitor"]
need(all(labels.get(k) == v for k, v in sm["spec"]["selector"]["matchLabels"].items()),
     "the ServiceMonitor does not select the agent's Service")
for ep in sm["spec"]["endpoints"]:
    need(ep.get("port") in port_names, f"ServiceMonitor port {ep.get('port')} is not the Service's")
    need(ep.get("path") == "/metrics", "ServiceMonitor does not read /metrics")
    need(ep.get("bearerTokenSecret", {}).get("name") == secret_name,
         "ServiceMonitor reads /metrics without the agent's token Secret")

# The ConfigMap: made from agent.toml, which names no token, only its file.
generators = kust.get("configMapGenerator", [])
need(len(generators) == 1, "agent.toml's ConfigMap is not made by the kustomization")
with open(os.path.join(folder, "agent.toml")) as f:
    toml_text = f.read()
need(not re.search(r"^\s*sha256\s*=", toml_text, re.M), "agent.toml holds a token's hash")
need(not re.search(r"[0-9a-fA-F]{32,}", toml_text), "agent.toml holds something like a token")
listed = subprocess.run([agent, "token", "list", "--config", os.path.join(folder, "agent.toml")],
                        capture_output=True, text=True)
need(listed.returncode == 0, f"the agent refuses agent.toml: {listed.stderr.strip()}")
rows = listed.stdout.strip().splitlines()[1:]
need(rows and all("(token_file /etc/gpuwarden/tokens/" in r for r in rows),
     f"a token not from the Secret's folder: {rows}")

if shutil.which("kubectl"):
    built = subprocess.run(["kubectl", "kustomize", folder], capture_output=True, text=True)
    need(built.returncode == 0, f"kubectl kustomize: {built.stderr.strip()}")
    print("kubectl kustomize:", "ok" if built.returncode == 0 else "failed")

for p in problems:
    print(p)
print("ok" if not problems else f"{len(problems)} problem(s)")
sys.exit(1 if problems else 0)
