package io.crosscheck.k8s;

/**
 * {@code README.txt} beside the manifests: the kubectl commands in the order they are run, how the
 * merged run is copied back, and where the wire is captured (each pod with --audit). Stateless.
 */
final class ShardJobReadme {
  private ShardJobReadme() {}

  static String text(ShardJobPlan plan) {
    String n = plan.namespace() == null ? "" : " -n " + plan.namespace();
    String name = plan.name();
    StringBuilder b = new StringBuilder();
    b.append("crosscheck k8s: run \"").append(name).append("\" as ").append(plan.shards())
        .append(" shards of one seeded schedule, a Kubernetes Indexed Job\n\n");
    b.append("Every shard starts its part of the schedule at ").append(plan.startAt()).append(" (UTC).\n")
        .append("Apply job.yaml well before then, but less than 24 h before: a shard ready to load more than 5 s\n")
        .append("after the instant sends nothing and fails, and run refuses an instant more than 24 h ahead.\n")
        .append("Node clocks must agree (NTP on every node); each shard's run.json records its clock offset.\n")
        .append("To start at another instant, write the manifests again (--start-at or --start-in).\n\n");
    b.append("Commands, in order:\n\n");
    int step = 1;
    if (plan.claim() == null) {
      b.append(step++).append(". The shared volume (ReadWriteMany, ").append(plan.storage()).append("):\n")
          .append("     kubectl apply").append(n).append(" -f pvc.yaml\n");
    } else {
      b.append(step++).append(". The shared volume is the existing claim \"").append(plan.claim())
          .append("\" (ReadWriteMany), mounted at ").append(ShardJobPlan.RUNS_MOUNT).append(".\n");
    }
    b.append(step++).append(". The shards (").append(plan.shards()).append(" pods, shard i writes ")
        .append(plan.shardDir("i")).append("):\n")
        .append("     kubectl apply").append(n).append(" -f job.yaml\n")
        .append("     kubectl get pods").append(n).append(" -l app.kubernetes.io/instance=").append(name)
        .append(",app.kubernetes.io/component=shard -o wide\n");
    if (plan.serveArgs() != null) {
      b.append("   Each pod also runs the target's server, crosscheck ").append(String.join(" ", plan.serveArgs()))
          .append(",\n   as a sidecar (Kubernetes 1.29+) that starts before the shard, on the pod's loopback.\n");
    } else {
      b.append("   The shards load the target named after -- (a Service, http://NAME.NAMESPACE:PORT, or any address\n")
          .append("   the pods reach), each resolving its name once, in its pod, at its start; it must be up before\n")
          .append("   the start instant.\n");
    }
    b.append(step++).append(". Wait for every shard, then merge them into ").append(plan.mergedDir()).append(":\n")
        .append("     kubectl wait").append(n).append(" --for=condition=complete --timeout=24h job/").append(name).append('\n')
        .append("     kubectl apply").append(n).append(" -f merge-job.yaml\n")
        .append("     kubectl wait").append(n).append(" --for=condition=complete --timeout=1h job/").append(name)
        .append("-merge\n")
        .append("     kubectl logs").append(n).append(" job/").append(name).append("-merge\n")
        .append("   A failed shard fails the Job, and the first wait then lasts until its timeout: kubectl get")
        .append(n).append(" job/").append(name).append(" shows it.\n");
    b.append(step++).append(". Copy the merged run directory back, through a pod that holds the claim:\n")
        .append("     kubectl apply").append(n).append(" -f fetch-pod.yaml\n")
        .append("     kubectl wait").append(n).append(" --for=condition=Ready --timeout=5m pod/").append(name)
        .append("-fetch\n")
        .append("     kubectl cp ").append(K8sManifests.namespacePrefix(plan)).append(name).append("-fetch:")
        .append(plan.mergedDir()).append(" ./").append(name).append("-merged\n")
        .append("     kubectl delete").append(n).append(" pod/").append(name).append("-fetch\n");
    b.append(step).append(". Read it here: ./crosscheck report ./").append(name).append("-merged\n\n");
    b.append("A shard that fails fails the Job (backoffLimit 0: a retried shard would start late), and the\n")
        .append("merge Job is not applied: its logs (kubectl logs").append(n).append(" POD) say why. The other shards'\n")
        .append("directories stay on the volume; merge-job.yaml lists the shard directories, so a merge of the\n")
        .append("completed ones is that file with the failed shard's line removed.\n\n");
    b.append("To run it again, delete the Jobs first (kubectl delete").append(n).append(" job/").append(name)
        .append(" job/").append(name).append("-merge)\n")
        .append("and the run's directory on the volume, or write the manifests under another --name.\n\n");
    if (plan.audit()) {
      b.append("Each shard runs crosscheck audit: it captures its own traffic in its pod (capture.pcap in its\n")
          .append("shard directory, on the interface the pod's route to the target leaves by, as audit chooses\n")
          .append("it; --interface after -- overrides). The shard container gets the NET_RAW capability, nothing\n")
          .append("privileged. The merge Job then also writes findings.json over every shard: each shard's coverage\n")
          .append("(records matched, capture drops), the error figures over every matched pair, the wire and reported\n")
          .append("histograms added exactly (shards-response-time.hlog), connections and the sharing verdict over all.\n\n");
    } else {
      b.append("No wire capture: the pods run `crosscheck run`. Write the manifests with --audit to capture in each\n")
          .append("pod (NET_RAW) and merge the shards' findings, or capture at the server (tcpdump -w server.pcap on\n")
          .append("its host, during the run) and compare the merged run directory with it: crosscheck compare ./")
          .append(name).append("-merged --pcap server.pcap.\n\n");
    }
    b.append("Source addresses are not needed: each pod has its own IP address.\n");
    return b.toString();
  }
}
