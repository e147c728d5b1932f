package io.crosscheck.record;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The generator's own failures of one run by kind ({@code file-descriptors}, {@code local-ports},
 * {@code threads}, {@code behind-schedule}...): the requests each kind failed, as requests.csv's
 * generator-error rows. Travels among an engine result's gauges ({@code run.json}'s {@code
 * engineResult.extra}) as one gauge per kind, named {@value #GAUGE_PREFIX}{@code KIND}; {@link
 * #gauges()} writes them and {@link #fromGauges} reads them back, the only two places that know the
 * prefix. Immutable.
 *
 * @param byKind failed requests per kind, in the kinds' alphabetical order
 */
public record GeneratorErrorCounts(SortedMap<String, Long> byKind) {
  /** The gauges' name prefix in an engine result's extra gauges. */
  public static final String GAUGE_PREFIX = "generatorErrors.";

  public GeneratorErrorCounts {
    byKind = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(byKind));
  }

  /** The counts as engine gauges: {@code generatorErrors.KIND} → count. */
  public Map<String, Long> gauges() {
    Map<String, Long> out = new TreeMap<>();
    byKind.forEach((kind, count) -> out.put(GAUGE_PREFIX + kind, count));
    return out;
  }

  /** The counts among {@code gauges} (an engine result's extra; other gauges ignored; null: none). */
  public static GeneratorErrorCounts fromGauges(Map<String, Long> gauges) {
    SortedMap<String, Long> byKind = new TreeMap<>();
    if (gauges != null) {
      gauges.forEach((name, count) -> {
        if (name.startsWith(GAUGE_PREFIX) && count != null) {
          byKind.put(name.substring(GAUGE_PREFIX.length()), count);
        }
      });
    }
    return new GeneratorErrorCounts(byKind);
  }

  /** The kinds that failed at least one request, with their counts. */
  public SortedMap<String, Long> positive() {
    SortedMap<String, Long> out = new TreeMap<>();
    byKind.forEach((kind, count) -> {
      if (count > 0) {
        out.put(kind, count);
      }
    });
    return out;
  }
}
