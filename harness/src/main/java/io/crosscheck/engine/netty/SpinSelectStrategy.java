package io.crosscheck.engine.netty;

import io.netty.channel.SelectStrategy;
import io.netty.util.IntSupplier;

/**
 * Busy polling for one epoll event loop ({@code --busy-poll}): every iteration asks epoll without
 * blocking ({@code epoll_wait} with timeout 0), then Netty handles the ready sockets and runs the
 * tasks that are due, so no reply waits for the loop thread to be woken up and no timer (think
 * time, timeout) waits for a socket to become ready.
 *
 * <p>Netty's own {@code SelectStrategy.BUSY_WAIT} spins inside native code until a socket or a
 * wake-up event is ready; this strategy keeps the spin in the loop itself, so due tasks are looked
 * at on every iteration. This is the variant bench/fidelity.sh measured.
 */
final class SpinSelectStrategy implements SelectStrategy {
  @Override
  public int calculateStrategy(IntSupplier selectNow, boolean hasTasks) throws Exception {
    return selectNow.get();
  }
}
