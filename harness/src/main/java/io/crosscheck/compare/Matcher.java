package io.crosscheck.compare;

import io.crosscheck.compare.MatchResult.Unmatched;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Joins a generator's records to the wire exchanges of the same traffic.
 *
 * <ol>
 *   <li>By connection: a record's connection (client {@code ip:port} and the monotonic instant its
 *       connect started, mapped to the wire clock) is paired with the captured connection of the
 *       same {@code ip:port} whose SYN is nearest (within {@link #CONNECTION_WINDOW_NANOS}; ports
 *       are reused, so the port alone is no identity); then the k-th request sent on it is the k-th
 *       exchange on the wire, as long as the pair's instants fit the fallback's window below (its
 *       slacks included): a wire request that started before the record's send start or after the
 *       record read its last byte, or a wire reply that ended after that read, beyond the clock's
 *       uncertainty, the timer's resolution and the slacks, is another exchange (the capture lost
 *       some of the connection's packets: its rebuild counted from the first it saw, a think time
 *       apart, 7 s, on 2026-11-28; on 2026-11-29 it joined a request whose line was lost to the
 *       next reply, 200 ms later; a slow connect, its SYN retransmitted, delays a request after its
 *       send stamp but never past its reply), and the connection's
 *       remaining records are matched to its remaining exchanges by the fallback's URL-and-time
 *       rule below (never to another connection's).
 *   <li>Fallback, for generators that do not report their connection (the JDK's {@code
 *       URL.openStream}): by URL and time — each record, in the order they read their last byte,
 *       takes the earliest unmatched exchange of its URL that started on the wire no earlier than its
 *       send start (minus the clock's uncertainty and the generator's timer resolution) and within
 *       {@link #FALLBACK_WINDOW_NANOS} after it, and whose reply's last byte the wire saw no later
 *       than the record read it (plus the same): another user's fetch of the same image is not taken
 *       for this one's. Only a record with no such exchange takes one that started up to {@link
 *       #SEND_SLACK_NANOS} earlier or ended up to {@link #READ_SLACK_NANOS} later.
 * </ol>
 *
 * <p>A request line cut by the snap length leaves only a prefix of the wire URL ({@link
 * WireExchange#urlTruncated}): in step 1 it matches a record whose URL starts with it (an empty
 * wire URL, nothing of the line captured, matches by position alone); in step 2 a record whose
 * exact URL has no exchange near in time may take the earliest truncated exchange whose prefix
 * its URL starts with, under the same time rule. Truncated exchanges are grouped by prefix, and a
 * record looks up only its own URL cut at each prefix length present (one or a few: the snap
 * length minus the frame's headers), so this costs a few hash look-ups per record. A non-empty
 * prefix can only be that of a record whose URL was itself cut on the wire (a whole URL leaves a
 * longer line), so exact matches never compete with prefix matches.
 *
 * <p>Every record and every exchange ends matched or unmatched with one of the reason codes below.
 * Stateless and thread-safe.
 */
public final class Matcher {
  /** Largest distance between a connect start and the captured SYN for a connection pair. */
  public static final long CONNECTION_WINDOW_NANOS = 1_000_000_000L;
  /** Fallback: how long after its send start a request may appear on the wire. */
  public static final long FALLBACK_WINDOW_NANOS = 1_000_000_000L;
  /** Fallback: how much before the (mapped) send start a wire request start is still accepted. */
  public static final long SEND_SLACK_NANOS = 1_000_000L;
  /**
   * Fallback: how much after the (mapped) instant a record read its last byte the wire may still show
   * that reply's last byte (beyond the clock's uncertainty): a read cannot return a byte before it
   * arrived, so this covers only a generator that stamps its last read just before it returns.
   */
  public static final long READ_SLACK_NANOS = 200_000L;

  public static final String NEVER_SENT = "never-sent";
  public static final String CONNECTION_NOT_CAPTURED = "connection-not-captured";
  public static final String NOT_ON_CONNECTION = "not-on-its-connection";
  public static final String URL_DIFFERS = "url-differs";
  public static final String NOTHING_NEAR = "no-exchange-near-in-time";
  public static final String NOT_IN_RECORDS = "not-in-records";

  private Matcher() {}

  private record Conn<T>(String id, long openEpochNanos, List<T> items) {}

  /** A connection's identity: client {@code ip:port} and when it opened (ports are reused). */
  private record ConnKey(String id, long openNanos) {}

  /** Matches {@code records} (timed in nanoseconds) to {@code exchanges} through {@code clock}. */
  public static MatchResult match(List<RequestRecord> records, List<WireExchange> exchanges, ClockMap clock) {
    return match(records, exchanges, clock, 0);
  }

  /**
   * As above, for a generator whose timer ticks in {@code resolutionNanos} (1 ms for the original
   * clients' {@code currentTimeMillis}; 0 for nanoseconds): a stamp may fall that much before the
   * instant it stands for, so the fallback's window for a reply's last byte is that much wider.
   */
  public static MatchResult match(List<RequestRecord> records, List<WireExchange> exchanges, ClockMap clock,
      long resolutionNanos) {
    List<Match> matched = new ArrayList<>();
    List<Unmatched<RequestRecord>> lostRecords = new ArrayList<>();
    List<RequestRecord> fallbackRecords = new ArrayList<>();
    List<WireExchange> fallbackExchanges = new ArrayList<>();

    Map<String, List<Conn<RequestRecord>>> engineConns = new TreeMap<>();
    Map<ConnKey, Conn<RequestRecord>> byKey = new HashMap<>();
    for (RequestRecord r : records) {
      if (r.sendStartNanos() < 0) {
        lostRecords.add(new Unmatched<>(r, NEVER_SENT));
      } else if (r.connectionId().isEmpty() || r.connectionOpenNanos() < 0) {
        fallbackRecords.add(r);
      } else {
        byKey.computeIfAbsent(new ConnKey(r.connectionId(), r.connectionOpenNanos()), k -> {
          Conn<RequestRecord> c = new Conn<>(r.connectionId(), clock.toEpochNanos(r.connectionOpenNanos()),
              new ArrayList<>());
          engineConns.computeIfAbsent(r.connectionId(), id -> new ArrayList<>()).add(c);
          return c;
        }).items().add(r);
      }
    }
    Map<String, List<Conn<WireExchange>>> wireConns = new HashMap<>();
    Map<ConnKey, Conn<WireExchange>> wireByKey = new HashMap<>();
    for (WireExchange e : exchanges) {
      wireByKey.computeIfAbsent(new ConnKey(e.connectionId(), e.connectionOpenEpochNanos()), k -> {
        Conn<WireExchange> c = new Conn<>(e.connectionId(), e.connectionOpenEpochNanos(), new ArrayList<>());
        wireConns.computeIfAbsent(e.connectionId(), id -> new ArrayList<>()).add(c);
        return c;
      }).items().add(e);
    }

    Set<Conn<WireExchange>> pairedWire = Collections.newSetFromMap(new IdentityHashMap<>());
    for (List<Conn<RequestRecord>> sameId : engineConns.values()) {
      List<Conn<WireExchange>> candidates = wireConns.getOrDefault(sameId.get(0).id(), List.of());
      for (Pair p : pairNearest(sameId, candidates)) {
        Conn<RequestRecord> ec = sameId.get(p.engine);
        if (p.wire < 0) {
          // the generator named its connection and the capture does not hold it: its requests are
          // not on this wire (never re-paired by URL and time, which would match another run's
          // traffic to them)
          ec.items().forEach(r -> lostRecords.add(new Unmatched<>(r, CONNECTION_NOT_CAPTURED)));
          continue;
        }
        Conn<WireExchange> wc = candidates.get(p.wire);
        pairedWire.add(wc);
        joinInOrder(ec.items(), wc.items(), clock, Math.max(0, resolutionNanos), matched, lostRecords,
            fallbackExchanges);
      }
    }
    for (List<Conn<WireExchange>> list : wireConns.values()) {
      for (Conn<WireExchange> wc : list) {
        if (!pairedWire.contains(wc)) {
          fallbackExchanges.addAll(wc.items());
        }
      }
    }
    List<Unmatched<WireExchange>> lostExchanges = new ArrayList<>();
    byUrlAndTime(fallbackRecords, fallbackExchanges, clock, Math.max(0, resolutionNanos), matched, lostRecords,
        lostExchanges);
    return new MatchResult(matched, lostRecords, lostExchanges);
  }

  private static void joinInOrder(List<RequestRecord> sent, List<WireExchange> seen, ClockMap clock,
      long resolutionNanos, List<Match> matched, List<Unmatched<RequestRecord>> lostRecords,
      List<WireExchange> leftExchanges) {
    sent.sort(Comparator.comparingLong(RequestRecord::sendStartNanos));
    seen.sort(Comparator.comparingInt(WireExchange::requestIndex));
    int n = Math.min(sent.size(), seen.size());
    for (int i = 0; i < n; i++) {
      RequestRecord r = sent.get(i);
      WireExchange e = seen.get(i);
      if (!sameUrl(r, e) || !sameExchange(r, e, clock, resolutionNanos)) {
        // the positions no longer say which exchange is which (a request the capture lost whole, or
        // several behind one stand-in, moved the rest): the rest of the connection by URL and time
        List<Unmatched<RequestRecord>> notFound = new ArrayList<>();
        List<Unmatched<WireExchange>> notTaken = new ArrayList<>();
        byUrlAndTime(new ArrayList<>(sent.subList(i, sent.size())), new ArrayList<>(seen.subList(i, seen.size())),
            clock, resolutionNanos, matched, notFound, notTaken);
        // a record left over whose position holds an exchange of another URL that no record took says
        // so (a generator that records other URLs than it sends shows as that); where another record
        // took it, the record's request is missing from the capture (lost whole, the rest moved up)
        Map<RequestRecord, Integer> position = new IdentityHashMap<>();
        for (int k = i; k < sent.size(); k++) {
          position.put(sent.get(k), k);
        }
        Set<WireExchange> untaken = Collections.newSetFromMap(new IdentityHashMap<>());
        notTaken.forEach(u -> untaken.add(u.item()));
        for (Unmatched<RequestRecord> u : notFound) {
          int k = position.get(u.item());
          boolean otherUrl = k < seen.size() && !sameUrl(u.item(), seen.get(k)) && untaken.contains(seen.get(k));
          lostRecords.add(new Unmatched<>(u.item(), otherUrl ? URL_DIFFERS : NOT_ON_CONNECTION));
        }
        notTaken.forEach(u -> leftExchanges.add(u.item()));
        return;
      }
      matched.add(new Match(r, e, true));
    }
    for (int i = n; i < sent.size(); i++) {
      lostRecords.add(new Unmatched<>(sent.get(i), NOT_ON_CONNECTION));
    }
    leftExchanges.addAll(seen.subList(n, seen.size()));
  }

  /**
   * Whether the wire's URL can be the record's: equal, or unknown (a stand-in for a request whose
   * head the capture lost), or the prefix a head cut by the snap length left.
   */
  private static boolean sameUrl(RequestRecord r, WireExchange e) {
    return r.url().equals(e.url()) || e.url().isEmpty() || e.urlTruncated() && r.url().startsWith(e.url());
  }

  /**
   * Whether a positional pair's instants can be those of one exchange, by the fallback's wider
   * window (the clock's uncertainty and the generator's resolution, plus {@link #SEND_SLACK_NANOS}
   * before the send stamp and {@link #READ_SLACK_NANOS} after the last read): the wire request
   * started no earlier than that before the record's send start and, for an exchange the capture saw
   * whole ({@link WireExchange#complete}) and a record that read a reply, no later than its last
   * read, and the wire reply ended by then. A read cannot return a byte before the wire carried it,
   * nor a request reach the wire before it was sent; a pair outside is two different exchanges. An
   * incomplete exchange's later instants may be only when a loss became known, so only its request
   * start bounds it (it gives no wire time, so no error, either way).
   *
   * <p>Until 2026-11-29 the bound was the 1 s connection window. At 5,000 sessions on one host a
   * capture that lost 72,666 packets left exchanges rebuilt across the lost bytes, with no note: a
   * request whose line was lost became an exchange with no URL that started late and ended with
   * the next reply, 200 ms (a think time) after the record's read. By position they were paired and
   * judged: 21,151 pairs with a receive lag below the clock's uncertainty, down to -650 ms, and a
   * mean error of -49,382 us. The early stamps a real read gives stay within the slack: the smallest
   * receive lag of 2026-11-28's 17 fidelity audits was -113.7 us.
   */
  private static boolean sameExchange(RequestRecord r, WireExchange e, ClockMap clock, long resolutionNanos) {
    long from = sentFromEpochNanos(r, clock, resolutionNanos) - SEND_SLACK_NANOS;
    if (e.requestStartEpochNanos() >= 0 && e.requestStartEpochNanos() < from) {
      return false;
    }
    if (r.lastByteNanos() < 0 || !e.complete()) {
      return true;
    }
    long by = readByEpochNanos(r, clock, resolutionNanos) + READ_SLACK_NANOS;
    return (e.requestStartEpochNanos() < 0 || e.requestStartEpochNanos() <= by)
        && (e.lastResponseByteEpochNanos() < 0 || e.lastResponseByteEpochNanos() <= by);
  }

  /**
   * The earliest instant the record's request can have reached the wire: its send stamp, less the
   * clock's uncertainty and the timer's resolution (the window of both rules, before their slack).
   */
  private static long sentFromEpochNanos(RequestRecord r, ClockMap clock, long resolutionNanos) {
    return clock.toEpochNanos(r.sendStartNanos()) - clock.uncertaintyAt(r.sendStartNanos()) - resolutionNanos;
  }

  /** The latest instant the wire can have carried the reply's last byte: its read stamp, plus the same. */
  private static long readByEpochNanos(RequestRecord r, ClockMap clock, long resolutionNanos) {
    return clock.toEpochNanos(r.lastByteNanos()) + clock.uncertaintyAt(r.lastByteNanos()) + resolutionNanos;
  }

  private record Pair(int engine, int wire) {}

  /**
   * One-to-one pairing of connections of one {@code ip:port} by nearest open instant, closest
   * pairs first; an engine connection without a partner within the window gets wire index -1.
   */
  private static List<Pair> pairNearest(List<Conn<RequestRecord>> engine, List<Conn<WireExchange>> wire) {
    List<long[]> candidates = new ArrayList<>();
    for (int i = 0; i < engine.size(); i++) {
      for (int j = 0; j < wire.size(); j++) {
        long d = Math.abs(engine.get(i).openEpochNanos() - wire.get(j).openEpochNanos());
        if (d <= CONNECTION_WINDOW_NANOS) {
          candidates.add(new long[] {d, i, j});
        }
      }
    }
    candidates.sort(Comparator.comparingLong(c -> c[0]));
    int[] partner = new int[engine.size()];
    Arrays.fill(partner, -1);
    boolean[] taken = new boolean[wire.size()];
    for (long[] c : candidates) {
      int i = (int) c[1];
      int j = (int) c[2];
      if (partner[i] < 0 && !taken[j]) {
        partner[i] = j;
        taken[j] = true;
      }
    }
    List<Pair> out = new ArrayList<>();
    for (int i = 0; i < engine.size(); i++) {
      out.add(new Pair(i, partner[i]));
    }
    return out;
  }

  /** The fallback's candidates of one URL (or one truncated prefix), by wire request start. */
  private static final class Candidates {
    final List<WireExchange> list = new ArrayList<>();
    boolean[] taken;
    /** Every exchange before it is taken. */
    int firstFree;

    void sort() {
      list.sort(Comparator.comparingLong(WireExchange::requestStartEpochNanos));
      taken = new boolean[list.size()];
    }

    /** The earliest free exchange that started in {@code [fromEpochNanos, toEpochNanos]}, or -1. */
    int earliestFree(long fromEpochNanos, long toEpochNanos, long lastByteByEpochNanos) {
      while (firstFree < taken.length && taken[firstFree]) {
        firstFree++;
      }
      for (int i = Math.max(firstFree, firstAtOrAfter(list, fromEpochNanos)); i < list.size(); i++) {
        WireExchange e = list.get(i);
        if (e.requestStartEpochNanos() > toEpochNanos) {
          break;
        }
        // a reply whose last byte the wire saw after the record had read its last byte is another
        // request's (another user's fetch of the same image, sent a little earlier or later); an
        // incomplete exchange's last byte may be only when a loss became known (as in sameExchange)
        long lastByte = e.lastResponseByteEpochNanos();
        if (!taken[i] && (lastByte < 0 || !e.complete() || lastByte <= lastByteByEpochNanos)) {
          return i;
        }
      }
      return -1;
    }

    void addUnmatchedTo(List<Unmatched<WireExchange>> lostExchanges) {
      for (int i = 0; i < list.size(); i++) {
        if (!taken[i]) {
          lostExchanges.add(new Unmatched<>(list.get(i), NOT_IN_RECORDS));
        }
      }
    }
  }

  private static void byUrlAndTime(List<RequestRecord> records, List<WireExchange> exchanges, ClockMap clock,
      long resolutionNanos,
      List<Match> matched, List<Unmatched<RequestRecord>> lostRecords, List<Unmatched<WireExchange>> lostExchanges) {
    Map<String, Candidates> byUrl = new HashMap<>();
    Map<String, Candidates> byPrefix = new HashMap<>();
    for (WireExchange e : exchanges) {
      boolean prefix = e.urlTruncated() && !e.url().isEmpty();
      (prefix ? byPrefix : byUrl).computeIfAbsent(e.url(), u -> new Candidates()).list.add(e);
    }
    byUrl.values().forEach(Candidates::sort);
    byPrefix.values().forEach(Candidates::sort);
    int[] prefixLengths = byPrefix.keySet().stream().mapToInt(String::length).distinct().sorted().toArray();
    // the record that read its last byte first chooses first (then those with no last byte, by send
    // start): a user whose send stamp came first but whose request reached the wire after another's
    // of the same URL does not take that other's exchange (records are windows, exchanges must fit)
    records.sort(Comparator.comparing((RequestRecord r) -> r.lastByteNanos() < 0)
        .thenComparingLong(r -> r.lastByteNanos() < 0 ? r.sendStartNanos() : r.lastByteNanos()));
    for (RequestRecord r : records) {
      long strictFrom = sentFromEpochNanos(r, clock, resolutionNanos);
      long to = clock.toEpochNanos(r.sendStartNanos()) + FALLBACK_WINDOW_NANOS;
      // the wire saw the reply's last byte before the generator read it (within the clock's uncertainty)
      long strictBy = r.lastByteNanos() < 0 ? Long.MAX_VALUE : readByEpochNanos(r, clock, resolutionNanos);
      String url = r.url();
      // an exchange that fits the record's window first; only when there is none, one that started up to
      // SEND_SLACK_NANOS before the send stamp or ended up to READ_SLACK_NANOS after the last read: with
      // the slacks first, a record took another user's request of the same URL sent up to 1 ms earlier
      // (the demo's URL.openStream audit: 1,945 of 31,678 pairs impossible, send lags down to -998 us,
      // though every record had an exchange that fitted; 0 with the window first)
      Pick pick = pick(byUrl, byPrefix, prefixLengths, url, strictFrom, to, strictBy);
      if (pick == null) {
        pick = pick(byUrl, byPrefix, prefixLengths, url, strictFrom - SEND_SLACK_NANOS, to,
            strictBy == Long.MAX_VALUE ? strictBy : strictBy + READ_SLACK_NANOS);
      }
      if (pick != null) {
        pick.in().taken[pick.index()] = true;
        matched.add(new Match(r, pick.in().list.get(pick.index()), false));
      } else {
        lostRecords.add(new Unmatched<>(r, r.connectionId().isEmpty() ? NOTHING_NEAR : CONNECTION_NOT_CAPTURED));
      }
    }
    byUrl.values().forEach(c -> c.addUnmatchedTo(lostExchanges));
    byPrefix.values().forEach(c -> c.addUnmatchedTo(lostExchanges));
  }

  /** An exchange of {@code in}, at {@code index}. */
  private record Pick(Candidates in, int index) {}

  /**
   * The earliest free exchange of {@code url} in the window, else the earliest truncated one whose
   * prefix {@code url} starts with; null when none.
   */
  private static Pick pick(Map<String, Candidates> byUrl, Map<String, Candidates> byPrefix, int[] prefixLengths,
      String url, long from, long to, long lastBy) {
    Candidates in = byUrl.get(url);
    int found = in == null ? -1 : in.earliestFree(from, to, lastBy);
    if (found < 0) {
      for (int k = 0; k < prefixLengths.length && prefixLengths[k] <= url.length(); k++) {
        Candidates cut = byPrefix.get(url.substring(0, prefixLengths[k]));
        int i = cut == null ? -1 : cut.earliestFree(from, to, lastBy);
        if (i >= 0 && (found < 0
            || cut.list.get(i).requestStartEpochNanos() < in.list.get(found).requestStartEpochNanos())) {
          in = cut;
          found = i;
        }
      }
    }
    return found < 0 ? null : new Pick(in, found);
  }

  private static int firstAtOrAfter(List<WireExchange> sorted, long epochNanos) {
    int lo = 0;
    int hi = sorted.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sorted.get(mid).requestStartEpochNanos() < epochNanos) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
