package io.crosscheck.compare;

import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings.Coverage;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which captured connections the audited generator opened, so that its connection findings count only its own.
 * A capture filtered by the server's port holds every client of that server: a second audit run at the same
 * time, a health check, a browser. A captured connection is the generator's when it carried a matched record,
 * or when a record names its client {@code ip:port} with a connect start (mapped to the capture's clock)
 * within {@link Matcher#CONNECTION_WINDOW_NANOS} of the captured SYN (ports are reused, so the port alone is
 * no identity). Every other connection that opened or carried a request while the generator ran (its records'
 * first send to their last byte, with {@link Coverage#CAPTURE_MARGIN_NANOS} either side) is foreign, with its
 * exchanges; so is one wholly before or after it when the records hold the whole run ({@link
 * GeneratorSide#recordsWholeRun}), else it stays counted as before, as it may be the generator's own traffic
 * that it did not record (an agent attached to a running generator: the coverage statement says so).
 *
 * <p>Known only when the records name their connections (the Netty and HttpClient engines, the agent): every
 * sent record names one or was matched. Otherwise (the JDK's {@code URL.openStream}, which hides its socket) an
 * unmatched exchange could be the generator's own, and {@link #of} returns null: the wire's counts stand as
 * they are. Immutable.
 *
 * @param own the connections counted as the generator's (client {@code ip:port} and captured open instant):
 *     its own, and those it may have made unrecorded (see above)
 * @param foreignConnections captured connections not the generator's (opened, whether or not they carried an
 *     exchange)
 * @param foreignExchanges exchanges on them
 */
record GeneratorConnections(Set<Key> own, long foreignConnections, long foreignExchanges) {

  /** A captured connection's identity: client {@code ip:port} and its open instant (capture clock). */
  record Key(String connectionId, long openEpochNanos) {}

  /** The attribution, or null when the records do not name their connections (see above). */
  static GeneratorConnections of(GeneratorSide gen, Reconstruction wire, MatchResult match) {
    if (gen == null) {
      return null;
    }
    Set<RequestRecord> matched = Collections.newSetFromMap(new IdentityHashMap<>());
    Set<Key> own = new HashSet<>();
    for (Match m : match.matched()) {
      matched.add(m.record());
      own.add(new Key(m.exchange().connectionId(), m.exchange().connectionOpenEpochNanos()));
    }
    // per client ip:port, the connect starts the records name, on the capture's clock, ascending
    Map<String, List<Long>> named = new HashMap<>();
    long naming = 0;
    long firstSendNanos = Long.MAX_VALUE;
    long lastEndNanos = Long.MIN_VALUE;
    for (RequestRecord r : gen.records()) {
      boolean sent = r.sendStartNanos() >= 0 && r.outcome() != Outcome.CONNECT_ERROR;
      if (sent) {
        firstSendNanos = Math.min(firstSendNanos, r.sendStartNanos());
        lastEndNanos = Math.max(lastEndNanos, Math.max(r.sendStartNanos(), r.lastByteNanos()));
      }
      if (!r.connectionId().isEmpty() && r.connectionOpenNanos() >= 0) {
        naming++;
        named.computeIfAbsent(r.connectionId(), k -> new ArrayList<>())
            .add(gen.clock().toEpochNanos(r.connectionOpenNanos()));
      } else if (sent && !matched.contains(r)) {
        return null; // a request of the generator's that no connection identifies: its exchange is unknown
      }
    }
    if (naming == 0 || firstSendNanos == Long.MAX_VALUE) {
      return null;
    }
    long fromEpochNanos = gen.clock().toEpochNanos(firstSendNanos) - Coverage.CAPTURE_MARGIN_NANOS;
    long toEpochNanos = gen.clock().toEpochNanos(lastEndNanos) + Coverage.CAPTURE_MARGIN_NANOS;
    Map<String, long[]> opens = new HashMap<>();
    named.forEach((id, list) -> opens.put(id, list.stream().mapToLong(Long::longValue).sorted().toArray()));
    Set<Key> all = new HashSet<>();
    Set<Key> whileRunning = new HashSet<>();
    for (ConnectionEvent e : wire.events()) {
      if (e.kind() == ConnectionEvent.Kind.OPEN) {
        Key k = new Key(e.connectionId(), e.connectionOpenEpochNanos());
        all.add(k);
        if (e.connectionOpenEpochNanos() >= fromEpochNanos && e.connectionOpenEpochNanos() <= toEpochNanos) {
          whileRunning.add(k);
        }
      }
    }
    for (WireExchange e : wire.exchanges()) {
      Key k = new Key(e.connectionId(), e.connectionOpenEpochNanos());
      all.add(k);
      if (e.requestStartEpochNanos() >= fromEpochNanos && e.requestStartEpochNanos() <= toEpochNanos) {
        whileRunning.add(k);
      }
    }
    for (Key k : all) {
      boolean mayBeUnrecorded = !gen.recordsWholeRun() && !whileRunning.contains(k);
      if (!own.contains(k) && (mayBeUnrecorded || nearOpen(opens.get(k.connectionId()), k.openEpochNanos()))) {
        own.add(k);
      }
    }
    long foreignExchanges = 0;
    for (WireExchange e : wire.exchanges()) {
      if (!own.contains(new Key(e.connectionId(), e.connectionOpenEpochNanos()))) {
        foreignExchanges++;
      }
    }
    long foreignConnections = all.stream().filter(k -> !own.contains(k)).count();
    return new GeneratorConnections(Set.copyOf(own), foreignConnections, foreignExchanges);
  }

  private static boolean nearOpen(long[] sortedOpens, long openEpochNanos) {
    if (sortedOpens == null) {
      return false;
    }
    int i = Arrays.binarySearch(sortedOpens, openEpochNanos);
    if (i >= 0) {
      return true;
    }
    int after = -i - 1;
    return after < sortedOpens.length && sortedOpens[after] - openEpochNanos <= Matcher.CONNECTION_WINDOW_NANOS
        || after > 0 && openEpochNanos - sortedOpens[after - 1] <= Matcher.CONNECTION_WINDOW_NANOS;
  }

  /** Whether {@code e} was on one of the generator's connections. */
  boolean owns(WireExchange e) {
    return own.contains(new Key(e.connectionId(), e.connectionOpenEpochNanos()));
  }

  /** The exchanges on the generator's connections. */
  List<WireExchange> exchanges(List<WireExchange> all) {
    return all.stream().filter(e -> own.contains(new Key(e.connectionId(), e.connectionOpenEpochNanos())))
        .toList();
  }

  /** The events of the generator's connections, in the same order, each with the generator's own open count. */
  List<ConnectionEvent> events(List<ConnectionEvent> all) {
    List<ConnectionEvent> out = new ArrayList<>();
    int open = 0;
    for (ConnectionEvent e : all) {
      if (own.contains(new Key(e.connectionId(), e.connectionOpenEpochNanos()))) {
        if (e.kind() == ConnectionEvent.Kind.OPEN) {
          open++;
        } else if (e.kind() == ConnectionEvent.Kind.CLOSE) {
          open--;
        }
        out.add(new ConnectionEvent(e.epochNanos(), e.kind(), e.connectionId(), e.connectionOpenEpochNanos(), open));
      }
    }
    return out;
  }
}
