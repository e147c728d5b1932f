package io.crosscheck.engine.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.crosscheck.server.EmbeddedServerFixture;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The legacy engines in child JVMs: virtual threads on Temurin 25, and resource limits met for
 * real and reported as findings. The server runs here, in the parent.
 *
 * <p>RLIMIT_NPROC does not bind root (the kernel exempts CAP_SYS_ADMIN/CAP_SYS_RESOURCE: measured
 * here, {@code prlimit --nproc=5} as root still forks 20 processes), so the thread-limit child runs
 * as {@code nobody} through {@code setpriv}; nproc counts every thread of that user, the JVM's
 * own included. Its classpath jars are copied to a world-readable directory first (the local
 * Maven repository under /root is not readable by nobody).
 */
// runs alone (serial-tests in harness/pom.xml): user threads still alive when a child JVM reaches its open-files limit
@org.junit.jupiter.api.Tag("serial")
class LegacyChildJvmTest extends EmbeddedServerFixture {
  private static final Path TEMURIN_25 = Paths.get("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
  private static final String THIS_JAVA = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
  @Test
  void virtualThreadsFailClearlyBeforeJdk21() {
    assumeTrue(Runtime.version().feature() < 21, "this JVM has virtual threads");
    LegacyOptions virtual = LegacyOptions.faithful().withVirtualThreads(true);
    assertTrue(!LegacyOptions.virtualThreadsSupported());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LegacyFixtures.run(new LegacyUrlConnectionEngine(virtual),
            LegacyFixtures.closed(server.port(), "/static/2k", 1, 1, 1, new io.crosscheck.model.ThinkTime.None(),
                0, 1_000_000_000L), LegacyFixtures.options(1_000, 1_000)));
    assertTrue(e.getMessage().contains("virtual threads need JDK 21 or later"), e.getMessage());
    assertTrue(e.getMessage().contains(System.getProperty("java.version")), e.getMessage());
  }

  @Test
  void virtualThreadsRunTheAccountingWorkloadOnTemurin25() throws Exception {
    assumeTrue(Files.isExecutable(TEMURIN_25), "no Temurin 25 at " + TEMURIN_25);
    for (String engine : List.of("urlconnection", "httpclient")) {
      Map<String, String> r = result(run(List.of(TEMURIN_25.toString(), "-cp", System.getProperty("java.class.path"),
          LegacyChildMain.class.getName(), engine, "" + server.port(), "200", "10", "5", "true")));
      System.out.println("temurin-25 virtual " + engine + ": " + r);
      assertEquals("25", r.get("java"));
      assertEquals("1", r.get("virtualThreads"));
      assertEquals("2000", r.get("planned"));
      assertEquals("2000", r.get("records"));
      assertEquals("2000", r.get("issued"));
      assertEquals("0", r.get("unplanned"));
      assertEquals("2000", r.get("ok"));
    }
  }

  @Test
  void nativeThreadLimitStopsTheRampAndIsReported() throws Exception {
    assumeTrue(new File("/usr/bin/prlimit").canExecute() && new File("/usr/bin/setpriv").canExecute());
    List<String> command = new ArrayList<>(List.of("/usr/bin/prlimit", "--nproc=160:160", "/usr/bin/setpriv",
        "--reuid=65534", "--regid=65534", "--clear-groups", THIS_JAVA, "-XX:-UsePerfData", "-XX:+UseSerialGC",
        "-XX:CICompilerCount=2", "-Xmx128m", "-Xss256k", "-cp", readableClasspath(),
        LegacyChildMain.class.getName(), "urlconnection", "" + server.port(), "1000", "3", "400", "false"));
    List<String> out = run(command);
    Map<String, String> r = result(out);
    System.out.println("nproc=160 as nobody: " + r);
    out.stream().filter(l -> l.startsWith("LIMIT ")).forEach(System.out::println);
    assertEquals("1", r.get("limitKind"), "native threads");
    long users = Long.parseLong(r.get("limitUsers"));
    assertTrue(users > 50 && users < 160, "user threads alive at the limit: " + users);
    assertEquals(r.get("issued"), r.get("records"), "one record per issued request");
    assertEquals("0", r.get("unplanned"));
    // a user whose thread is alive at the limit may not have counted its session start yet (seen once
    // on a fresh clone: 146 of 147): none may start after it
    long started = Long.parseLong(r.get("sessionsStarted"));
    assertTrue(started <= users && started >= users - 2, "no user started after the limit: " + started + " of " + users);
    assertTrue(Long.parseLong(r.get("records")) >= started, "every started user issued its first request");
    assertTrue(out.stream().anyMatch(l -> l.startsWith("LIMIT client limit reached: native threads ran out")));
  }

  @Test
  void openFilesLimitIsReported() throws Exception {
    assumeTrue(new File("/usr/bin/prlimit").canExecute());
    // HttpClient users each hold a connection for 2 s; 400 users start over 2 s: the descriptors
    // run out before the last users start
    List<String> out = run(List.of("/usr/bin/prlimit", "--nofile=200:200", THIS_JAVA, "-XX:-UsePerfData",
        "-XX:+UseSerialGC", "-Xss256k", "-cp", System.getProperty("java.class.path"),
        LegacyChildMain.class.getName(), "httpclient", "" + server.port(), "400", "3", "1000", "false", "2000"));
    Map<String, String> r = result(out);
    System.out.println("nofile=200: " + r);
    assertEquals("3", r.get("limitKind"), "open files");
    assertEquals(r.get("issued"), r.get("records"), "one record per issued request");
    assertEquals("0", r.get("unplanned"));
    long users = Long.parseLong(r.get("limitUsers"));
    assertTrue(users > 0 && users < 400, "user threads alive at the limit: " + r);
    assertTrue(Long.parseLong(r.get("sessionsStarted")) < 400, "the ramp stopped: " + r);
  }

  private static List<String> run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] bytes;
    try {
      bytes = p.getInputStream().readAllBytes();
    } finally {
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
    List<String> lines = Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\n"));
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("RESULT ")),
        () -> "child printed no result:\n" + String.join("\n", lines.stream()
            .filter(l -> !l.startsWith("\tat ") && !l.startsWith("\t...")).limit(60).toList()));
    return lines;
  }

  private static Map<String, String> result(List<String> lines) {
    Map<String, String> m = new HashMap<>();
    String line = lines.stream().filter(l -> l.startsWith("RESULT ")).findFirst().orElseThrow();
    for (String kv : line.substring("RESULT ".length()).trim().split(" ")) {
      int eq = kv.indexOf('=');
      m.put(kv.substring(0, eq), kv.substring(eq + 1));
    }
    return m;
  }

  /** The test classpath with every jar copied where an unprivileged user can read it. */
  private static String readableClasspath() throws IOException {
    Path dir = Files.createTempDirectory("crosscheck-legacy-cp");
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    dir.toFile().deleteOnExit();
    List<String> entries = new ArrayList<>();
    int i = 0;
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path p = Paths.get(entry);
      if (Files.isRegularFile(p)) {
        Path copy = dir.resolve((i++) + "-" + p.getFileName());
        Files.copy(p, copy);
        Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-r--r--"));
        copy.toFile().deleteOnExit();
        entries.add(copy.toString());
      } else {
        entries.add(entry);
      }
    }
    return String.join(File.pathSeparator, entries);
  }
}
