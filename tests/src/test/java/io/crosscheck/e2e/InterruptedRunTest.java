package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C or a kill mid-run: a real {@code crosscheck run} in a child JVM is sent SIGTERM (what the
 * JVM treats like Ctrl-C) while loading the embedded server; the run directory must be finished as
 * "interrupted" with every request it issued on record.
 */
@org.junit.jupiter.api.Tag("every-jdk") // its subject depends on the JDK: runs on Temurin 25 too (tests/pom.xml)
class InterruptedRunTest {
  @Test
  void sigtermMidRunLeavesAFinishedRunDirectoryWithEveryIssuedRequest(@TempDir Path out) throws Exception {
    try (EmbeddedServer server = EmbeddedServer.start(ServerConfig.defaults().withPort(0))) {
      Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
      Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
              "io.crosscheck.cli.Main", "run", "--target", "http://127.0.0.1:" + server.port(),
              "--users", "50", "--think", "exp:5ms", "--urls", "/static/2k,/static/16k",
              "--duration", "120s", "--out", out.toString(), "--progress", "off")
          .redirectErrorStream(true)
          .redirectOutput(out.resolve("child.out").toFile())
          .start();
      try {
        Path csv = waitForRows(out, 2_000, child);
        assertTrue(csv != null, "the child run wrote rows; its output: " + read(out.resolve("child.out")));
        child.destroy(); // SIGTERM
        assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child exits after SIGTERM");
        Path dir = csv.getParent();
        JsonNode runJson = new ObjectMapper().readTree(dir.resolve("run.json").toFile());
        assertEquals("interrupted", runJson.get("status").asText(), read(out.resolve("child.out")));
        List<RequestRecord> records = RequestCsv.read(csv);
        Set<String> keys = new HashSet<>();
        records.forEach(r -> assertTrue(keys.add(r.sessionId() + "/" + r.seq()), "recorded once: " + r));
        long issued = runJson.get("engineResult").get("requestsIssued").asLong();
        assertEquals(issued, records.size(), "every issued request has its record");
        assertTrue(records.size() >= server.requestsServed(),
            records.size() + " records for " + server.requestsServed() + " requests the server answered");
        long aborted = records.stream().filter(r -> r.outcome() == Outcome.ABORTED).count();
        assertTrue(aborted <= 50, "at most one request in flight per user was aborted: " + aborted);
        JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertEquals(records.size(), summary.get("recordsTotal").asLong());
      } finally {
        child.destroyForcibly();
      }
    }
  }

  /** The requests.csv of the child's run once it holds {@code rows} rows, or null after 60 s. */
  private static Path waitForRows(Path out, int rows, Process child) throws Exception {
    long untilNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < untilNanos && child.isAlive()) {
      try (Stream<Path> files = Files.find(out, 2, (p, a) -> p.endsWith("requests.csv"))) {
        Path csv = files.findFirst().orElse(null);
        if (csv != null && Files.readAllLines(csv).size() > rows) {
          return csv;
        }
      }
      Thread.sleep(100);
    }
    return null;
  }

  private static String read(Path p) throws Exception {
    return Files.exists(p) ? Files.readString(p) : "";
  }
}
