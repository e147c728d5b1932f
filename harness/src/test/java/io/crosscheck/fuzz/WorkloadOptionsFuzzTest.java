package io.crosscheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.model.spec.WorkloadSpec;
import java.nio.charset.StandardCharsets;

/**
 * Fuzzes every workload option together (WorkloadSpecBuilder and the value parsers behind it:
 * durations, rates, think times, session lengths, URL lists, the target): the input, as UTF-8, is
 * split at line ends and line i is the text of option i of {@link #OPTIONS} (a missing line leaves
 * the default). The result is a workload or a {@link SpecException} whose problems each name an
 * option. Values that name a file ({@code file:}, {@code table:}) are dropped: the file readers have
 * their own targets, and a fuzzed path could name any file on the machine.
 *
 * <p>Seeds: {@code src/test/resources/io/crosscheck/fuzz/WorkloadOptionsFuzzTestInputs/buildWorkload/},
 * one option value per line in the order of {@link #OPTIONS}.
 */
class WorkloadOptionsFuzzTest {
  /** The options in the order of the input's lines. */
  static final String[] OPTIONS = {"--arrival", "--users", "--sessions-per-user", "--rate", "--process",
      "--interarrival", "--rate-schedule", "--think", "--session-length", "--urls", "--url-order",
      "--ramp-up", "--duration", "--ramp-down", "--seed", "--target"};

  @FuzzTest(maxDuration = "6s")
  void buildWorkload(byte[] bytes) {
    String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
    WorkloadSpec spec = new WorkloadSpec();
    for (int i = 0; i < Math.min(lines.length, OPTIONS.length); i++) {
      String v = lines[i];
      if (v.contains("file:") || v.contains("table:")) {
        continue;
      }
      switch (i) {
        case 0 -> spec.arrival = v;
        case 1 -> spec.users = v;
        case 2 -> spec.sessionsPerUser = v;
        case 3 -> spec.rate = v;
        case 4 -> spec.process = v;
        case 5 -> spec.interarrival = v;
        case 6 -> spec.rateSchedule = v;
        case 7 -> spec.think = v;
        case 8 -> spec.sessionLength = v;
        case 9 -> spec.urls = v;
        case 10 -> spec.urlOrder = v;
        case 11 -> spec.rampUp = v;
        case 12 -> spec.duration = v;
        case 13 -> spec.rampDown = v;
        case 14 -> spec.seed = v;
        default -> spec.target = v;
      }
    }
    try {
      assertNotNull(spec.build());
    } catch (SpecException refused) {
      assertFalse(refused.problems().isEmpty());
      for (Problem p : refused.problems()) {
        assertTrue(p.where().startsWith("--"), () -> "problem not at an option: " + p.message());
      }
    }
  }
}
