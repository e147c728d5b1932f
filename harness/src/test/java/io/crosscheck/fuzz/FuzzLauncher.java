package io.crosscheck.fuzz;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintWriter;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs the tests of one class on the JUnit platform and exits 0 only when at least one ran and none
 * failed: {@code scripts/fuzz-bounded.sh} starts it once per fuzz target with {@code JAZZER_FUZZ=1},
 * because Jazzer fuzzes only the first {@code @FuzzTest} of a JVM. A JVM per target without Maven in
 * between keeps the bounded fuzz run's overhead to the JVM's start.
 */
public final class FuzzLauncher {
  private FuzzLauncher() {}

  public static void main(String[] args) {
    if (args.length != 1) {
      System.err.println("usage: FuzzLauncher CLASS (a test class name, e.g. io.crosscheck.fuzz.GapsFileFuzzTest)");
      System.exit(2);
    }
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClass(args[0])).build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, listener);
    TestExecutionSummary summary = listener.getSummary();
    PrintWriter err = new PrintWriter(System.err, true);
    summary.printFailuresTo(err, 30);
    long failed = summary.getTotalFailureCount();
    long succeeded = summary.getTestsSucceededCount();
    err.println("fuzz-launcher: " + args[0] + ": " + succeeded + " passed, " + failed + " failed, "
        + summary.getTestsSkippedCount() + " skipped");
    System.exit(failed == 0 && succeeded > 0 ? 0 : 1);
  }
}
