package io.crosscheck.k8s;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Kubernetes manifests of a {@link ShardJobPlan}, as text: {@code job.yaml} (the shards, an
 * Indexed Job), {@code merge-job.yaml} (one pod merging the shard directories), {@code
 * fetch-pod.yaml} (a pod to {@code kubectl cp} the merged run from), {@code pvc.yaml} (the shared
 * claim, when none was given) and {@code README.txt} ({@link ShardJobReadme}). A pure function of
 * the plan: the same plan gives the same bytes (the start instant is the only time in them).
 * Stateless and thread-safe.
 */
public final class K8sManifests {
  public static final String JOB = "job.yaml";
  public static final String MERGE_JOB = "merge-job.yaml";
  public static final String FETCH_POD = "fetch-pod.yaml";
  public static final String PVC = "pvc.yaml";
  public static final String README = "README.txt";
  private static final String VOLUME = "runs";

  private K8sManifests() {}

  /** Every file, by name, in the order the README applies them. */
  public static Map<String, String> render(ShardJobPlan plan) {
    Map<String, String> files = new LinkedHashMap<>();
    if (plan.claim() == null) {
      files.put(PVC, pvc(plan));
    }
    files.put(JOB, job(plan));
    files.put(MERGE_JOB, mergeJob(plan));
    files.put(FETCH_POD, fetchPod(plan));
    files.put(README, ShardJobReadme.text(plan));
    return files;
  }

  static String job(ShardJobPlan plan) {
    YamlText y = new YamlText();
    y.comment(0, "crosscheck k8s: the " + plan.shards() + " shards of run " + YamlText.quote(plan.name())
        + ", one pod each, all starting at " + plan.startAt() + ".");
    y.line(0, "apiVersion: batch/v1").line(0, "kind: Job");
    metadata(y, plan, plan.name(), "shard");
    y.line(0, "spec:");
    y.comment(1, "Indexed: each pod gets its completion index 0..completions-1, which selects its shard.");
    y.line(1, "completionMode: Indexed");
    y.number(1, "completions", plan.shards()).number(1, "parallelism", plan.shards());
    y.comment(1, "No retry: a retried shard would start after the common start instant and no longer run its",
        "part of the schedule beside the others; a failed shard fails the Job (merge the others by hand).");
    noRetryTemplate(y, plan, "shard");
    y.comment(3, "Soft: spread the shards over nodes when the cluster can, share a node when it cannot.");
    y.line(3, "affinity:").line(4, "podAntiAffinity:").line(5, "preferredDuringSchedulingIgnoredDuringExecution:");
    y.line(6, "- weight: 100").line(7, "podAffinityTerm:").line(8, "topologyKey: kubernetes.io/hostname");
    y.line(8, "labelSelector:").line(9, "matchLabels:");
    y.string(10, "app.kubernetes.io/instance", plan.name()).string(10, "app.kubernetes.io/component", "shard");
    y.comment(3, "The Job controller sets JOB_COMPLETION_INDEX in every container of an Indexed Job's pods, init",
        "containers included (https://kubernetes.io/docs/tasks/job/indexed-parallel-processing-static/), and",
        "Kubernetes expands $(VAR_NAME) in command and args from the container's environment, reducing $$ to $",
        "(https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/,",
        "Container.args in the API reference): each pod runs its own shard into its own directory.");
    y.line(3, "initContainers:");
    y.string(4, "- name", "shard-dir");
    y.string(5, "image", plan.image());
    y.strings(5, "command", List.of("mkdir", "-p", plan.shardDir("$(" + ShardJobPlan.INDEX_VAR + ")")));
    volumeMount(y, 5, false);
    if (plan.serveArgs() != null) {
      server(y, plan);
    }
    y.line(3, "containers:");
    y.string(4, "- name", "shard");
    y.string(5, "image", plan.image());
    y.strings(5, "command", List.of("crosscheck"));
    y.strings(5, "args", plan.shardArgs());
    if (plan.audit()) {
      y.comment(5, "audit captures its own traffic in the pod (libpcap, a raw packet socket): NET_RAW, the only",
          "capability added; nothing privileged. The pod's root user holds it (the image does not change user).");
      y.line(5, "securityContext:").line(6, "capabilities:");
      y.strings(7, "add", List.of("NET_RAW"));
    }
    javaOpts(y, plan);
    y.comment(5, "Requests equal to limits (Guaranteed QoS): with whole CPUs and the kubelet's static CPU manager,",
        "the shard gets cores of its own; a CPU limit below the load's need throttles it and shows as client lag.");
    resources(y, plan);
    volumeMount(y, 5, false);
    volumes(y, plan);
    return y.toString();
  }

  /** The embedded server on the pod's loopback: a native sidecar, started (its port open) before the shard. */
  private static void server(YamlText y, ShardJobPlan plan) {
    y.comment(4, "The target's server, in the pod, on its loopback (--serve): a sidecar, i.e. an init container",
        "with restartPolicy Always (Kubernetes 1.29+, https://kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/),",
        "which starts before the shard once its startupProbe passes (its port accepts) and is stopped when the shard",
        "has exited, without keeping the Job from completing.");
    y.string(4, "- name", "server");
    y.string(5, "image", plan.image());
    y.line(5, "restartPolicy: Always");
    y.strings(5, "command", List.of("crosscheck"));
    List<String> escaped = new ArrayList<>();
    plan.serveArgs().forEach(a -> escaped.add(a.replace("$", "$$")));
    y.strings(5, "args", escaped);
    y.line(5, "startupProbe:").line(6, "tcpSocket:").number(7, "port", plan.servePort());
    y.number(6, "periodSeconds", 1).number(6, "failureThreshold", 120);
    javaOpts(y, plan);
    resources(y, plan);
  }

  static String mergeJob(ShardJobPlan plan) {
    YamlText y = new YamlText();
    y.comment(0, "crosscheck k8s: merges the " + plan.shards() + " shard run directories of run "
        + YamlText.quote(plan.name()) + " into " + plan.mergedDir() + ".",
        "Apply it once the shard Job is complete: kubectl wait --for=condition=complete job/" + plan.name());
    y.line(0, "apiVersion: batch/v1").line(0, "kind: Job");
    metadata(y, plan, plan.name() + "-merge", "merge");
    y.line(0, "spec:");
    y.comment(1, "No retry: a second attempt would find the first one's output directory.");
    noRetryTemplate(y, plan, "merge");
    y.line(3, "containers:");
    y.string(4, "- name", "merge");
    y.string(5, "image", plan.image());
    y.strings(5, "command", List.of("crosscheck"));
    y.comment(5, "Every shard directory by name: no shell runs here to expand a glob.");
    y.strings(5, "args", plan.mergeArgs());
    javaOpts(y, plan);
    resources(y, plan);
    volumeMount(y, 5, false);
    volumes(y, plan);
    return y.toString();
  }

  static String fetchPod(ShardJobPlan plan) {
    YamlText y = new YamlText();
    y.comment(0, "crosscheck k8s: a pod that only holds the claim, to copy the merged run out of:",
        "kubectl cp " + namespacePrefix(plan) + plan.name() + "-fetch:" + plan.mergedDir() + " ./" + plan.name()
            + "-merged", "(kubectl cp runs tar in the pod; the eclipse-temurin base image has it). Delete it after.");
    y.line(0, "apiVersion: v1").line(0, "kind: Pod");
    metadata(y, plan, plan.name() + "-fetch", "fetch");
    y.line(0, "spec:");
    y.line(1, "restartPolicy: Never");
    y.line(1, "containers:");
    y.string(2, "- name", "fetch");
    y.string(3, "image", plan.image());
    y.comment(3, "An hour to copy; it ends by itself after that.");
    y.strings(3, "command", List.of("sleep", "3600"));
    volumeMount(y, 3, true);
    y.line(1, "volumes:");
    y.string(2, "- name", VOLUME);
    y.line(3, "persistentVolumeClaim:");
    y.string(4, "claimName", plan.claimName());
    y.line(4, "readOnly: true");
    return y.toString();
  }

  static String pvc(ShardJobPlan plan) {
    YamlText y = new YamlText();
    y.comment(0, "crosscheck k8s: the volume every shard writes its run directory on, mounted at "
        + ShardJobPlan.RUNS_MOUNT + " in every pod.", "ReadWriteMany: pods on different nodes write it at once,"
        + " which needs a storage class that offers it (NFS, CephFS, EFS, Azure Files, ...).");
    y.line(0, "apiVersion: v1").line(0, "kind: PersistentVolumeClaim");
    metadata(y, plan, plan.claimName(), "runs");
    y.line(0, "spec:");
    y.strings(1, "accessModes", List.of("ReadWriteMany"));
    if (plan.storageClass() != null) {
      y.string(1, "storageClassName", plan.storageClass());
    }
    y.line(1, "resources:").line(2, "requests:");
    y.string(3, "storage", plan.storage());
    return y.toString();
  }

  /** {@code NS/} when the plan names a namespace (kubectl cp's form of a pod in it), else "". */
  static String namespacePrefix(ShardJobPlan plan) {
    return plan.namespace() == null ? "" : plan.namespace() + "/";
  }

  private static void metadata(YamlText y, ShardJobPlan plan, String name, String component) {
    y.line(0, "metadata:");
    y.string(1, "name", name);
    if (plan.namespace() != null) {
      y.string(1, "namespace", plan.namespace());
    }
    labels(y, 1, plan, component);
  }

  private static void labels(YamlText y, int indent, ShardJobPlan plan, String component) {
    y.line(indent, "labels:");
    y.string(indent + 1, "app.kubernetes.io/name", "crosscheck");
    y.string(indent + 1, "app.kubernetes.io/instance", plan.name());
    y.string(indent + 1, "app.kubernetes.io/component", component);
  }

  /** A Job's {@code backoffLimit: 0} and the head of its pod template, down to {@code restartPolicy: Never}. */
  private static void noRetryTemplate(YamlText y, ShardJobPlan plan, String component) {
    y.line(1, "backoffLimit: 0");
    y.line(1, "template:");
    y.line(2, "metadata:");
    labels(y, 3, plan, component);
    y.line(2, "spec:");
    y.line(3, "restartPolicy: Never");
  }

  private static void javaOpts(YamlText y, ShardJobPlan plan) {
    y.line(5, "env:");
    y.string(6, "- name", "CROSSCHECK_JAVA_OPTS");
    y.string(7, "value", plan.javaOpts());
  }

  private static void resources(YamlText y, ShardJobPlan plan) {
    y.line(5, "resources:");
    for (String kind : List.of("requests", "limits")) {
      y.line(6, kind + ":");
      y.string(7, "cpu", plan.cpu()).string(7, "memory", plan.memory());
    }
  }

  private static void volumeMount(YamlText y, int indent, boolean readOnly) {
    y.line(indent, "volumeMounts:");
    y.string(indent + 1, "- name", VOLUME);
    y.string(indent + 2, "mountPath", ShardJobPlan.RUNS_MOUNT);
    if (readOnly) {
      y.line(indent + 2, "readOnly: true");
    }
  }

  private static void volumes(YamlText y, ShardJobPlan plan) {
    y.line(3, "volumes:");
    y.string(4, "- name", VOLUME);
    y.line(5, "persistentVolumeClaim:");
    y.string(6, "claimName", plan.claimName());
  }
}
