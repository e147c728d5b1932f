package io.crosscheck.engine;

import java.io.IOException;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An event loop given a core of its own: the loop thread runs on {@code loopCpu} only and every
 * other thread of this JVM (the server's and the capture's when they run in process, the recorder,
 * the JIT and GC threads) on {@code otherCpus}; threads started afterwards inherit their creator's
 * set. {@link #close} gives every thread it moved its former set back, so that later work in the
 * same JVM (the demo's next audit) runs unpinned.
 *
 * <p>Definition: the record; {@link #apply} is called on the loop thread itself. Not thread-safe:
 * one {@link Applied} per run.
 *
 * @param loopCpu the loop's CPU
 * @param otherCpus the CPUs of every other thread, never containing {@code loopCpu}
 */
public record LoopPinning(int loopCpu, BitSet otherCpus) {
  public LoopPinning {
    otherCpus = (BitSet) otherCpus.clone();
    if (loopCpu < 0 || otherCpus.isEmpty() || otherCpus.get(loopCpu)) {
      throw new IllegalArgumentException("loop cpu " + loopCpu + " and other cpus "
          + CpuAffinity.list(otherCpus) + ": expected a cpu >= 0 and a non-empty set without it");
    }
  }

  @Override
  public BitSet otherCpus() {
    return (BitSet) otherCpus.clone();
  }

  /** {@code loop on cpu0, the rest on cpu1}. */
  public String describe() {
    return "event loop on cpu" + loopCpu + " alone, every other thread on cpu" + CpuAffinity.list(otherCpus);
  }

  /**
   * Pins the calling thread (the loop) to {@link #loopCpu} and moves every other thread of this
   * JVM to {@link #otherCpus}. A thread that ends meanwhile is skipped.
   *
   * @throws IOException when the calling thread cannot be pinned (nothing was changed then)
   */
  public Applied apply() throws IOException {
    int self = CpuAffinity.currentTid();
    Map<Integer, BitSet> former = new LinkedHashMap<>();
    former.put(self, CpuAffinity.get(self));
    BitSet loop = new BitSet();
    loop.set(loopCpu);
    CpuAffinity.set(self, loop);
    int moved = 0;
    for (int tid : CpuAffinity.tasks()) {
      if (tid == self) {
        continue;
      }
      try {
        BitSet before = CpuAffinity.get(tid);
        CpuAffinity.set(tid, otherCpus);
        former.put(tid, before);
        moved++;
      } catch (IOException e) {
        // the thread ended between the listing and the call: nothing to move
      }
    }
    return new Applied(former, moved);
  }

  /** What {@link #apply} changed; {@link #close} restores it. */
  public static final class Applied implements AutoCloseable {
    private final Map<Integer, BitSet> former;
    private final int threadsMoved;

    Applied(Map<Integer, BitSet> former, int threadsMoved) {
      this.former = former;
      this.threadsMoved = threadsMoved;
    }

    /** Threads moved to the other CPUs (the loop thread not counted). */
    public int threadsMoved() {
      return threadsMoved;
    }

    @Override
    public void close() {
      for (Map.Entry<Integer, BitSet> e : former.entrySet()) {
        try {
          CpuAffinity.set(e.getKey(), e.getValue());
        } catch (IOException ended) {
          // the thread has ended (the loop thread itself, once its group shut down)
        }
      }
    }
  }
}
