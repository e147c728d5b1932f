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
    onlyProblem(gaps(path), path + ":3: \"soon\": expected a gap in seconds (0.25, 1e-3) or with a unit (250ms), >= 0");
  }

  @Test
  void allZeroGapsAreAProblem() throws Exception {
    String path = write(dir, "zero.txt", "0", "0ms");
    onlyProblem(gaps(path), "--interarrival: \"file:" + path + "\": expected a gaps file with at least one gap > 0");
  }

  /** Red team #21: httperf reads its gaps with strtod(3), so 1e-3 (and +, hex) are seconds too. */
  @Test
  void readsSecondsAsStrtodDoes() throws Exception {
    String path = write(dir, "strtod.txt", "1e-3", "+2.5E-1", ".5", "5.", "0x1p-3", "0x.8", "1E+0", "  2e0  # two");
    assertEquals(new Arrival.PartlyOpen(new ArrivalProcess.Gaps(List.of(1_000_000L, 250_000_000L, 500_000_000L,
        5_000_000_000L, 125_000_000L, 500_000_000L, 1_000_000_000L, 2_000_000_000L), path)), gaps(path).build().arrival());
  }

  @Test
  void negativeOrNonFiniteGapsAreRefusedAtTheirLines() throws Exception {
    String path = write(dir, "neg.txt", "-1e-3", "inf", "nan", "1e", "0.1");
    List<Problem> problems = SpecAssertions.problems(gaps(path));
    assertEquals(List.of(path + ":1", path + ":2", path + ":3", path + ":4"), problems.stream().map(Problem::where).toList());
  }

  /** Red team #2: a one-line 1ns file was accepted (fixed:1ns, exp:1ns and --rate 1e9 are refused). */
  @Test
  void oneNanosecondGapIsRefusedAtItsLine() throws Exception {
    String path = write(dir, "fast.txt", "# too fast", "1ns");
    WorkloadSpec spec = gaps(path);
    spec.duration = "500ms"; // 5e8 arrivals: under the cap of scheduled arrivals, which let it through
    onlyProblem(spec, path + ":2: \"1ns\": expected a gap of at least 1us (crosscheck's limit, as for fixed:/exp:"
        + " and --rate: at most 1,000,000 arrivals per second on average; single gaps of 0 are simultaneous arrivals"
        + " and allowed)");
  }

  @Test
  void theLimitIsTheMeanGapNamingTheLines() throws Exception {
    String path = write(dir, "mean.txt", "0", "# burst", "0", "1.5e-6");
    onlyProblem(gaps(path), path + ":1-4: \"a mean of 500ns over 3 gaps\": expected a mean gap of at least 1us"
        + " (crosscheck's limit, as for fixed:/exp: and --rate: at most 1,000,000 arrivals per second on average;"
        + " single gaps of 0 are simultaneous arrivals and allowed)");
  }

  /** Simultaneous arrivals (gaps of 0) and gaps below 1us are legitimate while the mean holds. */
  @Test
  void zeroAndSubMicrosecondGapsAreAcceptedWhenTheMeanHolds() throws Exception {
    String path = write(dir, "burst.txt", "0", "0", "300ns", "3.7e-6");
    assertEquals(new Arrival.PartlyOpen(new ArrivalProcess.Gaps(List.of(0L, 0L, 300L, 3_700L), path)),
        gaps(path).build().arrival());
  }
}
