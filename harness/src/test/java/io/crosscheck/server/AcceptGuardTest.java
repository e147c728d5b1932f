package io.crosscheck.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The listening channel's guard on Netty's {@link EmbeddedChannel} (its clock frozen and advanced
 * by hand): a failed accept pauses reading for 50 ms, doubling while failures go on, is counted and
 * reported once a second at most, and never reaches the pipeline's tail (whose logging ended the
 * accept thread, issue 24); beyond the cap an accepted channel is closed and counted as shed.
 */
class AcceptGuardTest {
  private static final IOException EMFILE = new IOException("accept(..) failed: Too many open files");

  private final ServerCounters counters = new ServerCounters();
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private long clockNanos = 1_000_000_000L;

  private EmbeddedChannel listening(int maxConnections) {
    EmbeddedChannel ch = new EmbeddedChannel(new AcceptGuard("test-server",
        new PrintStream(printed, true, StandardCharsets.UTF_8), counters, maxConnections, () -> clockNanos));
    ch.freezeTime();
    return ch;
  }

  private String lines() {
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aFailedAcceptPausesReadingThenResumesWithABackoffThatDoubles() {
    EmbeddedChannel ch = listening(ConnectionLimits.NO_CAP);
    ch.pipeline().fireExceptionCaught(EMFILE);
    ch.checkException(); // nothing reached the tail: consumed by the guard
    assertFalse(ch.config().isAutoRead(), "paused after the first failure");
    ch.advanceTimeBy(49, TimeUnit.MILLISECONDS);
    ch.runScheduledPendingTasks();
    assertFalse(ch.config().isAutoRead(), "still paused at 49 ms");
    ch.advanceTimeBy(1, TimeUnit.MILLISECONDS);
    ch.runScheduledPendingTasks();
    assertTrue(ch.config().isAutoRead(), "accepting again at 50 ms");

    ch.pipeline().fireExceptionCaught(EMFILE); // still failing: the pause doubles
    ch.advanceTimeBy(99, TimeUnit.MILLISECONDS);
    ch.runScheduledPendingTasks();
    assertFalse(ch.config().isAutoRead(), "the second pause is 100 ms");
    ch.advanceTimeBy(1, TimeUnit.MILLISECONDS);
    ch.runScheduledPendingTasks();
    assertTrue(ch.config().isAutoRead());
    assertEquals(2, counters.acceptsFailed());
    assertTrue(ch.isOpen(), "the listening channel stays open");
  }

  @Test
  void failuresAreReportedOneLineASecondAtMostWithTheirCount() {
    EmbeddedChannel ch = listening(ConnectionLimits.NO_CAP);
    for (int i = 0; i < 5; i++) { // within one second: one line for the first, the rest carried over
      ch.pipeline().fireExceptionCaught(EMFILE);
      advance(ch, 100);
    }
    assertEquals(1, lines().lines().count(), lines());
    assertTrue(lines().startsWith("test-server: 1 accept failed (accept(..) failed: Too many open files)"), lines());
    advance(ch, 600);
    ch.pipeline().fireExceptionCaught(EMFILE);
    assertEquals(2, lines().lines().count(), lines());
    assertTrue(lines().lines().skip(1).findFirst().orElseThrow().startsWith("test-server: 5 accepts failed"), lines());
    assertEquals(6, counters.acceptsFailed());
  }

  /** Both clocks: the channel's (pauses) and the guard's (report spacing). */
  private void advance(EmbeddedChannel ch, long millis) {
    ch.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
    clockNanos += TimeUnit.MILLISECONDS.toNanos(millis);
    ch.runScheduledPendingTasks();
  }

  @Test
  void beyondTheCapAnAcceptedChannelIsClosedAtOnceAndCountedAsShed() {
    EmbeddedChannel ch = listening(2);
    EmbeddedChannel first = new EmbeddedChannel();
    EmbeddedChannel second = new EmbeddedChannel();
    EmbeddedChannel third = new EmbeddedChannel();
    ch.writeInbound(first, second, third);
    assertSame(first, ch.readInbound());
    assertSame(second, ch.readInbound());
    assertNull(ch.readInbound(), "the third was not passed on to be served");
    assertFalse(third.isOpen(), "the third was closed");
    assertTrue(first.isOpen() && second.isOpen());
    assertEquals(1, counters.connectionsShed());
    first.close();
    EmbeddedChannel fourth = new EmbeddedChannel();
    ch.writeInbound(fourth);
    assertSame(fourth, ch.readInbound(), "a place freed by a close is taken again");
    assertEquals(1, counters.connectionsShed());
  }
}
