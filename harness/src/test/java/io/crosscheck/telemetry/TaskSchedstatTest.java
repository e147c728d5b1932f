package io.crosscheck.telemetry;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

// runs alone (serial-tests in harness/pom.xml): an idle thread's run-queue wait beside spinning ones
@org.junit.jupiter.api.Tag("serial")
class TaskSchedstatTest {
  /**
   * More spinning threads than cores must queue: over 300 ms, 2 threads per core spinning wait at
   * least a quarter of the elapsed time per core in total (ideally half), where an idle process
   * waits next to nothing.
   */
  @Test
  void spinningMoreThreadsThanCoresShowsRunQueueWait() throws InterruptedException {
    TaskSchedstat s = TaskSchedstat.open();
    Assumptions.assumeTrue(s.available(), "no /proc/self/task/*/schedstat");
    s.waitSinceLastNanos();
    int cores = Runtime.getRuntime().availableProcessors();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> spinners = new ArrayList<>();
    long startNanos = System.nanoTime();
    for (int i = 0; i < 2 * cores; i++) {
      Thread t = new Thread(() -> {
        long x = 0;
        while (!stop.get()) {
          x += System.nanoTime() & 1;
        }
        if (x == 42) {
          System.out.print("");
        }
      });
      t.start();
      spinners.add(t);
    }
    Thread.sleep(300);
    long busyWaitNanos = s.waitSinceLastNanos();
    long elapsedNanos = System.nanoTime() - startNanos;
    stop.set(true);
    for (Thread t : spinners) {
      t.join();
    }
    assertTrue(busyWaitNanos >= elapsedNanos * cores / 4,
        "run-queue wait " + busyWaitNanos / 1e6 + " ms over " + elapsedNanos / 1e6 + " ms with " + 2 * cores
            + " spinners on " + cores + " cores");
    Thread.sleep(200);
    long idleWaitNanos = s.waitSinceLastNanos();
    System.out.printf("[schedstat] wait %.1f ms in %.0f ms with %d spinners on %d cores; %.2f ms idle after%n",
        busyWaitNanos / 1e6, elapsedNanos / 1e6, 2 * cores, cores, idleWaitNanos / 1e6);
    assertTrue(idleWaitNanos >= 0 && idleWaitNanos < busyWaitNanos / 4, "idle wait " + idleWaitNanos);
  }
}
