package io.crosscheck.agent;

import io.crosscheck.audit.AgentJar;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A target (a small main class of {@code io.crosscheck.agent.targets} or {@code
 * io.crosscheck.agent.hooks.targets}) run in a child JVM of a given JDK, stdout and stderr in files
 * of its directory; waits are bounded. Closing kills it if it still runs. Not thread-safe.
 */
public final class TargetJvm implements AutoCloseable {
  public static final Path TEMURIN_25 = Paths.get("/usr/lib/jvm/temurin-25-jdk-amd64");
  public static final Path JDK_17 = Paths.get("/usr/lib/jvm/java-17-openjdk-amd64");

  final Process process;
  final Path stdout;
  final Path stderr;

  private TargetJvm(Process process, Path stdout, Path stderr) {
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /** The JDK the tests run on. */
  public static Path currentJdk() {
    return Paths.get(System.getProperty("java.home"));
  }

  /** The test classes directory, the class path of every target. */
  static Path testClasses() {
    try {
      return Paths.get(TargetJvm.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code -javaagent:JAR=ARGS}, the jar as the harness finds it ({@link AgentJar}). */
  public static String javaagent(String args) throws IOException {
    return "-javaagent:" + AgentJar.locate() + (args.isEmpty() ? "" : "=" + args);
  }

  /**
   * Starts {@code main} on {@code jdk}'s java with {@code jvmOptions} and {@code args}, the test
   * classes directory as its class path; output in {@code dir}.
   */
  static TargetJvm start(Path jdk, List<String> jvmOptions, Class<?> main, Path dir, String... args)
      throws IOException {
    return start(jdk, jvmOptions, testClasses().toString(), main, dir, args);
  }

  /** {@link #start(Path, List, Class, Path, String...)} with {@code classPath}. */
  public static TargetJvm start(Path jdk, List<String> jvmOptions, String classPath, Class<?> main, Path dir,
      String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(jdk.resolve("bin/java").toString());
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(classPath);
    command.add(main.getName());
    command.addAll(List.of(args));
    Files.createDirectories(dir);
    Path out = dir.resolve("stdout.txt");
    Path err = dir.resolve("stderr.txt");
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    return new TargetJvm(p, out, err);
  }

  long pid() {
    return process.pid();
  }

  /** Waits (at most {@code timeout}) for a stdout line starting with {@code prefix}; returns it. */
  String awaitLine(String prefix, Duration timeout) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      for (String line : Files.readAllLines(stdout, StandardCharsets.UTF_8)) {
        if (line.startsWith(prefix)) {
          return line;
        }
      }
      if (!process.isAlive()) {
        throw new AssertionError("the target ended (exit " + process.exitValue() + ") before printing \"" + prefix
            + "\"; stdout: " + Files.readString(stdout) + "; stderr: " + Files.readString(stderr));
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no \"" + prefix + "\" line from the target within " + timeout + "; stdout: "
            + Files.readString(stdout) + "; stderr: " + Files.readString(stderr));
      }
      Thread.sleep(20);
    }
  }

  /** The number after {@code word} on the first stdout line starting with {@code prefix}. */
  long number(String prefix, String word) throws IOException, InterruptedException {
    String[] tokens = awaitLine(prefix, Duration.ofSeconds(1)).split(" ");
    for (int i = 0; i + 1 < tokens.length; i++) {
      if (tokens[i].equals(word)) {
        return Long.parseLong(tokens[i + 1]);
      }
    }
    throw new AssertionError("no \"" + word + " N\" in the target's line " + String.join(" ", tokens));
  }

  /** Writes one line to the target's stdin. */
  void send(String line) throws IOException {
    OutputStream in = process.getOutputStream();
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  /** Waits at most {@code timeout} for the end; returns the exit code. */
  public int awaitExit(Duration timeout) throws InterruptedException, IOException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new AssertionError("the target did not end within " + timeout + "; " + output());
    }
    return process.exitValue();
  }

  /** What the target printed so far: its stdout, then its stderr. */
  public String output() throws IOException {
    return "stdout:\n" + Files.readString(stdout, StandardCharsets.UTF_8) + "stderr:\n"
        + Files.readString(stderr, StandardCharsets.UTF_8);
  }

  List<String> stderrLines() throws IOException {
    return Files.readAllLines(stderr, StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroyForcibly();
      try {
        process.waitFor(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
