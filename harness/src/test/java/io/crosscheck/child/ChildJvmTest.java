package io.crosscheck.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real child JVMs: Temurin 25 under -Xint, exit codes, bad homes, SIGTERM forwarding. */
class ChildJvmTest {
  static final Path TEMURIN_25 = Paths.get("/usr/lib/jvm/temurin-25-jdk-amd64");
  static final Path PARENT_HOME = Paths.get(System.getProperty("java.home"));

  @Test
  void runsAMainOnTemurin25UnderXintAndDescribesTheJvm(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(TEMURIN_25.resolve("bin/java")), "Temurin 25 is installed");
    Path out = dir.resolve("child.out");
    ChildJvm jvm = ChildJvm.builder(TEMURIN_25)
        .jvmOpts(List.of("-Xint", "-Xmx64m", "-XX:+UseSerialGC"))
        .job(dir.resolve("job.json"), ProbeMain.class.getName(), List.of("0", "a b", "--x=\"y\""))
        .outputFile(out)
        .build();
    try (ChildProcess child = jvm.start()) {
      assertEquals(0, child.waitFor());
    }
    String text = Files.readString(out);
    assertTrue(text.contains("java.version=25"), text);
    assertTrue(text.contains("xint=true"), text);
    assertTrue(text.contains("args=0|a b|--x=\"y\""), "arguments pass unquoted: " + text);
    assertFalse(text.contains("WARNING"), "no native-access or Unsafe warnings: " + text);

    ChildJvm.Description d = jvm.describe();
    assertEquals(TEMURIN_25.toString(), d.javaHome());
    assertTrue(d.javaVersion().startsWith("25"), d.toString());
    assertEquals(25, d.featureVersion());
    assertEquals("Eclipse Adoptium", d.vendor());
    assertTrue(d.vmName().contains("VM"), d.toString());
    assertEquals(List.of("-Xint", "-Xmx64m", "-XX:+UseSerialGC"), d.jvmOpts());
    assertEquals(List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
        "-Xint", "-Xmx64m", "-XX:+UseSerialGC"), d.effectiveJvmOpts());
  }

  @Test
  void jdk24DefaultsAreAddedOnlyWhereNeededAndNeverOverrideTheUser() {
    assertEquals(List.of("-Xint"), ChildJvm.effectiveOpts(17, List.of("-Xint")));
    assertEquals(List.of("--sun-misc-unsafe-memory-access=allow", "--enable-native-access=M"),
        ChildJvm.effectiveOpts(25, List.of("--enable-native-access=M")));
  }

  @Test
  void exitCodesPropagateDirectAndThroughAJob(@TempDir Path dir) throws Exception {
    ChildJvm direct = ChildJvm.builder(PARENT_HOME).main(ProbeMain.class.getName(), List.of("7"))
        .outputFile(dir.resolve("direct.out")).build();
    ChildJvm viaJob = ChildJvm.builder(PARENT_HOME)
        .job(dir.resolve("job.json"), ProbeMain.class.getName(), List.of("42"))
        .outputFile(dir.resolve("job.out")).build();
    assertEquals(7, direct.start().waitFor());
    assertEquals(42, viaJob.start().waitFor());
    ChildJvm returns = ChildJvm.builder(PARENT_HOME).main(ProbeMain.class.getName(), List.of())
        .outputFile(dir.resolve("returns.out")).build();
    assertEquals(0, returns.start().waitFor());
  }

  @Test
  void outputIsCopiedByteForByteToTheParentAndToTheFile(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream copy = new ByteArrayOutputStream();
    Path out = dir.resolve("child.out");
    ChildJvm jvm = ChildJvm.builder(PARENT_HOME).main(ProbeMain.class.getName(), List.of("3"))
        .outputFile(out).copyOutputTo(copy).build();
    assertEquals(3, jvm.start().waitFor());
    String copied = copy.toString(StandardCharsets.UTF_8);
    assertTrue(copied.contains("java.version=" + System.getProperty("java.version")), copied);
    assertEquals(Files.readString(out), copied);
  }

  @Test
  void aBadJavaHomeIsRefusedWithWhatWasExpected(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("no-such-jdk");
    IllegalArgumentException notDir = assertThrows(IllegalArgumentException.class,
        () -> ChildJvm.builder(missing).main("X", List.of()).build());
    assertEquals("java home " + missing + ": not a directory (expected a Java home with bin/java, release 17"
        + " or later)", notDir.getMessage());

    Path empty = Files.createDirectory(dir.resolve("empty"));
    IllegalArgumentException noJava = assertThrows(IllegalArgumentException.class,
        () -> ChildJvm.builder(empty).main("X", List.of()).build());
    assertEquals("java home " + empty + ": " + empty.resolve("bin/java") + " does not exist (expected a Java"
        + " home with bin/java, release 17 or later)", noJava.getMessage());

    Path old = dir.resolve("jdk8");
    Files.createDirectories(old.resolve("bin"));
    Path fake = old.resolve("bin/java");
    Files.writeString(fake, "#!/bin/sh\ncat >&2 <<'EOF'\nProperty settings:\n    java.specification.version = 1.8\n"
        + "    java.version = 1.8.0_402\n    java.vm.name = OpenJDK 64-Bit Server VM\n    java.vendor = Old\n\n"
        + "openjdk version \"1.8.0_402\"\nEOF\n");
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rw-r--r--"));
    IllegalArgumentException notExecutable = assertThrows(IllegalArgumentException.class,
        () -> ChildJvm.builder(old).main("X", List.of()).build());
    assertTrue(notExecutable.getMessage().endsWith(" is not executable (expected a Java home with bin/java,"
        + " release 17 or later)"), notExecutable.getMessage());
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
    IllegalArgumentException tooOld = assertThrows(IllegalArgumentException.class,
        () -> ChildJvm.builder(old).main("X", List.of()).build());
    assertEquals("java home " + old + ": Java 1.8.0_402 (OpenJDK 64-Bit Server VM) is too old: crosscheck"
        + " needs release 17 or later", tooOld.getMessage());
  }

  @Test
  void stopSendsSigtermSoTheChildsShutdownHooksRun(@TempDir Path dir) throws Exception {
    Path marker = dir.resolve("marker");
    Path out = dir.resolve("child.out");
    ChildJvm jvm = ChildJvm.builder(PARENT_HOME).main(SleepMain.class.getName(), List.of(marker.toString()))
        .outputFile(out).stopGrace(Duration.ofSeconds(15)).build();
    ChildProcess child = jvm.start();
    try {
      long untilNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!Files.readString(out).contains("ready") && System.nanoTime() - untilNanos < 0) {
        Thread.sleep(20);
      }
      assertTrue(child.isAlive(), Files.readString(out));
      int code = child.stop();
      assertEquals(143, code, "128 + SIGTERM");
      assertEquals("shutdown hook ran", Files.readString(marker));
    } finally {
      child.close();
    }
  }

  @Test
  void aBadJobFileExitsWith2AndSaysWhy(@TempDir Path dir) throws Exception {
    Path job = dir.resolve("job.json");
    Files.writeString(job, "{\"args\": []}");
    Path out = dir.resolve("child.out");
    ChildJvm jvm = ChildJvm.builder(PARENT_HOME).main(ChildRunMain.class.getName(), List.of(job.toString()))
        .outputFile(out).build();
    assertEquals(2, jvm.start().waitFor());
    assertTrue(Files.readString(out).contains(job + ": bad job file: expected {\"mainClass\""),
        Files.readString(out));
    ChildRunMain.writeJob(job, "io.crosscheck.NoSuchMain", List.of());
    assertEquals(2, jvm.start().waitFor());
    assertTrue(Files.readString(out).contains("mainClass io.crosscheck.NoSuchMain: no public static main"),
        Files.readString(out));
  }

  @Test
  void aChildWhoseParentIsKilledStopsThroughItsShutdownHooks(@TempDir Path dir) throws Exception {
    Path marker = dir.resolve("marker");
    Path parentOut = dir.resolve("parent.out");
    ChildJvm parentJvm = ChildJvm.builder(PARENT_HOME)
        .main(ParentMain.class.getName(),
            List.of(dir.resolve("job.json").toString(), marker.toString(), dir.resolve("child.out").toString()))
        .outputFile(parentOut).build();
    ChildProcess parent = parentJvm.start();
    try {
      long untilNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!Files.readString(parentOut).contains("child=") && System.nanoTime() - untilNanos < 0) {
        Thread.sleep(20);
      }
      String text = Files.readString(parentOut);
      assertTrue(text.contains("child="), text);
      long childPid = Long.parseLong(text.substring(text.indexOf("child=") + 6).trim());
      ProcessHandle child = ProcessHandle.of(childPid).orElseThrow();
      while (!Files.readString(dir.resolve("child.out")).contains("ready") && System.nanoTime() - untilNanos < 0) {
        Thread.sleep(20); // the child's main has registered its shutdown hook
      }
      ProcessHandle.of(parent.pid()).orElseThrow().destroyForcibly(); // SIGKILL: no hooks in the parent
      long exitByNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!exited(child) && System.nanoTime() - exitByNanos < 0) {
        Thread.sleep(50);
      }
      assertTrue(exited(child), "the orphaned child exited: " + Files.readString(dir.resolve("child.out"))
          + " child stat: " + stat(childPid) + " parent stat: " + stat(parent.pid()));
      assertEquals("shutdown hook ran", Files.readString(marker));
      assertTrue(Files.readString(dir.resolve("child.out")).contains("parent process " + parent.pid() + " exited"));
    } finally {
      parent.close();
    }
  }

  /** Gone, or a zombie that init has not reaped (ProcessHandle.isAlive counts zombies as alive). */
  private static boolean exited(ProcessHandle p) throws Exception {
    Path stat = Paths.get("/proc/" + p.pid() + "/stat");
    if (!p.isAlive() || !Files.exists(stat)) {
      return true;
    }
    try {
      String s = Files.readString(stat);
      return s.charAt(s.lastIndexOf(')') + 2) == 'Z';
    } catch (java.io.IOException e) {
      return true;
    }
  }

  private static String stat(long pid) {
    try {
      return Files.readString(Paths.get("/proc/" + pid + "/stat")).substring(0, 60);
    } catch (Exception e) {
      return e.toString();
    }
  }
}
