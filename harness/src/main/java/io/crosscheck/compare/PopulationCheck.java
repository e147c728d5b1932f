package io.crosscheck.compare;

import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings.Population;
import io.crosscheck.rundir.Findings.PopulationSource;
import io.crosscheck.rundir.Findings.PopulationVerdict;
import io.crosscheck.rundir.PopulationKind;
import io.crosscheck.wire.StatedPopulation;
import io.crosscheck.spi.IdReferences;
import io.crosscheck.spi.IdReferences.IdReference;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Did the client ask for ids the server's database does not hold? Counts the requests that name an
 * id of each {@link PopulationKind} (the compatibility module's {@link IdReferences} reads the URL)
 * against the population the server stated on its replies ({@link StatedPopulation}, kept by the
 * wire reconstruction). The requests are the generator's records of every phase (URL and status),
 * or the wire's exchanges when there are no records: so an unmodified client audited under the
 * agent is judged from what it sent and what the server answered. Stateless.
 */
public final class PopulationCheck {
  private PopulationCheck() {}

  /**
   * @param records the generator's records, or null (or empty) to count the wire's exchanges
   * @param wire the reconstruction, with the population statements its replies carried
   * @param rules which id a URL names; null when no compatibility module is present (then nothing)
   * @return one entry per kind some request named, in the kinds' order; empty when none did
   */
  public static List<Population> judge(List<RequestRecord> records, Reconstruction wire, IdReferences rules) {
    if (rules == null) {
      return List.of();
    }
    Map<PopulationKind, long[]> stated = new EnumMap<>(PopulationKind.class);
    for (PopulationKind kind : PopulationKind.values()) {
      long[] s = stated(kind, wire.populationStatements());
      if (s != null) {
        stated.put(kind, s);
      }
    }
    Map<PopulationKind, long[]> counts = new EnumMap<>(PopulationKind.class);
    boolean fromRecords = records != null && !records.isEmpty();
    if (fromRecords) {
      for (RequestRecord r : records) {
        for (IdReference ref : rules.references(r.url())) {
          count(counts, stated, ref, r.status());
        }
      }
    } else {
      for (WireExchange e : wire.exchanges()) {
        for (IdReference ref : rules.references(e.url())) {
          count(counts, stated, ref, e.status());
        }
      }
    }
    PopulationSource source = fromRecords ? PopulationSource.RECORDS : PopulationSource.WIRE;
    List<Population> out = new ArrayList<>();
    for (Map.Entry<PopulationKind, long[]> e : counts.entrySet()) {
      long[] c = e.getValue();
      long[] s = stated.get(e.getKey());
      Long lowestRefused = c[1] == 0 ? null : c[3];
      out.add(s == null
          ? new Population(e.getKey(), PopulationVerdict.NOT_STATED, c[0], c[1], null, 0, c[2], lowestRefused, source,
              0, 0)
          : new Population(e.getKey(), c[4] > 0 ? PopulationVerdict.BEYOND : PopulationVerdict.WITHIN, c[0], c[1],
              s[0], c[4], c[2], lowestRefused, source, s[1], (int) s[2]));
    }
    return out;
  }

  /** Counts {@code ref} into its kind's {requests, refused, highestId, lowestRefusedId, beyond}. */
  private static void count(Map<PopulationKind, long[]> counts, Map<PopulationKind, long[]> stated, IdReference ref,
      int status) {
    long[] c = counts.computeIfAbsent(ref.kind(), k -> new long[] {0, 0, Long.MIN_VALUE, Long.MAX_VALUE, 0});
    c[0]++;
    c[2] = Math.max(c[2], ref.id());
    boolean refused = status >= 400;
    if (refused) {
      c[1]++;
      c[3] = Math.min(c[3], ref.id());
    }
    long[] s = stated.get(ref.kind());
    // an id above the population is beyond it, unless the kind grows by registration and it was served
    if (s != null && ref.id() > s[0] && (refused || !ref.kind().growsByRegistration())) {
      c[4]++;
    }
  }

  /**
   * {population, replies stating it, other values stated} for {@code kind}: the value most replies
   * stated (the first seen on a tie); null when no reply stated one.
   */
  static long[] stated(PopulationKind kind, Map<String, Long> statements) {
    Map<Long, Long> replies = new LinkedHashMap<>();
    for (Map.Entry<String, Long> s : statements.entrySet()) {
      Long value = StatedPopulation.parse(s.getKey()).get(kind.key());
      if (value != null) {
        replies.merge(value, s.getValue(), Long::sum);
      }
    }
    long[] best = null;
    for (Map.Entry<Long, Long> r : replies.entrySet()) {
      if (best == null || r.getValue() > best[1]) {
        best = new long[] {r.getKey(), r.getValue(), 0};
      }
    }
    if (best != null) {
      best[2] = replies.size() - 1;
    }
    return best;
  }
}
