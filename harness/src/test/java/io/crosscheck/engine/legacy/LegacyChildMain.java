package io.crosscheck.engine.legacy;

import io.crosscheck.engine.Engine;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.record.Outcome;
import java.util.Set;

/**
 * Runs one legacy engine in a child JVM (under resource limits, or on another JDK) against a
 * server of the parent's, and prints one {@code RESULT key=value ...} line and, when a limit was
 * met, one {@code LIMIT text} line. Arguments: engine (urlconnection|httpclient), port, users,
 * requests per session, think millis (fixed), virtual (true|false), optional ramp-up millis.
 */
public final class LegacyChildMain {
  private LegacyChildMain() {}

  public static void main(String[] args) throws Exception {
    loadEngineClasses();
    String engineName = args[0];
    int port = Integer.parseInt(args[1]);
    int users = Integer.parseInt(args[2]);
    int requests = Integer.parseInt(args[3]);
    long thinkMillis = Long.parseLong(args[4]);
    boolean virtual = Boolean.parseBoolean(args[5]);
    long rampUpNanos = args.length > 6 ? Long.parseLong(args[6]) * 1_000_000L : 0;
    LegacyOptions options = LegacyOptions.faithful().withVirtualThreads(virtual);
    LegacyEngineBase engine = engineName.equals("httpclient")
        ? new LegacyHttpClientEngine(options) : new LegacyUrlConnectionEngine(options);
    Workload w = LegacyFixtures.closed(port, "/static/2k", users, 1, requests,
        thinkMillis > 0 ? new ThinkTime.Fixed(thinkMillis * 1_000_000L) : new ThinkTime.None(), rampUpNanos, 20_000_000_000L);
    // everything used after the run is loaded before it: at a file-descriptor limit, a class
    // cannot be loaded from a directory
    Set<String> planned = LegacyFixtures.plannedKeys(w);
    LegacyFixtures.recordKeys(java.util.List.of());
    LegacyFixtures.Run run = LegacyFixtures.run((Engine) engine, w, LegacyFixtures.options(2_000, 5_000));
    Set<String> recorded = LegacyFixtures.recordKeys(run.records());
    var extra = run.result().extra();
    System.out.println("RESULT java=" + Runtime.version().feature()
        + " issued=" + run.result().requestsIssued()
        + " records=" + run.records().size()
        + " unplanned=" + recorded.stream().filter(k -> !planned.contains(k)).count()
        + " planned=" + planned.size()
        + " ok=" + run.count(Outcome.OK)
        + " sessionsStarted=" + run.result().sessionsStarted()
        + " peakUsers=" + extra.get("peakUsers")
        + " virtualThreads=" + extra.get("virtualThreads")
        + " limitKind=" + extra.getOrDefault(LegacyEngineLimit.KIND_KEY, 0L)
        + " limitUsers=" + extra.getOrDefault(LegacyEngineLimit.USERS_KEY, -1L));
    engine.lastLimit().ifPresent(l -> System.out.println("LIMIT " + l.describe()));
    System.out.flush();
    System.exit(0); // user threads stuck past their grace must not keep the child alive
  }

  /**
   * Loads the harness classes a run may need before any descriptor runs out: under {@code prlimit
   * --nofile} a class first needed mid-run (e.g. {@code model.Reply}, at the first reply) cannot be
   * opened from a classes directory, and the user thread dies of NoClassDefFoundError instead of
   * the limit being reported (seen on a fresh clone).
   */
  private static void loadEngineClasses() throws Exception {
    // the harness's classes, and this test code's own (LegacyFixtures.Run is first needed when the
    // run ends, with every descriptor possibly still held: seen once on a fresh clone)
    for (Class<?> of : new Class<?>[] {io.crosscheck.model.Phase.class, LegacyChildMain.class}) {
      loadClassesBeside(of);
    }
  }

  private static void loadClassesBeside(Class<?> of) throws Exception {
    java.nio.file.Path root = java.nio.file.Path.of(of.getProtectionDomain().getCodeSource().getLocation().toURI());
    if (!java.nio.file.Files.isDirectory(root)) {
      return; // a jar stays open: its classes load without new descriptors
    }
    try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(root.resolve("io/crosscheck"))) {
      for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
        String name = root.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
        try {
          Class.forName(name, false, LegacyChildMain.class.getClassLoader());
        } catch (LinkageError | ClassNotFoundException e) {
          // a class that does not link here (an optional dependency) is not one a legacy run needs
        }
      }
    }
  }
}
