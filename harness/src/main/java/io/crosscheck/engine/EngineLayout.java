package io.crosscheck.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.BitSet;

/**
 * How the Netty engine's threads sit on the host's cores, the single largest term of its own
 * measurement error (bench/FIDELITY.md):
 *
 * <ul>
 *   <li>{@value #LOOP_ALONE}: one event loop that busy-polls on a core of its own, every other
 *       thread of the JVM (in-process server, capture, recorder, JIT, GC) on the remaining cores;
 *   <li>{@value #ONE_CORE}: the process has one core (a small generator host, or {@code taskset}):
 *       one event loop at real-time priority ({@code SCHED_FIFO}, {@link ThreadScheduling}), so a
 *       reply's wake-up runs it before the JVM's other threads on that core, busy-polling while a
 *       connect or a reply is awaited and sleeping in {@code epoll_wait} otherwise, so the capture and
 *       the recorder get the core between exchanges;
 *   <li>{@value #SHARED}: event loops that sleep in {@code epoll_wait} and share the cores with
 *       everything else, so each reply waits for a wake-up and for a core;
 *   <li>{@value #AS_GIVEN}: the user's own {@code --event-loops}/{@code --busy-poll}, no pinning
 *       (a bench script that pins with taskset itself).
 * </ul>
 *
 * {@link #auto} picks {@value #LOOP_ALONE} whenever this process may use at least two cores and
 * one of them is not already held by another crosscheck run's loop (a lock file per core, held for
 * the run: two spinning loops on one core would starve each other), {@value #ONE_CORE} when it may use
 * one core, its server is on another host and it may give a thread real-time priority. Immutable.
 *
 * @param name one of the three names
 * @param pinning the loop's core and the others'; null unless {@value #LOOP_ALONE}
 * @param eventLoops event loops (0: one per core)
 * @param busyPoll whether the loops spin
 * @param reason why this layout, in words, with the cores it saw
 */
public record EngineLayout(String name, LoopPinning pinning, int eventLoops, boolean busyPoll, String reason) {
  public static final String LOOP_ALONE = "loop-alone";
  public static final String SHARED = "shared";
  public static final String ONE_CORE = "one-core";
  /** How long a {@value #ONE_CORE} loop spins after its last event before it sleeps: see SpinSelectStrategy. */
  public static final long SPIN_LIMIT_NANOS = 2_000_000;
  private static final String SPIN_LIMIT_TEXT = "2 ms";
  /** A {@value #ONE_CORE} loop sleeps {@link #YIELD_NANOS} after this long without sleeping. */
  public static final long RUN_LIMIT_NANOS = 1_000_000;
  /** How long a {@value #ONE_CORE} loop that ran {@link #RUN_LIMIT_NANOS} without sleeping sleeps. */
  public static final long YIELD_NANOS = 50_000;
  public static final String AS_GIVEN = "as-given";

  /** The options' own layout: their loops and busy polling, unpinned. */
  public static EngineLayout asGiven(int eventLoops, boolean busyPoll, String reason) {
    return new EngineLayout(AS_GIVEN, null, eventLoops, busyPoll, reason);
  }

  /** One real-time loop, busy-polling while it awaits a reply, unpinned. */
  public static EngineLayout oneCore(String reason) {
    return new EngineLayout(ONE_CORE, null, 1, true, reason);
  }

  /** Whether the loop runs at real-time priority and spins only while it awaits a reply ({@value #ONE_CORE}). */
  public boolean realtimeLoop() {
    return ONE_CORE.equals(name);
  }

  /** Loops sleeping in epoll_wait, one per core, unpinned. */
  public static EngineLayout shared(String reason) {
    return new EngineLayout(SHARED, null, 0, false, reason);
  }

  /**
   * What this layout is known to give, with its source: the figures bench/FIDELITY.md and the demo
   * measured on the 2-vCPU VMs crosscheck is developed on.
   */
  public String knownAccuracy() {
    return switch (name) {
      case LOOP_ALONE -> "bench/FIDELITY.md measured a mean per-request error of 12-16 us (p99 65-175 us) at"
          + " 100-1,000 sessions in this layout on a quiet 2-vCPU VM, the server pinned to the other core, and"
          + " the full bench/run of 2026-11-28 (bench/results/2026-11-28) 16.9-22.4 us (p99 90-166 us): the"
          + " kernel's send and receive path; only this JVM's threads are kept off the loop's core, and another"
          + " busy process there (a server on this host) takes turns with the loop (1-2 ms of receive lag"
          + " measured, bench/RESULTS.md)";
      case ONE_CORE -> "two full bench/runs of 2026-11-28 (bench/results/2026-11-28/two-host, second-run/two-host)"
          + " measured a mean per-request error of 12.6-23.4 us (p99 62-275 us; httperf 23.6-65.7 us mean in the"
          + " same runs) at 100-1,000 sessions with the"
          + " generator's JVM, its capture and nothing else on one"
          + " core of a 2-vCPU VM, the server on another host (network namespace) and core; a reply that takes"
          + " longer than " + SPIN_LIMIT_TEXT + " after the loop's last event waits for a wake-up (tens of us on a VM)";
      case SHARED -> "without a core of its own the loop waits for wake-ups and for the cores it shares:"
          + " bench/FIDELITY.md measured 37-46 us mean on a quiet machine, the demo +90 to +390 us";
      default -> "not known for this combination: see bench/FIDELITY.md for the measured layouts";
    };
  }

  /** One line: name, what runs where, why. */
  public String describe() {
    String where = switch (name) {
      case LOOP_ALONE -> pinning.describe() + ", busy-polling";
      case SHARED -> "event loops sleeping in epoll_wait, one per core, sharing the cores";
      case ONE_CORE -> "one event loop at real-time priority (SCHED_FIFO " + ThreadScheduling.LOOP_FIFO_PRIORITY
          + "), busy-polling while a reply is awaited, sleeping in epoll_wait otherwise";
      default -> eventLoops == 0 ? "event loops one per core" : eventLoops + " event loop(s)";
    };
    return name + " (" + where + (AS_GIVEN.equals(name) && busyPoll ? ", busy-polling" : "") + "): " + reason;
  }

  /** A layout and the core it holds for the run; closing releases the core. */
  public record Claimed(EngineLayout layout, AutoCloseable hold) implements AutoCloseable {
    /** {@code layout} holding no core ({@code null}: the options as given). */
    public static Claimed unheld(EngineLayout layout) {
      return new Claimed(layout, () -> { });
    }

    @Override
    public void close() {
      try {
        hold.close();
      } catch (Exception e) {
        // a lock file that cannot be released is released by the process's exit
      }
    }
  }

  /**
   * {@link #auto(Path, boolean)} with the lock files in the temporary directory, which every run of a
   * host shares, for a server that may be on this host.
   */
  public static Claimed auto() {
    return auto(true);
  }

  /** {@link #auto(Path, boolean)} with the lock files in the temporary directory. */
  public static Claimed auto(boolean serverOnThisHost) {
    return auto(Path.of(System.getProperty("java.io.tmpdir")), serverOnThisHost);
  }

  /**
   * The accurate layout when this host allows it, else {@value #SHARED} with the reason.
   *
   * @param lockDirectory where the per-core lock files live (all crosscheck runs of a host must use
   *     the same one: the temporary directory)
   * @param serverOnThisHost the target may be served from this host (its traffic goes over the
   *     loopback interface): then a process of one core gets {@value #SHARED}, never {@value
   *     #ONE_CORE}, whose real-time loop would take the core from the server it waits for
   */
  public static Claimed auto(Path lockDirectory, boolean serverOnThisHost) {
    BitSet allowed;
    try {
      allowed = CpuAffinity.allowedCpus();
    } catch (IOException | RuntimeException e) {
      return Claimed.unheld(shared("this host's CPU affinity cannot be read or set (" + e.getMessage() + ")"));
    }
    if (allowed.cardinality() < 2) {
      String cores = "this process may use " + allowed.cardinality() + " core (cpu" + CpuAffinity.list(allowed)
          + ", taskset or a cgroup)";
      if (serverOnThisHost) {
        return Claimed.unheld(shared(cores + ": a spinning or real-time loop would take it from everything else,"
            + " the server on this host included"));
      }
      String noRealtime = ThreadScheduling.whyNoRealtime();
      return Claimed.unheld(noRealtime == null ? oneCore(cores + ", the server on another host")
          : shared(cores + ": a spinning loop would take it from everything else, and its loop cannot have"
              + " real-time priority (" + noRealtime + ")"));
    }
    // the loop's core must not be another run's loop core, and the rest must not include one either
    BitSet held = new BitSet();
    StringBuilder heldBy = new StringBuilder();
    FileLock mine = null;
    int loopCpu = -1;
    for (int cpu = allowed.nextSetBit(0); cpu >= 0; cpu = allowed.nextSetBit(cpu + 1)) {
      Path file = lockDirectory.resolve("crosscheck-loop-cpu" + cpu + ".lock");
      FileLock lock = tryLock(file);
      if (lock == null) {
        held.set(cpu);
        heldBy.append(heldBy.length() == 0 ? "" : ", ").append("cpu").append(cpu).append(" by ").append(owner(file));
        continue;
      }
      if (mine == null) {
        mine = lock;
        loopCpu = cpu;
        writeOwner(lock);
      } else {
        release(lock); // only probed
      }
    }
    BitSet others = (BitSet) allowed.clone();
    others.andNot(held);
    if (loopCpu >= 0) {
      others.clear(loopCpu);
    }
    if (mine == null || others.isEmpty()) {
      release(mine);
      return Claimed.unheld(shared(allowed.cardinality() + " cores allowed (cpu" + CpuAffinity.list(allowed)
          + ") but another crosscheck run's event loop holds " + heldBy
          + ": a second spinning loop would leave no core for the rest"));
    }
    FileLock hold = mine;
    EngineLayout layout = new EngineLayout(LOOP_ALONE, new LoopPinning(loopCpu, others), 1, true,
        allowed.cardinality() + " cores allowed (cpu" + CpuAffinity.list(allowed) + ")"
            + (held.isEmpty() ? "" : "; held by other runs' loops: " + heldBy));
    return new Claimed(layout, () -> release(hold));
  }

  private static FileLock tryLock(Path file) {
    try {
      FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.READ);
      try {
        FileLock lock = channel.tryLock();
        if (lock == null) {
          channel.close();
        }
        return lock;
      } catch (OverlappingFileLockException e) {
        channel.close(); // held by this very JVM (an earlier run not yet released)
        return null;
      }
    } catch (IOException e) {
      return null;
    }
  }

  private static void writeOwner(FileLock lock) {
    try {
      FileChannel channel = lock.channel();
      channel.truncate(0);
      channel.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.UTF_8)),
          0);
    } catch (IOException e) {
      // the owner is only for messages
    }
  }

  private static String owner(Path file) {
    try {
      String text = Files.readString(file, StandardCharsets.UTF_8).strip();
      return text.isEmpty() ? "another process" : text;
    } catch (IOException e) {
      return "another process";
    }
  }

  private static void release(FileLock lock) {
    if (lock == null) {
      return;
    }
    try {
      lock.release();
      lock.channel().close();
    } catch (IOException e) {
      // released by the process's exit at the latest
    }
  }
}
