package io.crosscheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.k8s.K8sManifests;
import io.crosscheck.k8s.K8sManifestsTest;
import io.crosscheck.k8s.ShardJobPlan;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine;

/**
 * {@code crosscheck k8s}: the manifests of two option sets equal the golden files under
 * {@code io/crosscheck/k8s/} byte for byte; every bad option, of k8s and of the run after {@code --},
 * is listed and nothing is written; the shard container's arguments, expanded as Kubernetes expands
 * them for each index, parse cleanly with the real run command. Regenerate the golden files after an
 * intended change with {@code -Dk8s.golden.write=true}.
 */
class K8sCommandTest {
  /** A Service's DNS name as a target: text only, nothing is sent while the manifests are written. */
  static final String SERVICE = "http://web.shop:8080";

  /** Two option sets (name, k8s options before --, run options after --). */
  private static final Map<String, List<String>> SETS = Map.of(
      "three-shards-new-claim", List.of("--shards", "3", "--image", "registry.example/crosscheck:0.1.0", "--audit",
          "--start-at", "2030-01-01T00:00:00Z", "--", "--target", SERVICE, "--users", "30", "--duration", "1m",
          "--think", "exp:500ms", "--min-matched", "99"),
      "four-shards-given-claim", List.of("--shards", "4", "--image", "ghcr.io/example/crosscheck@sha256:0123abcd",
          "--name", "flash-crowd", "--namespace", "load", "--claim", "shared-runs", "--cpu", "2", "--heap", "2g",
          "--audit", "--serve", "--serve-opt=--seed=7",
          "--start-at", "2030-06-30T23:59:59+02:00", "--", "--arrival", "open", "--rate", "500", "--duration", "30s",
          "--urls", "/static/2k,/q?x=$(HOME)&y=$$,/caf\u00e9:#\"q\"\\", "--engine", "netty"));
  private static final Instant NOW = Instant.parse("2026-11-24T01:00:00.250Z");

  @TempDir Path tmp;

  private record Ran(int exitCode, String out, String err) {}

  private static Ran k8s(Clock clock, List<String> args) {
    CommandLine cl = Main.commandLine();
    ((K8sCommand) cl.getSubcommands().get("k8s").getCommand()).clock = clock;
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(Stream.concat(Stream.of("k8s"), args.stream()).toArray(String[]::new));
    return new Ran(code, out.toString(), err.toString());
  }

  private static Ran k8s(List<String> args) {
    return k8s(Clock.fixed(NOW, ZoneOffset.UTC), args);
  }

  /** {@code args} with {@code --out DIR} put first. */
  private static List<String> into(Path dir, List<String> args) {
    List<String> all = new ArrayList<>(List.of("--out", dir.toString()));
    all.addAll(args);
    return all;
  }

  private static Path golden(String set) throws URISyntaxException {
    return Path.of("src/test/resources/io/crosscheck/k8s").resolve(set);
  }

  @Test
  void theManifestsOfTwoOptionSetsEqualTheGoldenFilesByteForByte() throws Exception {
    for (Map.Entry<String, List<String>> set : SETS.entrySet()) {
      Path dir = tmp.resolve(set.getKey());
      Ran ran = k8s(into(dir, set.getValue()));
      assertEquals(0, ran.exitCode(), ran.err());
      Path expected = golden(set.getKey());
      if (Boolean.getBoolean("k8s.golden.write")) {
        Files.createDirectories(expected);
        try (Stream<Path> old = Files.list(expected)) {
          for (Path p : old.toList()) {
            Files.delete(p);
          }
        }
        try (Stream<Path> files = Files.list(dir)) {
          for (Path p : files.toList()) {
            Files.copy(p, expected.resolve(p.getFileName()));
          }
        }
      }
      assertEquals(names(expected), names(dir), set.getKey());
      for (String name : names(expected)) {
        assertEquals(Files.readString(expected.resolve(name), StandardCharsets.UTF_8),
            Files.readString(dir.resolve(name), StandardCharsets.UTF_8), set.getKey() + "/" + name);
      }
      assertFalse(Files.exists(dir.resolveSibling("." + dir.getFileName() + ".writing")));
    }
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }

  @Test
  void theShardArgumentsAsKubernetesExpandsThemParseCleanlyWithTheRunCommandForEveryIndex() throws Exception {
    Yaml yaml = new Yaml();
    for (Map.Entry<String, List<String>> set : SETS.entrySet()) {
      Path dir = tmp.resolve(set.getKey());
      assertEquals(0, k8s(into(dir, set.getValue())).exitCode());
      Map<String, Object> job = yaml.load(Files.readString(dir.resolve(K8sManifests.JOB)));
      int shards = (Integer) ((Map<?, ?>) job.get("spec")).get("completions");
      List<String> args = K8sManifestsTest.container(job, "containers").args();
      for (int index = 0; index < shards; index++) {
        List<String> expanded = new ArrayList<>();
        for (String a : args) {
          expanded.add(expand(a, Map.of(ShardJobPlan.INDEX_VAR, Integer.toString(index))));
        }
        assertEquals("audit", expanded.get(0));
        assertTrue(expanded.containsAll(List.of("--shard", index + "/" + shards)), expanded.toString());
        assertTrue(expanded.contains("/runs/" + (set.getKey().startsWith("four") ? "flash-crowd" : "crosscheck")
            + "/shards/" + index), expanded.toString());
        if (set.getKey().startsWith("four")) {
          assertTrue(expanded.contains("/static/2k,/q?x=$(HOME)&y=$$,/caf\u00e9:#\"q\"\\"), expanded.toString());
        }
        parsesWithAudit(expanded.subList(1, expanded.size()));
      }
    }
  }

  /**
   * Kubernetes' expansion of a command or args string (Container.args in the API reference): {@code
   * $$} becomes {@code $}, {@code $(NAME)} the variable's value when it is set, anything else stays.
   */
  static String expand(String s, Map<String, String> env) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '$' && i + 1 < s.length() && s.charAt(i + 1) == '$') {
        b.append('$');
        i++;
      } else if (c == '$' && i + 1 < s.length() && s.charAt(i + 1) == '(' && s.indexOf(')', i) > 0
          && env.containsKey(s.substring(i + 2, s.indexOf(')', i)))) {
        b.append(env.get(s.substring(i + 2, s.indexOf(')', i))));
        i = s.indexOf(')', i);
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  /** {@code crosscheck audit ARGS} parsed and prepared as the audit command does, with no problem. */
  private static void parsesWithAudit(List<String> runArgs) {
    CommandLine top = Main.commandLine();
    CommandLine run = top.getSubcommands().get("audit");
    List<String> args = new ArrayList<>(List.of("audit"));
    args.addAll(runArgs);
    StringWriter err = new StringWriter();
    run.setErr(new PrintWriter(err, true));
    CommandLine.ParseResult parsed = top.parseArgs(args.toArray(String[]::new));
    AuditCommand command = run.getCommand();
    List<io.crosscheck.model.spec.Problem> capture = new ArrayList<>();
    command.capture.check(capture);
    assertEquals(List.of(), capture);
    assertNotNull(RunCommand.prepare(command.workload, command.engine, command.output, command.spec, List.of()),
        args + ": " + err);
    assertEquals(runArgs.get(runArgs.indexOf("--into") + 1), command.output.into.toString());
    assertTrue(parsed.subcommand().hasMatchedOption("--into"));
  }

  @Test
  void badOptionsOfK8sAndOfTheRunAreAllListedAndNothingIsWritten() {
    Path dir = tmp.resolve("bad");
    Ran ran = k8s(into(dir, List.of("--shards", "0", "--image", "x y", "--name", "Flash_Crowd", "--cpu", "0",
        "--heap", "2g", "--memory", "1Gi", "--start-at", "2026-11-24T00:59:00Z", "--", "--users", "-5",
        "--think", "sometimes", "--into", "/tmp/x", "--source-address", "127.0.0.2", "--shards", "4")));
    assertEquals(2, ran.exitCode(), ran.err());
    assertEquals("", ran.out());
    assertFalse(Files.exists(dir));
    for (String line : List.of("crosscheck k8s: nothing was written:",
        "  --start-at: \"2026-11-24T00:59:00Z\": expected an instant in the future (now is 2026-11-24T01:00:00Z)",
        "  --shards: \"0\": expected 1..1000",
        "  --name: \"Flash_Crowd\": expected lowercase letters",
        "  --image: \"x y\": expected an image reference without spaces",
        "  --cpu: \"0\": expected a CPU quantity > 0",
        "  --memory: \"1Gi\": expected at least the heap + 256Mi (2304Mi for --heap 2g)",
        "  the run options (after --):",
        "    --into: set by crosscheck k8s",
        "    --source-address: not needed on Kubernetes: each pod has its own IP address",
        "    --shards: give --shards to k8s, before --: each pod runs one shard",
        "    --users: \"-5\"",
        "    --think: \"sometimes\"",
        "See: crosscheck k8s --help")) {
      assertTrue(ran.err().contains(line), line + " in:\n" + ran.err());
    }
  }

  @Test
  void theServerSidecarListensWhereTheTargetIsAndTakesServeSOptionsOnly() {
    Ran noServe = k8s(into(tmp.resolve("a"), List.of("--shards", "2", "--image", "i", "--serve-opt=--seed=7")));
    assertEquals(2, noServe.exitCode());
    assertTrue(noServe.err().contains("  --serve-opt: \"--seed=7\": expected --serve as well"), noServe.err());
    Ran bad = k8s(into(tmp.resolve("b"), List.of("--shards", "2", "--image", "i", "--serve", "--serve-opt=--port=9",
        "--serve-opt=--sead=7", "--", "--target", "http://127.0.0.2:8080")));
    assertEquals(2, bad.exitCode());
    for (String line : List.of("  --serve-opt: \"--port=9\": expected no --port or --bind",
        "  --serve: \"http://127.0.0.2:8080\": expected a run --target on 127.0.0.1",
        "Unknown option: '--sead=7'")) {
      assertTrue(bad.err().contains(line), line + " in:\n" + bad.err());
    }
    assertFalse(Files.exists(tmp.resolve("b")));
    Ran ok = k8s(into(tmp.resolve("c"), List.of("--shards", "2", "--image", "i", "--serve", "--", "--target",
        "http://127.0.0.1:9090")));
    assertEquals(0, ok.exitCode(), ok.err());
    assertTrue(ok.out().contains("each pod runs crosscheck serve --port 9090 beside its shard"), ok.out());
  }

  @Test
  void aServiceNameIsATargetEachPodResolvesNothingIsResolvedHere() {
    Ran ok = k8s(into(tmp.resolve("svc"), List.of("--shards", "2", "--image", "i", "--", "--target",
        "http://web.bench.invalid:8080")));
    assertEquals(0, ok.exitCode(), ok.err());
    assertTrue(ok.out().contains("http://web.bench.invalid:8080, which must be up and reachable from the pods at the start"
        + " instant (its name resolved once in each pod, at its start"),
        ok.out());
  }

  @Test
  void theServersOptionValuesAreCheckedAsServeChecksThemBeforeAnythingIsWritten() {
    Ran bad = k8s(into(tmp.resolve("values"), List.of("--shards", "2", "--image", "i", "--serve",
        "--serve-opt=--demand=bogus", "--serve-opt=--workers=-3", "--serve-opt=--demand-mode=spin", "--",
        "--target", "http://127.0.0.1:9090")));
    assertEquals(2, bad.exitCode(), bad.err());
    for (String line : List.of("crosscheck k8s: nothing was written:",
        "  --serve-opt: \"--demand=bogus\": expected none, fixed:D, exp:MEAN",
        "  --serve-opt: \"--workers=-3\": expected an integer in 1..4096",
        "  --serve-opt: \"--demand-mode=spin\": expected ")) {
      assertTrue(bad.err().contains(line), line + " in:\n" + bad.err());
    }
    assertFalse(Files.exists(tmp.resolve("values")), "no manifest");
    Ran site = k8s(into(tmp.resolve("site"), List.of("--shards", "2", "--image", "i", "--serve", "--serve-opt=--rubis",
        "--serve-opt=--reuse-port", "--", "--target", "http://127.0.0.1:9090")));
    assertEquals(2, site.exitCode(), site.err());
    assertTrue(site.err().contains("  --serve-opt: \"--reuse-port\": expected the generic server"), site.err());
  }

  @Test
  void auditedShardsTakeAuditsCaptureOptionsAndRefuseAnAgentAuditOfAnotherGenerator() throws Exception {
    Ran bad = k8s(into(tmp.resolve("audit-bad"), List.of("--shards", "2", "--image", "i", "--audit", "--",
        "--snaplen", "50", "--pid", "42", "--no-agent", "--users", "2")));
    assertEquals(2, bad.exitCode(), bad.err());
    for (String line : List.of("    --snaplen: \"50\": expected 96..262144 bytes",
        "    --pid: the shards run crosscheck's own engines", "    --no-agent: an option of an agent audit")) {
      assertTrue(bad.err().contains(line), line + " in:\n" + bad.err());
    }
    Ran notAudit = k8s(into(tmp.resolve("no-audit"), List.of("--shards", "2", "--image", "i", "--",
        "--interface", "eth1")));
    assertEquals(2, notAudit.exitCode(), notAudit.err());
    assertTrue(notAudit.err().contains("Unknown options: '--interface', 'eth1'"), notAudit.err());
    Path dir = tmp.resolve("audit-ok");
    Ran ok = k8s(into(dir, List.of("--shards", "2", "--image", "i", "--audit", "--serve", "--", "--min-matched", "99",
        "--interface", "lo")));
    assertEquals(0, ok.exitCode(), ok.err());
    assertTrue(ok.out().contains("each shard audits http://127.0.0.1:8080, its pod's loopback"), ok.out());
    assertTrue(ok.out().contains("each shard captures in its pod (NET_RAW) on the interface its route to the target"
        + " leaves by, and the merge Job writes findings.json"),
        ok.out());
    assertTrue(Files.readString(dir.resolve(K8sManifests.JOB)).contains("- \"NET_RAW\"\n"));
  }

  @Test
  void aServiceTargetIsLoadedFromThePodsWithoutASidecar() throws Exception {
    Path dir = tmp.resolve("service");
    Ran ok = k8s(into(dir, List.of("--shards", "2", "--image", "i", "--audit", "--", "--target", SERVICE)));
    assertEquals(0, ok.exitCode(), ok.err());
    assertTrue(ok.out().contains("each shard audits " + SERVICE + ", which must be up"), ok.out());
    assertTrue(ok.out().contains("captures in its pod (NET_RAW) on the interface its route to the target leaves by"),
        ok.out());
    Ran served = k8s(into(tmp.resolve("service-serve"), List.of("--shards", "2", "--image", "i", "--serve", "--",
        "--target", SERVICE)));
    assertEquals(2, served.exitCode());
    assertTrue(served.err().contains("expected a run --target on 127.0.0.1, where the embedded server listens"),
        served.err());
  }

  @Test
  void anUnknownRunOptionIsRefusedWithPicocliSMessage() {
    Ran ran = k8s(into(tmp.resolve("unknown"), List.of("--shards", "2", "--image", "i", "--", "--userz", "3")));
    assertEquals(2, ran.exitCode());
    assertTrue(ran.err().contains("    Unknown options: '--userz', '3' (did you mean --users?)"), ran.err());
    assertFalse(Files.exists(tmp.resolve("unknown")));
  }

  @Test
  void startInIsResolvedFromTheClockToAWholeSecondAndPrinted() throws Exception {
    Path dir = tmp.resolve("start-in");
    Ran ran = k8s(into(dir, List.of("--shards", "2", "--image", "i", "--start-in", "90s")));
    assertEquals(0, ran.exitCode(), ran.err());
    // 01:00:00.250 + 90 s = 01:01:30.250, rounded up to the second
    assertTrue(ran.out().contains("2 shards of run \"crosscheck\" start at 2026-11-24T01:01:31Z (--start-in 90s from"
        + " now"), ran.out());
    assertTrue(Files.readString(dir.resolve(K8sManifests.JOB)).contains("- \"2026-11-24T01:01:31Z\"\n"));
    Ran both = k8s(into(tmp.resolve("both"), List.of("--shards", "2", "--image", "i", "--start-in", "90s",
        "--start-at", "2030-01-01T00:00:00Z")));
    assertEquals(2, both.exitCode());
    assertTrue(both.err().contains("--start-in: \"90s\": expected either --start-at or --start-in, not both"),
        both.err());
  }

  @Test
  void aDirectoryWithFilesIsNotOverwritten() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("used"));
    Files.writeString(dir.resolve("job.yaml"), "mine");
    Ran ran = k8s(into(dir, SETS.get("three-shards-new-claim")));
    assertEquals(2, ran.exitCode());
    assertTrue(ran.err().contains("expected a new or empty directory (this one holds files: remove it first)"),
        ran.err());
    assertEquals("mine", Files.readString(dir.resolve("job.yaml")));
  }
}
