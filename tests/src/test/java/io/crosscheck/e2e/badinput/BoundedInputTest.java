package io.crosscheck.e2e.badinput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.crosscheck.e2e.EmbeddedServerExtension;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.spec.WorkloadSpec;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.record.MalformedInputException;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.text.InputFileException;
import java.io.BufferedWriter;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, "Unbounded inputs": every input file is read within the limits of {@code InputLimits}
 * and refused past them with {@code file:line} and the limit stated, exit 2, nothing started; FIFOs
 * and devices are refused before they are opened; problem lists are capped; a CRLF file reads as
 * its LF twin. Every refusal is timed: before these limits, {@code /dev/zero} ran 8-13 s into an
 * OutOfMemoryError.
 */
class BoundedInputTest {
  private static final Duration QUICK = Duration.ofSeconds(5);
  private static final String DEVICE = "a character device, not a regular file";

  @RegisterExtension static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  @TempDir Path dir;

  private InputCli run(String... args) {
    List<String> all = new ArrayList<>(List.of("run", "--target", server.target(), "--duration", "1s",
        "--jit-warm-up", "0"));
    all.addAll(List.of(args));
    return InputCli.run(QUICK, dir.resolve("runs"), all.toArray(String[]::new));
  }

  @Test
  void devZeroIsRefusedAtOnceByEveryFileOption() throws Exception {
    assumeTrue(Files.exists(Path.of("/dev/zero")));
    Path props = InputCli.rubisProperties(dir);
    List<List<String>> cases = List.of(
        List.of("--wsesslog", "/dev/zero"),
        List.of("--url-file", "/dev/zero"),
        List.of("--think", "table:/dev/zero"),
        List.of("--arrival", "open", "--interarrival", "file:/dev/zero"),
        List.of("--rubis", "/dev/zero"),
        List.of("--rubis", props.toString(), "--rubis-table", "/dev/zero"));
    long slowestNanos = 0;
    for (List<String> args : cases) {
      InputCli cli = run(args.toArray(String[]::new)).assertRefused("/dev/zero: " + DEVICE);
      assertTrue(cli.wallNanos() < TimeUnit.SECONDS.toNanos(1), args + " took " + cli.wallNanos() / 1e6 + " ms");
      slowestNanos = Math.max(slowestNanos, cli.wallNanos());
    }
    System.out.printf(Locale.ROOT, "[bounded input] /dev/zero refused by %d file options, exit 2,"
        + " the slowest in %.0f ms (wall clock of the in-process call; bound 1,000 ms)%n", cases.size(),
        slowestNanos / 1e6);
    InputCli.assertNothingStarted(dir.resolve("runs"));
  }

  @Test
  void aFifoWithoutAWriterIsRefusedNotWaitedOn() throws Exception {
    Path fifo = dir.resolve("sessions.fifo");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assumeTrue(mkfifo.waitFor(5, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo");
    run("--wsesslog", fifo.toString()).assertRefused("a FIFO (named pipe), not a regular file");
    run("--url-file", fifo.toString()).assertRefused("a FIFO (named pipe), not a regular file");
    Path runDir = Files.createDirectories(dir.resolve("rundir"));
    InputFileException e = assertTimeoutPreemptively(QUICK, () -> assertThrows(InputFileException.class,
        () -> JsonFiles.readObject(Files.move(fifo, runDir.resolve("run.json")), "missing")));
    assertTrue(e.getMessage().contains("a FIFO (named pipe), not a regular file (expected a JSON file"),
        e.getMessage());
  }

  @Test
  void aFiftyMegabyteUrlLineIsRefusedAtItsLine() throws Exception {
    Path file = dir.resolve("urls.txt");
    try (BufferedWriter w = Files.newBufferedWriter(file)) {
      w.write("/ok\n/");
      char[] block = new char[1 << 20];
      java.util.Arrays.fill(block, 'a');
      for (int i = 0; i < 50; i++) {
        w.write(block);
      }
      w.write("\n");
    }
    for (String option : List.of("--url-file", "--wsesslog")) {
      InputCli cli = run(option, file.toString())
          .assertRefused("urls.txt:2: a line longer than the limit of 65,536 bytes");
      System.out.printf(Locale.ROOT, "[bounded input] %s with a %,d-byte line refused at urls.txt:2,"
          + " exit 2, in %.0f ms (wall clock)%n", option, Files.size(file) - 5, cli.wallNanos() / 1e6);
    }
    InputCli.assertNothingStarted(dir.resolve("runs"));
  }

  @Test
  void aPathLongerThanEightKibibytesIsRefused() throws Exception {
    Path file = dir.resolve("long.txt");
    Files.writeString(file, "/" + "p".repeat(10_000) + "\n");
    run("--url-file", file.toString())
        .assertRefused("expected a path of at most 8,192 characters (this one has 10,001)");
  }

  @Test
  void aFileOfMillionsOfBadLinesPrintsTwentyProblemsAndACount() throws Exception {
    Path file = dir.resolve("bad.txt");
    try (BufferedWriter w = Files.newBufferedWriter(file)) {
      for (int i = 0; i < 2_200_000; i++) {
        w.write("bad\n");
      }
    }
    for (String option : List.of("--url-file", "--wsesslog")) {
      InputCli cli = InputCli.run(Duration.ofSeconds(20), dir.resolve("runs"), "run", "--target",
          server.target(), option, file.toString()).assertRefused(
          "bad.txt: ... and 2,199,980 more problems in this file (the first 20 are listed");
      assertTrue(cli.err().contains("bad.txt:20: \"bad\""), cli.err());
      assertTrue(!cli.err().contains("bad.txt:21:"), cli.err());
      assertTrue(cli.errLines() <= 25, cli.errLines() + " lines:\n" + cli.err());
      System.out.printf(Locale.ROOT, "[bounded input] %s of 2,200,000 bad lines: exit 2, %d lines of"
          + " stderr (20 problems, then \"... and 2,199,980 more\"), in %.1f s (wall clock)%n", option,
          cli.errLines(), cli.wallNanos() / 1e9);
    }
  }

  @Test
  void aRequestsCsvRowPastTheLimitIsRefusedWithItsLine() {
    String csv = RequestCsv.HEADER + "\n1,2,/" + "a".repeat(100_000) + "\n";
    MalformedInputException e = assertThrows(MalformedInputException.class,
        () -> RequestCsv.forEach(new StringReader(csv), "requests.csv", r -> { }));
    assertTrue(e.getMessage().startsWith("requests.csv:2: a row longer than the limit of 65,536 characters"),
        e.getMessage());
  }

  @Test
  void aCrlfWsesslogReadsAsItsLfTwinAndThinkOneMeansOneSecond() throws Exception {
    String lf = "/static/2k think=1\n/static/2k\n\n/static/1k method=GET think=0.5\n  /static/2k\n";
    Path lfFile = dir.resolve("lf.log");
    Path crlfFile = dir.resolve("crlf.log");
    Files.writeString(lfFile, lf);
    Files.writeString(crlfFile, lf.replace("\n", "\r\n"));
    assertEquals(sessions(lfFile), sessions(crlfFile));
    assertEquals(1_000_000_000L, sessions(crlfFile).get(0).requests().get(0).thinkAfterNanos());

    Files.writeString(crlfFile, "/static/2k think=1\r\n/static/2k\r\n");
    InputCli cli = InputCli.run(Duration.ofSeconds(30), dir.resolve("runs"), "run", "--target",
        server.target(), "--wsesslog", crlfFile.toString(), "--users", "1", "--sessions-per-user", "1",
        "--duration", "3s", "--jit-warm-up", "0");
    assertEquals(0, cli.exitCode(), cli.err());
    Path runDir;
    try (var dirs = Files.list(dir.resolve("runs"))) {
      runDir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    List<RequestRecord> records = new ArrayList<>(RequestCsv.read(runDir.resolve("requests.csv")));
    records.sort(Comparator.comparingLong(RequestRecord::sendStartNanos));
    assertEquals(2, records.size(), records.toString());
    long gapNanos = records.get(1).sendStartNanos() - records.get(0).lastByteNanos();
    assertTrue(gapNanos >= 990_000_000L && gapNanos < 1_500_000_000L,
        "think=1 in a CRLF file is 1 s between the reply and the next request: " + gapNanos / 1e6 + " ms");
  }

  private static List<SessionSource.WsSession> sessions(Path file) throws Exception {
    WorkloadSpec spec = new WorkloadSpec();
    spec.wsesslog = file.toString();
    List<SessionSource.WsSession> sessions = new ArrayList<>();
    for (SessionSource.WsSession s : ((SessionSource.WsessLog) spec.build().source()).sessions()) {
      List<SessionSource.WsRequest> requests = new ArrayList<>();
      for (SessionSource.WsRequest r : s.requests()) {
        requests.add(new SessionSource.WsRequest(r.method(), r.path(), r.body(), r.thinkAfterNanos(),
            r.burstWithPrevious(), 0));
      }
      sessions.add(new SessionSource.WsSession(requests));
    }
    return sessions;
  }
}
