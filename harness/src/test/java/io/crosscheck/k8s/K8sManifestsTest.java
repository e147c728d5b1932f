package io.crosscheck.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The manifests read back by a real YAML parser (SnakeYAML): the shard Job is Indexed with
 * completions = parallelism = N, no retry, its container runs the shard of {@code
 * $(JOB_COMPLETION_INDEX)} into that index's directory on the claim mounted at /runs; every string
 * comes back exactly as written, whatever its characters.
 */
public class K8sManifestsTest {
  private static final ShardJobPlan PLAN = new ShardJobPlan("tpcw-7", "bench", "img:1", 7,
      Instant.parse("2030-01-01T00:00:00Z"), null, "20Gi", "nfs-client", "1500m", "3000Mi", 2048,
      List.of("--tpcw", "shopping", "--urls", "/a?b=$(X)&c=$$d"));

  /** The one container of a pod template's {@code kind} list (containers, initContainers). */
  public record Container(Map<String, Object> fields) {
    @SuppressWarnings("unchecked")
    public List<String> args() {
      return (List<String>) fields.get("args");
    }

    @SuppressWarnings("unchecked")
    List<String> command() {
      return (List<String>) fields.get("command");
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> map(String key) {
      return (Map<String, Object>) fields.get(key);
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> at(Map<String, Object> m, String... keys) {
    Map<String, Object> at = m;
    for (String k : keys) {
      at = (Map<String, Object>) at.get(k);
    }
    return at;
  }

  /** The only container of {@code kind} in a Job's pod template. */
  @SuppressWarnings("unchecked")
  public static Container container(Map<String, Object> job, String kind) {
    List<Map<String, Object>> list = (List<Map<String, Object>>) at(job, "spec", "template", "spec").get(kind);
    assertEquals(1, list.size(), kind);
    return new Container(list.get(0));
  }

  @Test
  @SuppressWarnings("unchecked")
  void theShardJobIsAnIndexedJobOfNPodsRunningTheirShardIntoTheirDirectoryOnTheClaim() {
    Map<String, Object> job = new Yaml().load(K8sManifests.job(PLAN));
    assertEquals("batch/v1", job.get("apiVersion"));
    assertEquals("Job", job.get("kind"));
    assertEquals(Map.of("name", "tpcw-7", "namespace", "bench", "labels", Map.of("app.kubernetes.io/name", "crosscheck",
        "app.kubernetes.io/instance", "tpcw-7", "app.kubernetes.io/component", "shard")), job.get("metadata"));
    Map<String, Object> spec = at(job, "spec");
    assertEquals("Indexed", spec.get("completionMode"));
    assertEquals(7, spec.get("completions"));
    assertEquals(7, spec.get("parallelism"));
    assertEquals(0, spec.get("backoffLimit"));
    Map<String, Object> pod = at(job, "spec", "template", "spec");
    assertEquals("Never", pod.get("restartPolicy"));
    Container shard = container(job, "containers");
    assertEquals(List.of("crosscheck"), shard.command());
    assertEquals(List.of("run", "--tpcw", "shopping", "--urls", "/a?b=$$(X)&c=$$$$d", "--shard",
        "$(JOB_COMPLETION_INDEX)/7", "--start-at", "2030-01-01T00:00:00Z", "--into",
        "/runs/tpcw-7/shards/$(JOB_COMPLETION_INDEX)"), shard.args());
    assertEquals(List.of(Map.of("name", "runs", "mountPath", "/runs")), shard.fields().get("volumeMounts"));
    assertEquals(Map.of("requests", Map.of("cpu", "1500m", "memory", "3000Mi"), "limits",
        Map.of("cpu", "1500m", "memory", "3000Mi")), shard.map("resources"));
    assertEquals(List.of(Map.of("name", "CROSSCHECK_JAVA_OPTS", "value", "-Xms2048m -Xmx2048m -Xmn1365m")),
        shard.fields().get("env"));
    Container dir = container(job, "initContainers");
    assertEquals(List.of("mkdir", "-p", "/runs/tpcw-7/shards/$(JOB_COMPLETION_INDEX)"), dir.command());
    assertEquals(List.of(Map.of("name", "runs", "persistentVolumeClaim", Map.of("claimName", "tpcw-7-runs"))),
        pod.get("volumes"));
    List<Map<String, Object>> spread = (List<Map<String, Object>>) at(pod, "affinity", "podAntiAffinity")
        .get("preferredDuringSchedulingIgnoredDuringExecution");
    assertEquals(Map.of("weight", 100, "podAffinityTerm", Map.of("topologyKey", "kubernetes.io/hostname",
        "labelSelector", Map.of("matchLabels", Map.of("app.kubernetes.io/instance", "tpcw-7",
            "app.kubernetes.io/component", "shard")))), spread.get(0));
    assertFalse(at(pod, "affinity").containsKey("podAffinity"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void theMergeJobNamesEveryShardDirectoryAndTheClaimIsReadWriteMany() {
    Map<String, Object> merge = new Yaml().load(K8sManifests.mergeJob(PLAN));
    assertEquals("tpcw-7-merge", at(merge, "metadata").get("name"));
    assertEquals(0, at(merge, "spec").get("backoffLimit"));
    assertEquals(List.of("merge", "/runs/tpcw-7/shards/0", "/runs/tpcw-7/shards/1", "/runs/tpcw-7/shards/2",
        "/runs/tpcw-7/shards/3", "/runs/tpcw-7/shards/4", "/runs/tpcw-7/shards/5", "/runs/tpcw-7/shards/6", "--out",
        "/runs/tpcw-7/merged"), container(merge, "containers").args());
    Map<String, Object> pvc = new Yaml().load(K8sManifests.pvc(PLAN));
    assertEquals("tpcw-7-runs", at(pvc, "metadata").get("name"));
    assertEquals(List.of("ReadWriteMany"), at(pvc, "spec").get("accessModes"));
    assertEquals("nfs-client", at(pvc, "spec").get("storageClassName"));
    assertEquals(Map.of("storage", "20Gi"), at(pvc, "spec", "resources", "requests"));
    Map<String, Object> fetch = new Yaml().load(K8sManifests.fetchPod(PLAN));
    assertEquals("tpcw-7-fetch", at(fetch, "metadata").get("name"));
    assertEquals(Map.of("claimName", "tpcw-7-runs", "readOnly", true),
        ((List<Map<String, Object>>) at(fetch, "spec").get("volumes")).get(0).get("persistentVolumeClaim"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void theServerIsANativeSidecarStartedBeforeTheShardOnceItsPortAccepts() {
    ShardJobPlan served = new ShardJobPlan("s", null, "i", 2, Instant.parse("2030-01-01T00:00:00Z"), null, "10Gi",
        null, "1", "2048Mi", 1536, List.of(), List.of("serve", "--port", "8080", "--demand=fixed:$1ms"), 8080);
    Map<String, Object> job = new Yaml().load(K8sManifests.job(served));
    List<Map<String, Object>> init = (List<Map<String, Object>>) at(job, "spec", "template", "spec")
        .get("initContainers");
    assertEquals(List.of("shard-dir", "server"), init.stream().map(c -> c.get("name")).toList());
    Map<String, Object> server = init.get(1);
    assertEquals("Always", server.get("restartPolicy"));
    assertEquals(List.of("crosscheck"), server.get("command"));
    assertEquals(List.of("serve", "--port", "8080", "--demand=fixed:$$1ms"), server.get("args"));
    assertEquals(Map.of("tcpSocket", Map.of("port", 8080), "periodSeconds", 1, "failureThreshold", 120),
        server.get("startupProbe"));
    assertFalse(K8sManifests.job(PLAN).contains("restartPolicy: Always"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void anAuditedShardGetsOnlyNetRawAndCapturesWhereItsRouteLeavesForAServiceTarget() {
    ShardJobPlan audited = new ShardJobPlan("a", null, "i", 3, Instant.parse("2030-01-01T00:00:00Z"), null, "10Gi",
        null, "1", "2048Mi", 1536, List.of("--target", "http://web.shop:8080"), null, 0, true);
    Map<String, Object> job = new Yaml().load(K8sManifests.job(audited));
    Container shard = container(job, "containers");
    assertEquals(Map.of("capabilities", Map.of("add", List.of("NET_RAW"))), shard.map("securityContext"));
    assertFalse(K8sManifests.job(audited).contains("privileged:"), "nothing privileged");
    assertEquals(List.of("audit", "--target", "http://web.shop:8080",
        "--shard", "$(JOB_COMPLETION_INDEX)/3", "--start-at", "2030-01-01T00:00:00Z", "--into",
        "/runs/a/shards/$(JOB_COMPLETION_INDEX)"), shard.args());
    assertTrue(ShardJobReadme.text(audited).contains("Each shard runs crosscheck audit"));
    // a given interface is kept; a shard that only runs gets no capability
    ShardJobPlan named = new ShardJobPlan("a", null, "i", 3, Instant.parse("2030-01-01T00:00:00Z"), null, "10Gi",
        null, "1", "2048Mi", 1536, List.of("--interface=ens5"), null, 0, true);
    assertEquals(1, named.shardArgs().stream().filter(a -> a.startsWith("--interface")).count());
    assertEquals(null, container(new Yaml().load(K8sManifests.job(PLAN)), "containers").map("securityContext"));
    assertEquals("run", PLAN.shardArgs().get(0));
  }

  @Test
  void aGivenClaimIsMountedAndNoPvcIsWritten() {
    ShardJobPlan given = new ShardJobPlan("r", null, "i", 2, Instant.parse("2030-01-01T00:00:00Z"), "team.runs",
        "10Gi", null, "1", "2048Mi", 1536, List.of());
    Map<String, String> files = K8sManifests.render(given);
    assertEquals(List.of("job.yaml", "merge-job.yaml", "fetch-pod.yaml", "README.txt"), List.copyOf(files.keySet()));
    Map<String, Object> job = new Yaml().load(files.get("job.yaml"));
    assertFalse(at(job, "metadata").containsKey("namespace"));
    assertTrue(files.get("job.yaml").contains("claimName: \"team.runs\"\n"));
    assertTrue(files.get("README.txt").contains("the existing claim \"team.runs\""));
  }

  @Test
  void everyStringComesBackFromTheParserExactlyAsWritten() {
    List<String> hard = List.of("", "yes", "no", "on", "null", "~", "0x10", "1e3", "0777", ".inf", "- a", "a: b",
        "#c", "&a", "*a", "!t", "%x", "@", "`", "|", ">", "'", "\"", "\\", "\\n", "{a}", "[b]", "a, b", " lead",
        "trail ", "tab\there", "line\nbreak", "\r", "\u0000\u0007\u001b[31m", "\u007f\u0085\u009f", "\u2028\u2029",
        "\ufeff", "caf\u00e9 \u65e5\u672c", "\ud83d\ude00", "$(JOB_COMPLETION_INDEX)", "$$");
    Yaml yaml = new Yaml();
    for (String s : hard) {
      Object back = ((Map<?, ?>) yaml.load("k: " + YamlText.quote(s) + "\n")).get("k");
      assertEquals(s, back, YamlText.quote(s));
    }
    String lone = "a\ud800b";
    assertEquals("\"a\\ud800b\"", YamlText.quote(lone));
  }
}
