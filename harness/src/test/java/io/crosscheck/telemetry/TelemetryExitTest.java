package io.crosscheck.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM that used telemetry exits on its own when main returns, with either pause source: JFR's
 * stream thread is non-daemon when started with startAsync, and a JMX listener must not hold the
 * JVM either, so the recorder must not leave one behind — whether or not stop() was called.
 */
class TelemetryExitTest {
  @ParameterizedTest
  @CsvSource({"stop,jmx", "nostop,jmx", "stop,jfr", "nostop,jfr"})
  void aJvmWithTelemetryExitsWhenMainReturns(String mode, String pauses, @TempDir Path dir)
      throws Exception {
    Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
    Path out = dir.resolve("child.out");
    Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
            TelemetryExitMain.class.getName(), dir.resolve("telemetry.csv").toString(), mode, pauses)
        .redirectErrorStream(true)
        .redirectOutput(out.toFile())
        .start();
    try {
      // stop() waits up to 3 s for the last pauses (JFR); from main's return the JVM has 5 s to exit
      long untilNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!Files.readString(out).contains("main returns") && child.isAlive()
          && System.nanoTime() - untilNanos < 0) {
        Thread.sleep(20);
      }
      boolean exited = child.waitFor(5, TimeUnit.SECONDS);
      String text = Files.readString(out);
      assertTrue(text.contains("main returns"), text);
      assertTrue(exited, "the child exits within 5 s of main returning, without System.exit: " + text);
      assertEquals(0, child.exitValue(), text);
      if ("stop".equals(mode)) {
        assertTrue(text.contains("samples="), text);
      }
    } finally {
      child.destroyForcibly();
    }
  }
}
