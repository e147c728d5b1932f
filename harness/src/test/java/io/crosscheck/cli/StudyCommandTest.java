package io.crosscheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.study.FlashCrowdStudy;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The studies' options are checked before anything starts: every problem listed with its option,
 * exit 2, no study directory made; and the flash-crowd schedules are the study's (Table II) rates.
 */
class StudyCommandTest {
  private record Ran(int exitCode, String err) {}

  private static Ran study(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    String[] all = new String[args.length + 1];
    all[0] = "study";
    System.arraycopy(args, 0, all, 1, args.length);
    return new Ran(cl.execute(all), err.toString());
  }

  @Test
  void badFlashCrowdOptionsAreAllNamedAndNothingStarts(@TempDir Path tmp) {
    Path out = tmp.resolve("fc");
    Ran r = study("flash-crowd", "--servers", "nginx,lighttpd", "--policies", "per-session,pooled", "--schedules",
        "spiky", "--time-scale", "0", "--rate-scale", "11", "--ramp-up", "2", "--out", out.toString());
    assertEquals(2, r.exitCode(), r.err());
    for (String named : List.of("--servers: \"nginx\"", "--policies: \"pooled\"", "--schedules: \"spiky\"",
        "--time-scale: \"0.0\"", "--rate-scale: \"11.0\"", "--ramp-up: \"2\"")) {
      assertTrue(r.err().contains(named), named + " in: " + r.err());
    }
    assertFalse(Files.exists(out), "no study directory before the options hold");
  }

  @Test
  void badWanOptionsAreAllNamedAndNothingStarts(@TempDir Path tmp) {
    Path out = tmp.resolve("wan");
    Ran r = study("wan", "--wan", "rtt=40", "--loss", "200%", "--interface", "lo", "--server", "nginx", "--users",
        "0", "--out", out.toString());
    assertEquals(2, r.exitCode(), r.err());
    for (String named : List.of("--interface: \"lo\"", "--server: \"nginx\"", "--users: \"0\"", "rtt=40",
        "200%")) {
      assertTrue(r.err().contains(named), named + " in: " + r.err());
    }
    assertFalse(Files.exists(out), "no study directory before the options hold");
  }

  @Test
  void theSchedulesAreTheStudysRatesScaledAsAsked() {
    long s = 1_000_000_000L;
    FlashCrowdStudy.Plan apache = FlashCrowdStudy.plan("apache-prefork", 1, 1, 10 * s, 5 * s);
    assertEquals("8:20000000000ns,20:20000000000ns,8:15000000000ns", apache.rateSchedule("bursty"));
    assertEquals("8:55000000000ns", apache.rateSchedule("non-bursty"));
    assertEquals(40 * s, apache.measureNanos());
    FlashCrowdStudy.Plan lighttpd = FlashCrowdStudy.plan("lighttpd", 0.5, 0.5, 10 * s, 5 * s);
    assertEquals("5:15000000000ns,166.5:2000000000ns,5:10000000000ns", lighttpd.rateSchedule("bursty"));
    assertEquals(List.of("--engine", "legacy-urlconnection", "--timing", "nanos"),
        FlashCrowdStudy.engineArgs("shared-cache"));
  }
}
