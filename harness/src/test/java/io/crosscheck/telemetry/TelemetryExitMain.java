package io.crosscheck.telemetry;

import java.nio.file.Paths;

/**
 * Child main for tests: records telemetry for a moment (with a GC in it), with the pause source
 * args[2] (jmx, jfr, off), stops the recorder unless args[1] is "nostop", and returns from main
 * without System.exit.
 */
public final class TelemetryExitMain {
  private TelemetryExitMain() {}

  public static void main(String[] args) throws Exception {
    TelemetryRecorder r = TelemetryRecorder.start(Paths.get(args[0]), TelemetryRecorder.DEFAULT_PERIOD_NANOS,
        GcPauseSource.parse(args[2]));
    System.gc();
    Thread.sleep(300);
    if (!(args.length > 1 && "nostop".equals(args[1]))) {
      System.out.println("samples=" + r.stop().samples());
    }
    System.out.println("main returns at " + System.nanoTime());
  }
}
