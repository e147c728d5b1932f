package io.crosscheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The layout choice, its per-core claim, and the pinning it applies, on this host's real cores. */
class EngineLayoutTest {
  @TempDir Path locks;

  private static BitSet allowed() throws IOException {
    return CpuAffinity.allowedCpus();
  }

  @Test
  void autoGivesTheLoopACoreOfItsOwnAndASecondRunFallsBackToSharedWhileItIsHeld() throws Exception {
    BitSet allowed = allowed();
    assumeTrue(allowed.cardinality() >= 2, "needs 2 cores");
    try (EngineLayout.Claimed first = EngineLayout.auto(locks, true)) {
      EngineLayout layout = first.layout();
      assertEquals(EngineLayout.LOOP_ALONE, layout.name(), layout.describe());
      assertEquals(1, layout.eventLoops());
      assertTrue(layout.busyPoll());
      int loop = layout.pinning().loopCpu();
      assertTrue(allowed.get(loop));
      assertFalse(layout.pinning().otherCpus().get(loop), "the loop's core is not among the others");
      assertFalse(layout.pinning().otherCpus().isEmpty());
      if (allowed.cardinality() == 2) {
        // the other core is left for everything else: a second spinning loop would starve it
        try (EngineLayout.Claimed second = EngineLayout.auto(locks, true)) {
          assertEquals(EngineLayout.SHARED, second.layout().name(), second.layout().describe());
          assertTrue(second.layout().reason().contains("cpu" + loop), second.layout().reason());
          assertEquals(null, second.layout().pinning());
        }
      }
    }
    try (EngineLayout.Claimed again = EngineLayout.auto(locks, true)) {
      assertEquals(EngineLayout.LOOP_ALONE, again.layout().name(), "released with the first run");
    }
  }

  @Test
  void pinningMovesTheLoopAloneAndEveryOtherThreadOffItsCoreThenRestoresThem() throws Exception {
    BitSet allowed = allowed();
    assumeTrue(allowed.cardinality() >= 2, "needs 2 cores");
    int loopCpu = allowed.nextSetBit(0);
    BitSet others = (BitSet) allowed.clone();
    others.clear(loopCpu);
    CountDownLatch bystanderUp = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(1);
    AtomicInteger bystanderTid = new AtomicInteger();
    Thread bystander = new Thread(() -> {
      try {
        bystanderTid.set(CpuAffinity.currentTid());
        bystanderUp.countDown();
        done.await(30, TimeUnit.SECONDS);
      } catch (IOException | InterruptedException e) {
        bystanderUp.countDown();
      }
    });
    bystander.setDaemon(true);
    bystander.start();
    assertTrue(bystanderUp.await(10, TimeUnit.SECONDS));
    BitSet bystanderBefore = CpuAffinity.get(bystanderTid.get());
    int mainTid = CpuAffinity.currentTid();
    BitSet mainBefore = CpuAffinity.get(mainTid);
    LoopPinning pinning = new LoopPinning(loopCpu, others);
    CompletableFuture<BitSet[]> seen = CompletableFuture.supplyAsync(() -> {
      try (LoopPinning.Applied applied = pinning.apply()) {
        assertTrue(applied.threadsMoved() >= 2, "at least the bystander and the test's thread moved");
        return new BitSet[] {CpuAffinity.get(0), CpuAffinity.get(bystanderTid.get()), CpuAffinity.get(mainTid)};
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }, r -> new Thread(r, "loop").start());
    BitSet[] during = seen.get(30, TimeUnit.SECONDS);
    BitSet loopOnly = new BitSet();
    loopOnly.set(loopCpu);
    assertEquals(loopOnly, during[0], "the loop thread runs on its core only");
    assertEquals(others, during[1], "a bystander thread is moved to the other cores");
    assertEquals(others, during[2], "so is the main thread");
    assertEquals(bystanderBefore, CpuAffinity.get(bystanderTid.get()), "restored after close");
    assertEquals(mainBefore, CpuAffinity.get(mainTid), "restored after close");
    done.countDown();
  }

  @Test
  void aProcessWithOneCoreGetsTheOneCoreLayoutWhenItsServerIsElsewhereAndItMayUseRealTimePriority() throws Exception {
    String noRealtime = ThreadScheduling.whyNoRealtime();
    // on a thread of its own limited to one core: what a process under taskset -c N sees
    CompletableFuture<EngineLayout> chosen = new CompletableFuture<>();
    CompletableFuture<EngineLayout> sameHost = new CompletableFuture<>();
    int cpu = allowed().nextSetBit(0);
    Thread t = new Thread(() -> {
      try {
        BitSet one = new BitSet();
        one.set(cpu);
        CpuAffinity.set(0, one);
        try (EngineLayout.Claimed local = EngineLayout.auto(locks, true)) {
          sameHost.complete(local.layout());
        }
        try (EngineLayout.Claimed c = EngineLayout.auto(locks, false)) {
          chosen.complete(c.layout());
        }
      } catch (Throwable e) {
        chosen.completeExceptionally(e);
      }
    });
    t.start();
    EngineLayout layout = chosen.get(10, TimeUnit.SECONDS);
    String reason = "this process may use 1 core (cpu" + cpu + ", taskset or a cgroup)";
    // a server on this host needs that core: never a real-time loop then
    EngineLayout local = sameHost.get(10, TimeUnit.SECONDS);
    assertEquals(EngineLayout.SHARED, local.name(), local.describe());
    assertEquals(reason + ": a spinning or real-time loop would take it from everything else, the server on this"
        + " host included", local.reason());
    if (noRealtime == null) {
      assertEquals(EngineLayout.ONE_CORE, layout.name(), layout.describe());
      assertEquals(1, layout.eventLoops());
      assertTrue(layout.busyPoll() && layout.realtimeLoop() && layout.pinning() == null, layout.describe());
      assertEquals("one-core (one event loop at real-time priority (SCHED_FIFO 1), busy-polling while a reply is"
          + " awaited, sleeping in epoll_wait otherwise): " + reason + ", the server on another host", layout.describe());
    } else {
      assertEquals(EngineLayout.SHARED, layout.name(), layout.describe());
      assertTrue(layout.reason().startsWith(reason) && layout.reason().contains(noRealtime), layout.reason());
    }
  }

  @Test
  void aThreadGetsRealTimePriorityAndGivesItBack() throws Exception {
    String noRealtime = ThreadScheduling.whyNoRealtime();
    assumeTrue(noRealtime == null, "needs root or CAP_SYS_NICE: " + noRealtime);
    CompletableFuture<String> seen = new CompletableFuture<>();
    Thread t = new Thread(() -> {
      try {
        boolean before = ThreadScheduling.isFifo();
        ThreadScheduling.fifo(ThreadScheduling.LOOP_FIFO_PRIORITY);
        boolean during = ThreadScheduling.isFifo();
        String[] stat = java.nio.file.Files.readString(Path.of("/proc/thread-self/stat")).split("\\) ")[1].split(" ");
        ThreadScheduling.normal();
        // /proc/thread-self/stat after the command name: field N at index N - 3 (rt_priority 40, policy 41)
        seen.complete(before + " " + during + " rt_priority=" + stat[40 - 3] + " policy=" + stat[41 - 3] + " "
            + ThreadScheduling.isFifo());
      } catch (Throwable e) {
        seen.completeExceptionally(e);
      }
    });
    t.start();
    assertEquals("false true rt_priority=1 policy=1 false", seen.get(10, TimeUnit.SECONDS));
  }

  @Test
  void aLoopCoreAmongTheOthersIsRefused() {
    BitSet both = new BitSet();
    both.set(0, 2);
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> new LoopPinning(0, both));
    assertTrue(e.getMessage().contains("loop cpu 0 and other cpus 0-1"), e.getMessage());
  }

  @Test
  void cpuListsPrintAsTasksetDoes() {
    BitSet s = new BitSet();
    s.set(0, 2);
    s.set(4);
    s.set(6, 9);
    assertEquals("0-1,4,6-8", CpuAffinity.list(s));
    assertEquals("none", CpuAffinity.list(new BitSet()));
  }
}
