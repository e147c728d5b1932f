package io.crosscheck.run;

import io.crosscheck.child.ChildJvm;
import io.crosscheck.child.ChildProcess;
import io.crosscheck.record.SummaryTable;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.ShardMerge;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code run|audit --shards N}: the local orchestration of a sharded schedule. This process creates
 * the run directory, runs the stage around the load (audit: the one live capture), computes one
 * start instant for all (now + {@value #LEAD_BASE_MILLIS} ms + {@value #LEAD_PER_SHARD_MILLIS} ms
 * per shard, or {@code --start-at}), and starts N child JVMs, each {@code crosscheck run --shard
 * I/N --start-at T --source-address 127.0.0.(2+I) --target-address A --into DIR/shards/I} with the
 * same workload and engine options (the source addresses only for a target on this host's loopback,
 * where they can be bound; A the address the target resolved to, once, here); it waits for them (bounded by the run's duration and a grace), then merges the
 * shard directories into DIR ({@link ShardMerge}). A shard that fails (exit code, killed, timed
 * out) is named with its reason and the others are merged; the exit code is then 1. Ctrl-C stops
 * the children (SIGTERM) and still merges what they wrote. Used by one thread.
 */
public final class ShardRun {
  /**
   * The start lead: JVM start-up, workload and digest, N JVMs sharing the cores (3 shards on 2 busy
   * cores took 6-21 s to reach their start here, at load averages of 8-10; one alone 3.8 s). What a
   * run left of it is in each shard's run.json: {@code startAt.leadNanos}, the lead when it was ready.
   */
  public static final long LEAD_BASE_MILLIS = 8_000;
  public static final long LEAD_PER_SHARD_MILLIS = 4_000;
  /** Added per shard per core-share when the JIT warm-up runs (5 s at most each, longer when sharing cores). */
  public static final long WARM_UP_LEAD_MILLIS = 6_000;
  /** Time after the schedule's end that children get to finish their run directories. */
  public static final Duration GRACE = Duration.ofSeconds(60);
  /** Child heap when no --jvm-opt is given: N children share the machine. */
  public static final List<String> DEFAULT_CHILD_OPTS = List.of("-Xms512m", "-Xmn256m");
  /**
   * Before every child's options, --jvm-opt or not (a later -XX:MetaspaceSize wins), as the
   * launcher (./crosscheck) does: at the JVM's ~21 MB default, classes loaded mid-run set off a
   * full collection inside the run.
   */
  static final String METASPACE_OPT = "-XX:MetaspaceSize=128m";

  /** A child's JVM options: the metadata threshold, then --jvm-opt's, or the default heap without them. */
  static List<String> childOpts(List<String> given) {
    List<String> opts = new java.util.ArrayList<>(List.of(METASPACE_OPT));
    opts.addAll(given.isEmpty() ? DEFAULT_CHILD_OPTS : given);
    return List.copyOf(opts);
  }

  /** This process's options; every other option goes to each shard unchanged. */
  private static final Set<String> NOT_FOR_SHARDS = Set.of("--jvm", "--jvm-opt", "--out", "--name", "--progress",
      "--into", "--interface", "--snaplen", "--capture-buffer", "--shards", "--shard", "--start-at",
      "--source-address", "--source-addresses", "--target-address", "--min-matched", "--check", "--check-rules", "--baseline",
      "--junit");

  private ShardRun() {}

  /**
   * Runs the shards and merges them into a new run directory under {@code output.outBase()}.
   *
   * @param totalNanos the schedule's duration (all phases)
   * @param target the target with the address resolved once here, handed to every shard
   * @return the merged directory and the exit code (0 only when every shard completed and merged)
   */
  public static ChildRun.Ran execute(int shards, Instant givenStart, long totalNanos, boolean warmUp, JvmChoice jvm,
      List<String> originalArgs, io.crosscheck.model.Target target, String commandName,
      RunOutput output, RunJob.Stage stage, PrintStream out) throws IOException {
    RunDirectory dir = RunDirectory.create(output.outBase(), output.name());
    int cores = Runtime.getRuntime().availableProcessors();
    long leadMillis = LEAD_BASE_MILLIS + LEAD_PER_SHARD_MILLIS * shards
        + (warmUp ? WARM_UP_LEAD_MILLIS * ((shards + cores - 1) / cores) : 0);
    Instant start = givenStart != null ? givenStart : Instant.now().plusMillis(leadMillis);
    out.println("crosscheck: run directory " + dir.path() + "; " + shards + " shards in child JVMs, all starting at "
        + start + (givenStart != null ? " (--start-at)" : " (in " + leadMillis + " ms: the JVMs' start-up"
        + (warmUp ? " and JIT warm-up" : "") + ")"));
    List<String> base = shardArgs(originalArgs);
    boolean ownSources = ownSourceAddresses(target, shards);
    List<ChildJvm> children = new ArrayList<>();
    List<Path> shardDirs = new ArrayList<>();
    for (int i = 0; i < shards; i++) {
      Path shardDir = Files.createDirectories(dir.path().resolve("shards").resolve(String.valueOf(i)));
      shardDirs.add(shardDir);
      List<String> args = new ArrayList<>(base);
      args.addAll(List.of("--shard", i + "/" + shards, "--start-at", start.toString()));
      if (ownSources) {
        args.addAll(List.of("--source-address", sourceAddress(i)));
      }
      if (target.address() != null) {
        args.addAll(List.of("--target-address", target.addressLiteral()));
      }
      args.addAll(List.of("--into", shardDir.toString(), "--progress", "off"));
      children.add(ChildJvm.builder(jvm.home()).jvmOpts(childOpts(jvm.options()))
          .job(shardDir.resolve("child-job.json"), ChildRun.MAIN_CLASS, args)
          .outputFile(shardDir.resolve("child.out")).build());
      out.println("crosscheck: shard " + i + "/" + shards + ": source " + (ownSources ? sourceAddress(i)
          : "the kernel's choice (the target is not on this host's loopback)") + ", " + shardDir);
    }
    Map<Integer, String> failures = new TreeMap<>();
    boolean interrupted = false;
    ShutdownInterrupt shutdown = ShutdownInterrupt.install("crosscheck-shards-shutdown", 45);
    try {
      stage.beforeLoad(dir);
      List<ChildProcess> running = new ArrayList<>();
      long[] startedNanos = new long[shards];
      try {
        for (int i = 0; i < shards; i++) {
          startedNanos[i] = System.nanoTime();
          running.add(children.get(i).start());
        }
        long untilNanos = System.nanoTime() + Duration.between(Instant.now(), start).toNanos() + totalNanos
            + GRACE.toNanos();
        awaitAll(running, startedNanos, untilNanos, failures);
      } finally {
        // Ctrl-C interrupted this thread: cleared while the children stop and their directories are
        // merged (an interrupt would cut those waits and NIO reads short), set again at the end
        interrupted = Thread.interrupted();
        for (int i = 0; i < running.size(); i++) {
          if (running.get(i).isAlive()) {
            failures.putIfAbsent(i, "stopped after " + seconds(startedNanos[i]) + " (the run was interrupted)");
            interrupted |= stopUninterruptibly(running.get(i));
          }
        }
        stage.afterLoad(dir);
      }
      return merge(dir, shards, shardDirs, failures, originalArgs, commandName, out);
    } finally {
      shutdown.close();
      if (interrupted || Thread.interrupted()) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static ChildRun.Ran merge(RunDirectory dir, int shards, List<Path> shardDirs, Map<Integer, String> failures,
      List<String> originalArgs, String commandName, PrintStream out) throws IOException {
    List<Path> present = shardDirs.stream().filter(d -> Files.exists(d.resolve(RunFiles.RUN_JSON))).toList();
    List<String> command = new ArrayList<>(List.of("crosscheck", commandName));
    command.addAll(originalArgs.subList(Math.min(1, originalArgs.size()), originalArgs.size()));
    ShardMerge.Result merged;
    try {
      merged = ShardMerge.merge(present, dir.path(), failures, command);
    } catch (ShardMerge.MergeRefused e) {
      out.println("crosscheck: " + e.getMessage());
      failures.forEach((i, why) -> out.println("crosscheck: shard " + i + "/" + shards + " failed: " + why));
      return new ChildRun.Ran(dir.path(), 1);
    }
    merged.describe().forEach(line -> out.println("crosscheck: " + line));
    out.print(SummaryTable.format(merged.summary()));
    return new ChildRun.Ran(dir.path(), merged.complete() ? 0 : 1);
  }

  /**
   * Whether each shard gets its own loopback source address: only for a target on this host's
   * loopback, where 127.0.0.(2+i) can be bound (tried here, with nothing sent); elsewhere (another
   * host, a network namespace) the kernel picks each shard's source.
   */
  public static boolean ownSourceAddresses(io.crosscheck.model.Target target, int shards) {
    java.net.InetAddress a = target.address();
    if (a == null || !a.isLoopbackAddress() || a instanceof java.net.Inet6Address) {
      return false;
    }
    try (java.net.Socket probe = new java.net.Socket()) {
      probe.bind(new java.net.InetSocketAddress(sourceAddress(shards - 1), 0));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** 127.0.0.(2+i): shard i's own source address. */
  public static String sourceAddress(int shard) {
    return "127.0.0." + (2 + shard);
  }

  private static void awaitAll(List<ChildProcess> running, long[] startedNanos, long untilNanos,
      Map<Integer, String> failures) {
    for (int i = 0; i < running.size(); i++) {
      ChildProcess p = running.get(i);
      try {
        long leftNanos = Math.max(0, untilNanos - System.nanoTime());
        if (!p.waitFor(Duration.ofNanos(leftNanos))) {
          failures.put(i, "did not end within the run's duration and " + GRACE.toSeconds() + " s; stopped after "
              + seconds(startedNanos[i]));
          stopQuietly(p);
          continue;
        }
        int code = p.exitValue();
        if (code != 0) {
          failures.put(i, "exit " + code + " after " + seconds(startedNanos[i]));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return; // the finally of execute stops every child still running and notes it
      }
    }
  }

  private static String seconds(long sinceNanos) {
    return String.format(java.util.Locale.ROOT, "%.1f s", (System.nanoTime() - sinceNanos) / 1e9);
  }

  private static void stopQuietly(ChildProcess p) {
    try {
      p.stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops {@code p} and waits for its end whatever interrupts come; true when one came. */
  private static boolean stopUninterruptibly(ChildProcess p) {
    boolean interrupted = false;
    while (true) {
      try {
        p.stop();
        return interrupted;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
  }

  /** The original arguments as {@code run}, without this process's own options. */
  public static List<String> shardArgs(List<String> original) {
    List<String> out = new ArrayList<>();
    out.add("run");
    return ChildRun.appendWithout(out, original, NOT_FOR_SHARDS, Set.of());
  }
}
