package io.crosscheck.model.spec;

import static io.crosscheck.model.spec.SpecAssertions.onlyProblem;
import static io.crosscheck.model.spec.SpecAssertions.resource;
import static io.crosscheck.model.spec.SpecAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GapsFileParserTest {
  @TempDir Path dir;

  private static WorkloadSpec gaps(String path) {
    WorkloadSpec s = new WorkloadSpec();
    s.arrival = "partly-open";
    s.interarrival = "file:" + path;
    return s;
  }

  @Test
  void readsSecondsAndDurationsSkippingCommentsAndBlanks() throws SpecException {
    String path = resource("/gaps/gaps.txt");
    assertEquals(
        new Arrival.PartlyOpen(new ArrivalProcess.Gaps(List.of(100_000_000L, 250_000_000L, 50_000_000L), path)),
        gaps(path).build().arrival());
  }

  @Test
  void badLineNamesFileAndLine() throws Exception {
    String path = write(dir, "gaps.txt", "# gaps", "0.1", "soon", "0.2");
    onlyProblem(gaps(path), path + ":3: \"soon\": expected a gap in seconds (0.25) or with a unit (250ms), >= 0");
  }

  @Test
  void allZeroGapsAreAProblem() throws Exception {
    String path = write(dir, "zero.txt", "0", "0ms");
    onlyProblem(gaps(path), "--interarrival: \"file:" + path + "\": expected a gaps file with at least one gap > 0");
  }
}
