package io.crosscheck.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.cli.Main;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code audit --pid} of a process that cannot take the attach's SIGQUIT: refused with exit 2 before
 * anything is sent, and the process lives on (the red team's {@code sleep} died of it, exit 131).
 */
class AttachableJvmTest {
  @TempDir Path tmp;

  @Test
  void aSleepIsRefusedAndSurvives() throws Exception {
    Process sleep = new ProcessBuilder("sleep", "30").start();
    try {
      long pid = sleep.pid();
      CommandLine cl = Main.commandLine();
      StringWriter err = new StringWriter();
      cl.setErr(new PrintWriter(err, true));
      int exit = cl.execute("audit", "--pid", Long.toString(pid), "--duration", "2s", "--server", "127.0.0.1:9",
          "--out", tmp.resolve("runs").toString());
      assertEquals(2, exit, err.toString());
      assertTrue(err.toString().contains("--pid: \"" + pid + "\": expected a running HotSpot JVM that accepts"
          + " attach: process " + pid + " (sleep) is not a HotSpot JVM (no libjvm.so in /proc/" + pid + "/maps);"
          + " attaching would send it SIGQUIT"), err.toString());
      assertFalse(sleep.waitFor(500, TimeUnit.MILLISECONDS), "the sleep still runs after the refusal");
      assertFalse(Files.exists(tmp.resolve("runs")), "no run directory");
    } finally {
      sleep.destroyForcibly();
    }
  }

  @Test
  void aJvmThatCatchesSigquitIsAcceptedOneThatWouldDieOfItIsNot() throws Exception {
    assertNull(AttachableJvm.problem(ProcessHandle.current().pid()), "this JVM maps libjvm.so and catches SIGQUIT");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process xrs = new ProcessBuilder(java.toString(), "-Xrs", "-XX:+DisableAttachMechanism", "-XX:TieredStopAtLevel=1", "-cp",
        System.getProperty("java.class.path"), "io.crosscheck.child.SleepMain", tmp.resolve("marker").toString())
        .redirectErrorStream(true).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(xrs.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("ready", out.readLine());
      String problem = AttachableJvm.problem(xrs.pid());
      assertEquals("a running HotSpot JVM that accepts attach: process " + xrs.pid() + " (java) is a JVM with no"
          + " attach listener running that does not catch SIGQUIT (-Xrs with -XX:+DisableAttachMechanism?);"
          + " attaching would end it. It was not touched", problem);
      assertTrue(xrs.isAlive());
    } finally {
      xrs.destroyForcibly();
    }
  }
}
