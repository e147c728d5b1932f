package io.crosscheck.k8s;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code crosscheck k8s} writes manifests for: one seeded run split into {@code shards} parts,
 * each a pod of a Kubernetes Indexed Job, all starting at one wall-clock instant, writing shard run
 * directories on one shared volume, merged by a second Job. Checked values only (the command checks
 * them and lists every problem first); immutable and thread-safe.
 *
 * @param name the Job's name and the run's directory on the volume ({@code /runs/NAME}): a
 *     lowercase RFC 1123 label of at most {@link #MAX_NAME_CHARS} characters
 * @param namespace the namespace of every object, or null for the one kubectl's context selects
 * @param image the container image holding {@code crosscheck} (k8s/Dockerfile builds one)
 * @param shards the number of shards, 1..{@link #MAX_SHARDS}: completions and parallelism both
 * @param startAt the common start instant of every shard (UTC, whole seconds as given)
 * @param claim the existing PersistentVolumeClaim to mount at {@code /runs}, or null to write
 *     {@code pvc.yaml} with a ReadWriteMany claim named {@code NAME-runs}
 * @param storage the size requested by that claim, a Kubernetes quantity ({@code 10Gi})
 * @param storageClass the claim's storage class, or null for the cluster's default
 * @param cpu each shard's CPU request and limit, a Kubernetes quantity ({@code 1}, {@code 1500m})
 * @param memory each shard's memory request and limit, a Kubernetes quantity ({@code 2048Mi})
 * @param heapMebibytes the JVM heap of each shard ({@code -Xms} and {@code -Xmx}), MiB
 * @param runArgs the {@code run} (or {@code audit}) options as the user gave them (after {@code --}),
 *     checked by that command's own parser; not yet escaped for Kubernetes' {@code $(VAR)} expansion
 * @param serveArgs the arguments of the embedded server each shard pod runs beside its shard (a native
 *     sidecar on the pod's loopback, where the target then is), from {@code serve} on; null for none
 * @param servePort the port the sidecar listens on (the target's), when there is one
 * @param audit each shard runs {@code crosscheck audit} (a live capture of its own traffic in its pod,
 *     which needs the {@code NET_RAW} capability) instead of {@code run}
 */
public record ShardJobPlan(String name, String namespace, String image, int shards, Instant startAt, String claim,
    String storage, String storageClass, String cpu, String memory, long heapMebibytes, List<String> runArgs,
    List<String> serveArgs, int servePort, boolean audit) {
  /** Where the shared volume is mounted in every pod. */
  public static final String RUNS_MOUNT = "/runs";
  /**
   * The most shards: Kubernetes admits 10^5 indexes, but the merge Job names every shard directory
   * in its arguments (about 25 bytes each) and an object must stay well under etcd's 1.5 MB.
   */
  public static final int MAX_SHARDS = 1000;
  /**
   * The longest name: {@code NAME-merge} and {@code NAME-fetch} and the pods' host names {@code
   * NAME-INDEX} (up to 3 digits) stay within a 63-character label, with room to spare.
   */
  public static final int MAX_NAME_CHARS = 40;
  /** The environment variable the Job controller sets to each pod's completion index. */
  public static final String INDEX_VAR = "JOB_COMPLETION_INDEX";

  public ShardJobPlan {
    runArgs = List.copyOf(runArgs);
    serveArgs = serveArgs == null ? null : List.copyOf(serveArgs);
  }

  /** A plan without a server in the pods. */
  public ShardJobPlan(String name, String namespace, String image, int shards, Instant startAt, String claim,
      String storage, String storageClass, String cpu, String memory, long heapMebibytes, List<String> runArgs) {
    this(name, namespace, image, shards, startAt, claim, storage, storageClass, cpu, memory, heapMebibytes, runArgs,
        null, 0, false);
  }

  /** A plan whose shards run {@code crosscheck run} (no capture). */
  public ShardJobPlan(String name, String namespace, String image, int shards, Instant startAt, String claim,
      String storage, String storageClass, String cpu, String memory, long heapMebibytes, List<String> runArgs,
      List<String> serveArgs, int servePort) {
    this(name, namespace, image, shards, startAt, claim, storage, storageClass, cpu, memory, heapMebibytes, runArgs,
        serveArgs, servePort, false);
  }

  /** The command each shard runs: {@code audit} or {@code run}. */
  public String shardCommand() {
    return audit ? "audit" : "run";
  }

  /** The run's directory on the shared volume. */
  public String runDir() {
    return RUNS_MOUNT + "/" + name;
  }

  /** The shard run directory of {@code index}, e.g. {@code /runs/NAME/shards/$(JOB_COMPLETION_INDEX)}. */
  public String shardDir(String index) {
    return runDir() + "/shards/" + index;
  }

  /** Where the merge Job writes the merged run directory. */
  public String mergedDir() {
    return runDir() + "/merged";
  }

  /** The claim mounted at {@code /runs}: the given one, or the one {@code pvc.yaml} creates. */
  public String claimName() {
    return claim != null ? claim : name + "-runs";
  }

  /** The young generation of each shard's heap, MiB: two thirds, as the launcher's -Xmn1g of 1536m. */
  public long youngMebibytes() {
    return heapMebibytes * 2 / 3;
  }

  /** The JVM options of each shard ({@code CROSSCHECK_JAVA_OPTS} of the image's launcher). */
  public String javaOpts() {
    return "-Xms" + heapMebibytes + "m -Xmx" + heapMebibytes + "m -Xmn" + youngMebibytes() + "m";
  }

  /**
   * The shard container's arguments to {@code crosscheck}: {@link #shardCommand}, the user's options with
   * every {@code $} doubled (Kubernetes reduces {@code $$} to {@code $} and expands nothing in it),
   * then the shard, the common start instant and the shard's directory, where {@code
   * $(JOB_COMPLETION_INDEX)} is left for Kubernetes to expand.
   */
  public List<String> shardArgs() {
    String index = "$(" + INDEX_VAR + ")";
    List<String> args = new ArrayList<>();
    args.add(shardCommand());
    for (String a : runArgs) {
      args.add(a.replace("$", "$$"));
    }
    args.addAll(List.of("--shard", index + "/" + shards, "--start-at", startAt.toString(), "--into", shardDir(index)));
    return List.copyOf(args);
  }

  /** The merge container's arguments: every shard directory by name (no shell expands a glob in a pod). */
  public List<String> mergeArgs() {
    List<String> args = new ArrayList<>();
    args.add("merge");
    for (int i = 0; i < shards; i++) {
      args.add(shardDir(Integer.toString(i)));
    }
    args.addAll(List.of("--out", mergedDir()));
    return List.copyOf(args);
  }
}
