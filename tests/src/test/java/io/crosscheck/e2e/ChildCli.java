package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A {@code crosscheck} command line in a child JVM (this test's classpath), as a user's terminal
 * would run it, so that a test can kill it the way a user, a full disk or the OOM killer does:
 * SIGKILL ({@link #kill()}) or SIGTERM, which the JVM treats like Ctrl-C ({@link #terminate()}).
 * Its stdout and stderr go to {@code OUT-child.out} beside the {@code --out} directory, or to the
 * log a test names ({@link #startAsGiven}).
 */
final class ChildCli implements AutoCloseable {
  /** {@code serve}'s and {@code serve --rubis}'s listening line: {@code ... http://HOST:PORT (...}. */
  private static final Pattern LISTENING = Pattern.compile("http://[^ ]*:(\\d+) \\(");

  final Process process;
  /** The {@code --out} directory: the child creates its run directory inside. */
  final Path out;
  private final Path log;

  private ChildCli(Process process, Path out, Path log) {
    this.process = process;
    this.out = out;
    this.log = log;
  }

  /** Starts {@code crosscheck ARGS --out OUT --progress off} in a child JVM. */
  static ChildCli start(Path out, String... args) throws IOException {
    Files.createDirectories(out);
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.addAll(List.of("--out", out.toString(), "--progress", "off"));
    return startAsGiven(out.resolveSibling(out.getFileName() + "-child.out"), out, all);
  }

  /**
   * Starts {@code crosscheck ARGS} in a child JVM exactly as given (nothing appended), its stdout
   * and stderr in {@code log}; {@code out} is where its run directories go (for {@link
   * #runDirectory} and {@link #waitForRows}), null for a command that makes none ({@code serve}).
   */
  static ChildCli startAsGiven(Path log, Path out, List<String> args) throws IOException {
    return startWrapped(List.of(), log, out, args);
  }

  /**
   * As {@link #startAsGiven}, the JVM started by {@code wrapper}, a command that execs the rest of
   * its arguments (so the child keeps its pid), e.g. {@code prlimit --nofile=300 --}.
   */
  static ChildCli startWrapped(List<String> wrapper, Path log, Path out, List<String> args) throws IOException {
    Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
    List<String> command = new ArrayList<>(wrapper);
    command.add(java.toString());
    if (calledForBehaviour()) {
      command.addAll(BEHAVIOUR_JVM_OPTIONS);
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.crosscheck.cli.Main"));
    command.addAll(args);
    Process p = new ProcessBuilder(DefaultSignals.command(command))
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
    return new ChildCli(p, out, log);
  }

  /** The JVM options of the children of a test class marked {@link ChildJvmsProveBehaviour}. */
  static final List<String> BEHAVIOUR_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1");

  private static final StackWalker CALLERS = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

  /** Whether a class on the calling stack (the test, or a class nested in it) is marked {@link ChildJvmsProveBehaviour}. */
  private static boolean calledForBehaviour() {
    return CALLERS.walk(frames -> frames.map(StackWalker.StackFrame::getDeclaringClass).anyMatch(c -> {
      for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
        if (k.isAnnotationPresent(ChildJvmsProveBehaviour.class)) {
          return true;
        }
      }
      return false;
    }));
  }

  /**
   * Runs {@code crosscheck ARGS} (as given) in a child JVM to its end, its output in a new file in
   * {@code dir}; fails the test if it takes longer than {@code timeout}.
   */
  static Ended runToEnd(Path dir, Duration timeout, String... args) throws Exception {
    try (ChildCli child = startAsGiven(Files.createTempFile(dir, "child", ".out"), null, Arrays.asList(args))) {
      int exit = child.waitForExit(timeout);
      return new Ended(exit, child.output());
    }
  }

  /** A child's exit code and everything it printed (stdout and stderr). */
  record Ended(int exitCode, String output) {}

  /** What the child printed so far. */
  String output() {
    try {
      return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    } catch (IOException e) {
      return "(unreadable: " + e + ")";
    }
  }

  /** The child's run directory (the single directory under {@code --out}). */
  Path runDirectory() throws IOException {
    try (Stream<Path> dirs = Files.list(out)) {
      List<Path> all = dirs.filter(Files::isDirectory).toList();
      assertEquals(1, all.size(), "run directories under " + out + ": " + all);
      return all.get(0);
    }
  }

  /**
   * Waits until the child's requests.csv holds at least {@code rows} complete data rows and
   * returns it; fails the test (with the child's output) if the child ends or {@code timeout}
   * passes first.
   */
  Path waitForRows(long rows, Duration timeout) throws Exception {
    Path csv = awaitRows(out, rows, timeout, process::isAlive);
    return csv != null ? csv : fail("the child did not write " + rows + " rows (alive "
        + process.isAlive() + "): " + output());
  }

  /**
   * The requests.csv under {@code out} once it holds at least {@code rows} complete data rows, or
   * null when {@code running} turns false or {@code timeout} passes first. For a run in this JVM
   * or a child.
   */
  static Path awaitRows(Path out, long rows, Duration timeout, BooleanSupplier running)
      throws Exception {
    long untilNanos = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < untilNanos && running.getAsBoolean()) {
      if (Files.isDirectory(out)) {
        try (Stream<Path> files = Files.find(out, 2, (p, a) -> p.endsWith("requests.csv"))) {
          Path csv = files.findFirst().orElse(null);
          if (csv != null && lineEnds(csv) > rows) { // the header is the first line
            return csv;
          }
        }
      }
      Thread.sleep(20);
    }
    return null;
  }

  /**
   * Waits until the child prints a line that starts with one of {@code prefixes} and returns that
   * line; fails the test if the child ends or {@code timeout} passes first.
   */
  String waitForLine(Duration timeout, String... prefixes) throws Exception {
    long untilNanos = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < untilNanos && process.isAlive()) {
      for (String line : output().split("\n", -1)) {
        for (String prefix : prefixes) {
          if (line.startsWith(prefix)) {
            return line;
          }
        }
      }
      Thread.sleep(10); // a signal meant for a short phase (a run's finish) must land inside it
    }
    return fail("the child printed no line starting with " + Arrays.toString(prefixes)
        + " (alive " + process.isAlive() + "): " + output());
  }

  /** Sends signal {@code name} (INT, TERM, KILL, STOP, CONT) with kill(1). */
  void signal(String name) throws Exception {
    assertEquals(0, kill(name), "kill -" + name);
  }

  /**
   * As {@link #signal}, for a signal aimed at the child's last moments (a run's finish): when kill(1)
   * finds no process, the child must have ended by itself; returns whether the signal was delivered.
   */
  boolean signalUnlessEnded(String name) throws Exception {
    if (kill(name) == 0) {
      return true;
    }
    assertTrue(process.waitFor(5, TimeUnit.SECONDS), "kill -" + name + " failed and the child is still alive");
    return false;
  }

  private int kill(String name) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid()))
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    assertTrue(kill.waitFor(30, TimeUnit.SECONDS), "kill -" + name + " ends");
    return kill.exitValue();
  }

  /**
   * The port a {@code serve} child listens on, from its {@code http://HOST:PORT (} line; fails the
   * test if the child ends or {@code timeout} passes first.
   */
  int listeningPort(Duration timeout) throws Exception {
    long untilNanos = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < untilNanos && process.isAlive()) {
      Matcher m = LISTENING.matcher(output());
      if (m.find()) {
        return Integer.parseInt(m.group(1));
      }
      Thread.sleep(20);
    }
    return fail("the server child did not listen: " + output());
  }

  /** SIGKILL: the JVM ends at once, no shutdown hook runs. Waits for the end. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the child ends after SIGKILL");
  }

  /** SIGTERM, which the JVM treats like Ctrl-C (its shutdown hooks run); returns the exit code. */
  int terminate() throws InterruptedException {
    process.destroy();
    assertTrue(process.waitFor(60, TimeUnit.SECONDS),
        "the child ends within 60 s of SIGTERM: " + output());
    return process.exitValue();
  }

  /** Waits for the child to end by itself; returns its exit code. */
  int waitForExit(Duration timeout) throws InterruptedException {
    assertTrue(process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS),
        "the child ends within " + timeout + ": " + output());
    return process.exitValue();
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }

  /** How many {@code \n} the file holds. */
  static long lineEnds(Path file) throws IOException {
    long n = 0;
    for (byte b : Files.readAllBytes(file)) {
      if (b == '\n') {
        n++;
      }
    }
    return n;
  }
}
