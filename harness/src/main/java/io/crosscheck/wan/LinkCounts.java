package io.crosscheck.wan;

/**
 * What the emulated link did to one client class's frames in one direction, counted by {@link
 * WanLink}'s reader thread: every IPv4 frame of the class it took off the TAP ({@code frames},
 * {@code bytes}), of which lost at random ({@code lostFrames}) or dropped because the class's queue
 * held {@link WanLink#QUEUE_LIMIT_FRAMES} frames ({@code queueDroppedFrames}); the rest were delayed
 * by the rate and half the RTT and delivered. Immutable.
 *
 * @param frames IPv4 frames of the class taken off the sending TAP
 * @param bytes their bytes, Ethernet header included
 * @param lostFrames dropped by the seeded loss draw
 * @param queueDroppedFrames dropped at the queue limit (tail drop)
 * @param largestFrameBytes the largest frame seen, Ethernet header included
 */
public record LinkCounts(long frames, long bytes, long lostFrames, long queueDroppedFrames, int largestFrameBytes) {
  /** Frames delivered after their delay: neither lost nor dropped at the queue. */
  public long delayedFrames() {
    return frames - lostFrames - queueDroppedFrames;
  }
}
