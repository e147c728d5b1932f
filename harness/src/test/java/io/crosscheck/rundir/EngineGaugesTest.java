package io.crosscheck.rundir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.record.GeneratorErrorCounts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generator's own failures travel among run.json's engine gauges as {@code generatorErrors.KIND}:
 * one writer ({@link GeneratorErrorCounts#gauges()}) and one reader ({@link
 * RunJson.EngineResultSection#generatorErrors()}), and a run.json of today's format reads through it.
 */
class EngineGaugesTest {
  @TempDir Path dir;

  @Test
  void theGaugesWrittenForTheCountsReadBackAsTheCounts() {
    GeneratorErrorCounts counts = new GeneratorErrorCounts(new TreeMap<>(Map.of("threads", 0L,
        "file-descriptors", 1_234L)));
    Map<String, Long> gauges = counts.gauges();
    assertEquals(Map.of("generatorErrors.file-descriptors", 1_234L, "generatorErrors.threads", 0L), gauges);
    Map<String, Long> extra = new TreeMap<>(gauges);
    extra.put("maxIdleConnections", 5L);
    assertEquals(counts, GeneratorErrorCounts.fromGauges(extra), "other gauges are not counts");
    assertEquals(Map.of("file-descriptors", 1_234L), counts.positive());
    assertTrue(GeneratorErrorCounts.fromGauges(null).byKind().isEmpty());
  }

  @Test
  void aRunJsonOfTodaysFormatGivesItsGeneratorErrors() throws Exception {
    // the engineResult section as RunSections wrote it: extra sorted by name, the failures among the gauges
    Files.writeString(dir.resolve(RunFiles.RUN_JSON), """
        {
          "formatVersion" : 2,
          "status" : "completed",
          "engineResult" : {
            "startNanos" : 100,
            "endNanos" : 300,
            "durationNanos" : 200,
            "requestsIssued" : 40,
            "connectionsOpened" : 8,
            "sessionsStarted" : 8,
            "sessionsCompleted" : 7,
            "reportedResolutionNanos" : 0,
            "extra" : {
              "epollTransport" : 1,
              "generatorErrors.behind-schedule" : 0,
              "generatorErrors.local-ports" : 12,
              "peakConnections" : 8
            }
          }
        }
        """, StandardCharsets.UTF_8);
    RunJson run = RunFiles.readRun(dir);
    GeneratorErrorCounts errors = run.engineResult().generatorErrors();
    assertEquals(Map.of("behind-schedule", 0L, "local-ports", 12L), errors.byKind());
    assertEquals(Map.of("local-ports", 12L), errors.positive());
    String written = new String(io.crosscheck.record.JsonFiles.mapper().writeValueAsBytes(run.engineResult()),
        StandardCharsets.UTF_8);
    assertTrue(!written.contains("generatorErrors\" :"), "the typed view is not written: " + written);
  }
}
