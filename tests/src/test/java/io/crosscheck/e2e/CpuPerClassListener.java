package io.crosscheck.e2e;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Prints, for every test class of this module, the CPU it cost beside its wall time: this test JVM's
 * own CPU and that of the child processes it started and reaped meanwhile (child JVMs, tshark, kill),
 * read from /proc/self/stat. The suite is CPU-bound on a 2-core machine (issue 26: a test JVM per core
 * is already two cores' worth), so making it faster means finding the classes whose CPU is large; this
 * line, {@code [cpu per class] ...}, is among the figures ./run-tests prints. Servers started as
 * daemons of their own (Apache, lighttpd) are not counted. A class's figure includes whatever threads
 * an earlier class left running in the same JVM (rarely more than an idle server).
 */
public final class CpuPerClassListener implements TestExecutionListener {
  /** Linux's USER_HZ, the unit of /proc times (getconf CLK_TCK prints 100 on this machine kind). */
  private static final double TICKS_PER_SECOND = 100.0;

  private record Start(long wallNanos, double selfSeconds, double childSeconds) {}

  private final Map<String, Start> started = new ConcurrentHashMap<>();

  @Override
  public void executionStarted(TestIdentifier id) {
    className(id).ifPresent(c -> started.put(c, new Start(System.nanoTime(), selfSeconds(), childSeconds())));
  }

  @Override
  public void executionFinished(TestIdentifier id, TestExecutionResult result) {
    className(id).ifPresent(c -> {
      Start s = started.remove(c);
      if (s == null) {
        return;
      }
      double self = selfSeconds() - s.selfSeconds();
      double children = childSeconds() - s.childSeconds();
      double wall = (System.nanoTime() - s.wallNanos()) / 1e9;
      if (Double.isNaN(self) || Double.isNaN(children)) {
        System.out.printf(Locale.ROOT, "[cpu per class] %s: not measured (no process CPU time here) over %.1f s%n",
            c, wall);
        return;
      }
      System.out.printf(Locale.ROOT, "[cpu per class] %s: %.1f s CPU (this JVM %.1f, its reaped children %.1f)"
          + " over %.1f s wall: %.2f cores%n", c, self + children, self, children, wall,
          wall > 0 ? (self + children) / wall : 0.0);
    });
  }

  private static java.util.Optional<String> className(TestIdentifier id) {
    return id.getSource().filter(ClassSource.class::isInstance).map(s -> ((ClassSource) s).getClassName());
  }

  /** This JVM's CPU time, user + system, in seconds; NaN when the JVM does not say. */
  private static double selfSeconds() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      long nanos = os.getProcessCpuTime();
      return nanos < 0 ? Double.NaN : nanos / 1e9;
    }
    return Double.NaN;
  }

  /** CPU time of the children this JVM waited for (cutime + cstime of /proc/self/stat), seconds; NaN without it. */
  private static double childSeconds() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      // fields after the command name, which is in parentheses and may hold spaces
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      // f[0] is field 3 (state): cutime is field 16, cstime field 17
      return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / TICKS_PER_SECOND;
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }
}
