package io.crosscheck.rubis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Html#date} spells four-digit years by hand: the same text as the formatter, at every instant. */
class HtmlDateTest {
  private static final DateTimeFormatter FORMATTER =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

  @Test
  void datesAreSpelledAsTheFormatterSpellsThem() {
    long first = LocalDateTime.of(1000, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC);
    long last = LocalDateTime.of(9999, 12, 31, 23, 59, 59).toEpochSecond(ZoneOffset.UTC);
    for (long s : new long[] {0, -1, 1, 86_399, 86_400, first - 1, first, last, last + 1, 1_110_880_800L,
        951_782_400L /* 2000-02-29 */, 4_107_542_399L, -62_135_596_800L /* year 1 */, -62_135_596_801L,
        LocalDateTime.of(-44, 3, 15, 12, 0).toEpochSecond(ZoneOffset.UTC),
        LocalDateTime.of(12_345, 6, 7, 8, 9, 10).toEpochSecond(ZoneOffset.UTC)}) {
      assertEquals(FORMATTER.format(Instant.ofEpochSecond(s)), Html.date(s), "epoch second " + s);
    }
    SplittableRandom random = new SplittableRandom(3);
    long wide = 400_000_000_000L; // about +-12,700 years
    for (int i = 0; i < 200_000; i++) {
      long s = i % 2 == 0 ? random.nextLong(-wide, wide) : random.nextLong(first - 86_400, last + 86_400);
      assertEquals(FORMATTER.format(Instant.ofEpochSecond(s)), Html.date(s), "epoch second " + s);
    }
  }
}
