package io.crosscheck.compare;

import io.crosscheck.record.RequestRecord;
import io.crosscheck.wire.WireExchange;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The outcome of matching: every record ends matched or unmatched with a reason, and so does every
 * wire exchange. Immutable.
 */
public record MatchResult(
    List<Match> matched, List<Unmatched<RequestRecord>> unmatchedRecords,
    List<Unmatched<WireExchange>> unmatchedExchanges) {

  /** Something left unmatched, and why. */
  public record Unmatched<T>(T item, String reason) {}

  public MatchResult {
    matched = List.copyOf(matched);
    unmatchedRecords = List.copyOf(unmatchedRecords);
    unmatchedExchanges = List.copyOf(unmatchedExchanges);
  }

  /** A wire-only analysis: no records, every exchange unmatched as {@link Matcher#NOT_IN_RECORDS}. */
  public static MatchResult wireOnly(List<WireExchange> exchanges) {
    return new MatchResult(List.of(), List.of(),
        exchanges.stream().map(e -> new Unmatched<>(e, Matcher.NOT_IN_RECORDS)).toList());
  }

  /** Unmatched records counted by reason, reasons sorted. */
  public Map<String, Long> unmatchedRecordReasons() {
    return count(unmatchedRecords);
  }

  /** Unmatched wire exchanges counted by reason, reasons sorted. */
  public Map<String, Long> unmatchedExchangeReasons() {
    return count(unmatchedExchanges);
  }

  private static <T> Map<String, Long> count(List<Unmatched<T>> list) {
    return list.stream().collect(Collectors.groupingBy(Unmatched::reason, TreeMap::new, Collectors.counting()));
  }
}
